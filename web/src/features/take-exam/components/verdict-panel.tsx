import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import button from '../../../components/ui/button/button.module.css';
import type { TextFormat } from '#shared/domain/rich-text.js';
import { RichText } from '../../../components/rich-text/index.js';
import { useFocusWhenDrawn } from '../../../lib/use-focus-when-drawn.js';
import { answerDiff, type ShownVerdict } from '../utils/answer-verdict.js';
import { isBlank } from '../utils/session-record.js';
import styles from './verdict.module.css';

interface VerdictPanelProps {
  verdict: ShownVerdict;
  given: string;
  /** The correct answer as written (all its alternatives). */
  correctAnswer: string;
  explanation: string;
  /** A cloze card's whole sentence, its gap marked (revealedSentence); null for other questions. */
  sentence?: string | null;
  /** The question's text format: the answer and explanation render as it does. */
  format?: TextFormat;
  /** "Next" or "Finish". */
  nextLabel: string;
  /** The learner's own grade, or null to take the rule's verdict again. */
  onOverrule(verdict: 'correct' | 'wrong' | null): void;
  onNext(): void;
}

/**
 * Right / almost / wrong the moment an answer is given, with the correct answer and the
 * explanation; a near miss shows its difference the way Anki shows a typed answer. One click
 * overrules the verdict ("I was right" / "I was wrong"), and Next takes the focus, so Enter or →
 * goes on.
 */
export function VerdictPanel({
  verdict,
  given,
  correctAnswer,
  explanation,
  sentence,
  format,
  nextLabel,
  onOverrule,
  onNext,
}: VerdictPanelProps) {
  const { t } = useTranslation();
  const next = useRef<HTMLButtonElement>(null);
  useFocusWhenDrawn(next);
  const { graded, final, overruled } = verdict;
  const tone = final === 'correct' ? styles.correct : graded === 'almost' && !overruled ? styles.almost : styles.wrong;
  const label = overruled
    ? t(final === 'correct' ? 'takeExam.verdict.overruledRight' : 'takeExam.verdict.overruledWrong')
    : t(`takeExam.verdict.${graded}`);
  const folded = graded === 'correct' ? 'correct' : 'wrong';
  const flip = final === 'correct' ? 'wrong' : 'correct';

  return (
    <section
      className={`${styles.panel} ${tone}`}
      aria-label={t('takeExam.verdict.label')}
      data-testid="answer-feedback"
      data-verdict={final}
      data-graded={graded}
    >
      <p className={styles.headline} role="status">
        <span aria-hidden="true">{final === 'correct' ? '✓' : graded === 'almost' && !overruled ? '≈' : '✗'}</span>{' '}
        {label}
      </p>
      <dl className={styles.facts}>
        {!isBlank(given) && (
          <>
            <dt>{t('takeExam.verdict.yourAnswer')}</dt>
            <dd data-testid="verdict-given">
              {graded === 'almost' ? (
                <span className={styles.diff} data-testid="answer-diff">
                  {answerDiff(given, verdict.expected).map((part, at) =>
                    part.kind === 'same' ? (
                      <span key={at}>{part.text}</span>
                    ) : part.kind === 'extra' ? (
                      <del key={at} className={styles.extra} title={t('takeExam.verdict.extra')}>
                        {part.text}
                      </del>
                    ) : (
                      <ins key={at} className={styles.missing} title={t('takeExam.verdict.missing')}>
                        {part.text}
                      </ins>
                    ),
                  )}
                </span>
              ) : (
                given
              )}
            </dd>
          </>
        )}
        {!isBlank(correctAnswer) && (
          <>
            <dt>{t('takeExam.question.correctAnswer')}</dt>
            <dd>
              <RichText text={correctAnswer} format={format} testId="correct-answer" />
            </dd>
          </>
        )}
        {sentence && (
          <>
            <dt>{t('takeExam.question.clozeSentence')}</dt>
            <dd>
              <RichText text={sentence} format={format} testId="cloze-sentence" />
            </dd>
          </>
        )}
        {!isBlank(explanation) && (
          <>
            <dt>{t('takeExam.question.explanation')}</dt>
            <dd>
              <RichText text={explanation} format={format} />
            </dd>
          </>
        )}
      </dl>
      <div className={styles.actions}>
        <button
          type="button"
          className={`${button.button} ${button.secondary}`}
          onClick={() => onOverrule(flip === folded ? null : flip)}
          data-testid="overrule"
          data-overrule-to={flip}
        >
          {t(flip === 'correct' ? 'takeExam.verdict.iWasRight' : 'takeExam.verdict.iWasWrong')}
        </button>
        <button
          ref={next}
          type="button"
          className={`${button.button} ${button.primary}`}
          onClick={onNext}
          data-testid="verdict-next"
        >
          {nextLabel} ›
        </button>
      </div>
    </section>
  );
}
