import { goalLines } from '../utils/goal-text.js';
import styles from './studies.module.css';

/** The goal with its line breaks, URLs as links (docs/product.md#study-detail); rendered as React nodes, never as HTML. */
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
              <span key={index}>{piece.text}</span>
            ),
          )}
        </p>
      ))}
    </div>
  );
}
