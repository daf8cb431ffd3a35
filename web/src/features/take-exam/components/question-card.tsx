import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '#shared/domain/language.js';
import button from '../../../components/ui/button/button.module.css';
import card from '../../../components/ui/card/card.module.css';
import { answerVerdict } from '../utils/answer-verdict.js';
import { choiceOptions, contentWithoutOptions, detectInputForm } from '../utils/input-form.js';
import type { QuestionView } from '../utils/question-view.js';
import { isBlank, type SolvedValue } from '../utils/session-record.js';
import { AnswerInput } from './answer-input.js';
import styles from './take-exam.module.css';

interface QuestionCardProps {
  number: number;
  question: QuestionView;
  language: Language;
  answer: string;
  solved: SolvedValue | undefined;
  forceAnswer: boolean;
  onAnswer(value: string): void;
  onSolved(value: SolvedValue): void;
  /** Submits a typed or chosen answer; returns false when it did not go through. */
  onSubmit(): boolean;
  onPass(): boolean;
  onFail(): boolean;
  onNext(): void;
}

/**
 * One question: title, content, the answer entry, self-grading and the hint. Rendered with the
 * question id as key, so moving to another question resets the shown flags (docs/product.md#take-exam).
 */
export function QuestionCard(props: QuestionCardProps) {
  const { t } = useTranslation();
  const { question } = props;
  const [showAnswer, setShowAnswer] = useState(false);
  const [checked, setChecked] = useState(false);
  const inputForm = detectInputForm(question.content, question.answer);
  const options = inputForm === 'radio' || inputForm === 'checkbox' ? choiceOptions(question.content) : [];
  const content = options.length > 0 ? contentWithoutOptions(question.content) : question.content;
  const noHint = isBlank(question.answer) && isBlank(question.explanation);
  // One grading control per form: Solved/Unsolved for yes/no questions (in AnswerInput), Submit
  // for choices and typed answers (the verdict grades them), and "I got it / I missed it" for a
  // typed question answered in the head (nothing typed, or nothing to compare with).
  const typed = inputForm !== 'solved';
  const selfGraded =
    inputForm === 'textarea' && (isBlank(props.answer) || isBlank(question.answer) || props.solved !== undefined);
  const verdict = checked ? answerVerdict(props.answer, question) : null;

  const submit = () => {
    if (!props.onSubmit()) return;
    setChecked(true);
    // A wrong answer shows the correct one and the explanation at once.
    if (answerVerdict(props.answer, question) === 'wrong') setShowAnswer(true);
  };

  return (
    <article className={`${card.panel} ${styles.card}`} data-testid="question-card" data-question-id={question.id}>
      <div className={styles.questionMeta}>
        <span className={`${styles.badge} ${styles.badgePrimary}`}>
          {t('takeExam.question.number', { number: props.number })}
        </span>
        {question.csvId && <span>#{question.csvId}</span>}
        <span className={styles.badge}>
          {t(`takeExam.question.difficulty.${question.difficulty}`, { defaultValue: question.difficulty })}
        </span>
      </div>
      <h2 className={styles.questionTitle} data-testid="question-title">
        {question.title || t('takeExam.untitled')}
      </h2>
      {content && (
        <p className={styles.content} data-testid="question-content">
          {content}
        </p>
      )}
      {question.url && (
        <a className={styles.questionLink} href={question.url} target="_blank" rel="noopener noreferrer">
          {t('takeExam.question.link')} ↗
        </a>
      )}

      <AnswerInput
        inputForm={inputForm}
        options={options}
        value={props.answer}
        solved={props.solved}
        onChange={(value) => {
          setChecked(false); // a changed answer has no verdict until it is submitted again
          props.onAnswer(value);
        }}
        onSolved={props.onSolved}
        onNext={props.onNext}
      />

      <div className={styles.actionRow}>
        <div className={styles.actionGroup} role="group" aria-label={t('takeExam.question.selfGrade')}>
          {typed && !selfGraded && (
            <button
              type="button"
              className={`${button.button} ${props.forceAnswer ? button.primary : button.secondary}`}
              disabled={isBlank(props.answer)}
              onClick={submit}
              data-testid="submit-answer"
            >
              {t('takeExam.question.submit')}
            </button>
          )}
          {selfGraded && (
            <>
              <button
                type="button"
                className={`${button.button} ${button.secondary} ${styles.passButton} ${props.solved === 'Y' ? styles.selected : ''}`}
                onClick={() => props.onPass() && setShowAnswer(true)}
                data-testid="self-grade-pass"
              >
                {t('takeExam.question.pass')}
              </button>
              <button
                type="button"
                className={`${button.button} ${button.secondary} ${styles.failButton} ${props.solved === 'N' ? styles.selected : ''}`}
                onClick={() => props.onFail() && setShowAnswer(true)}
                data-testid="self-grade-fail"
              >
                {t('takeExam.question.fail')}
              </button>
            </>
          )}
        </div>
        <button
          type="button"
          className={`${button.button} ${button.ghost}`}
          aria-expanded={showAnswer}
          onClick={() => setShowAnswer((value) => !value)}
          data-testid="show-answer"
        >
          {showAnswer ? t('takeExam.question.hideAnswer') : t('takeExam.question.showAnswer')}
        </button>
      </div>

      {verdict && (
        <p
          className={`${styles.feedback} ${verdict === 'correct' ? styles.feedbackCorrect : styles.feedbackWrong}`}
          role="status"
          data-testid="answer-feedback"
          data-verdict={verdict}
        >
          {verdict === 'correct' ? t('takeExam.question.correct') : t('takeExam.question.incorrectSeeAnswer')}
        </p>
      )}
      {!verdict && typed && props.solved && (
        <p
          className={`${styles.feedback} ${props.solved === 'Y' ? styles.feedbackCorrect : styles.feedbackWrong}`}
          role="status"
          data-testid="self-grade-status"
        >
          {props.solved === 'Y' ? t('takeExam.question.passed') : t('takeExam.question.failed')}
        </p>
      )}

      {showAnswer &&
        (noHint ? (
          <p className={`${styles.notice} ${styles.warningNotice}`} role="alert" data-testid="no-hint">
            {props.language === 'en' ? t('takeExam.question.notTranslated') : t('takeExam.question.noHint')}
          </p>
        ) : (
          <div className={styles.reveal} data-testid="answer-reveal">
            {!isBlank(question.answer) && (
              <div>
                <span className={styles.revealLabel}>{t('takeExam.question.correctAnswer')}</span>
                <p className={styles.revealText} data-testid="correct-answer">
                  {question.answer}
                </p>
              </div>
            )}
            {!isBlank(question.explanation) && (
              <div>
                <span className={styles.revealLabel}>{t('takeExam.question.explanation')}</span>
                <p className={styles.revealText}>{question.explanation}</p>
              </div>
            )}
          </div>
        ))}
    </article>
  );
}
