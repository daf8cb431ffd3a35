import { plainText } from '#shared/domain/rich-text.js';
import { goalLines } from '../utils/goal-text.js';
import styles from './studies.module.css';

/** A piece without its Markdown markers, keeping the spaces that separate it from a link beside it. */
function plainPiece(text: string): string {
  const [, before = '', core = '', after = ''] = /^(\s*)([\s\S]*?)(\s*)$/.exec(text) ?? [];
  return `${before}${plainText(core, 'markdown')}${after}`;
}

/**
 * The goal with its line breaks, URLs as links (docs/product.md#study-detail); rendered as React nodes, never as
 * HTML. A goal is plain text: Markdown markers someone typed (`**CLF-C02**`) are dropped, not shown.
 */
export function GoalText({ goal }: { goal: string }) {
  return (
    <div className={styles.goal} data-testid="study-goal">
      {goalLines(goal).map((line, lineIndex) => (
        <p key={lineIndex}>
          {line.map((piece, index) =>
            piece.kind === 'url' ? (
              <a key={index} href={piece.href} target="_blank" rel="noopener noreferrer">
                {piece.href}
              </a>
            ) : (
              <span key={index}>{plainPiece(piece.text)}</span>
            ),
          )}
        </p>
      ))}
    </div>
  );
}
