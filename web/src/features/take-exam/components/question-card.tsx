import { revealedSentence } from '#shared/domain/cloze.js';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '#shared/domain/language.js';
import button from '../../../components/ui/button/button.module.css';
import cardStyles from '../../../components/ui/card/card.module.css';
import { useAnswerKeys } from '../hooks/use-answer-keys.js';
import { shownVerdict } from '../utils/answer-verdict.js';
import { chooseOption, displayAnswer, questionParts, shownTexts } from '#shared/domain/input-form.js';
import { titleRepeatsQuestion } from '#shared/domain/question-title.js';
import type { QuestionView } from '../utils/question-view.js';
import { questionRules, selfGradeOffered, submitTakes } from '../utils/runner-machine.js';
import { isBlank } from '../utils/session-record.js';
import { RichText } from '../../../components/rich-text/index.js';
import { AnswerInput } from './answer-input.js';
import { VerdictPanel } from './verdict-panel.js';
import screen from '../../../components/ui/screen/screen.module.css';
import styles from './take-exam.module.css';

interface QuestionCardProps {
  number: number;
  question: QuestionView;
  language: Language;
  answer: string;
  /** The learner's own grade of this question (self-graded or overruled). */
  own: 'correct' | 'wrong' | undefined;
  /** The runner's mark that the answer was submitted or graded here (utils/runner-machine). */
  checked: boolean;
  forceAnswer: boolean;
  isLast: boolean;
  onAnswer(value: string): void;
  /** Submits the answer on screen (or `value`, for true/false). */
  onSubmit(value?: string): void;
  /** O / X: self-grading, or a true/false question's answer. */
  onGrade(pass: boolean): void;
  onOverrule(verdict: 'correct' | 'wrong' | null): void;
  onNext(): void;
  /** On without answering (the question stays unanswered). */
  onSkip(): void;
  onHelp(): void;
}

/** The Markdown texts the card renders (none for a plain question), to render before it is shown. */
export function richTextsOf(question: QuestionView | null | undefined): string[] {
  if (!question || question.format !== 'markdown') return [];
  return shownTexts(question);
}

/**
 * One question: its text, the answer entry, and the verdict the moment it is answered. Rendered
 * with the question id as key, so moving to another question starts it afresh. Keyboard first:
 * the focus starts in the answer entry and the keys of utils/answer-keys work throughout.
 */
export function QuestionCard(props: QuestionCardProps) {
  const { t } = useTranslation();
  const { question, answer } = props;
  const [showAnswer, setShowAnswer] = useState(false);
  const card = useRef<HTMLElement>(null);
  // The card's states and moves are utils/runner-machine's reducer's (D293): the card only shows them.
  const { checked } = props;
  const [openedChecked] = useState(checked);
  const { inputForm, options, content } = questionParts(question.content, question.answer);
  const noAnswerKey = isBlank(question.answer);
  const rules = questionRules(question.content, question.answer, props.forceAnswer);
  // An answer-required exam never counts an empty box.
  const selfGrade = selfGradeOffered(rules, answer);
  // A grade given elsewhere (voice mode's O / X) shows its verdict too.
  const verdict = checked || props.own !== undefined ? shownVerdict(answer, question, props.own) : null;
  const yesNoLabels = { true: t('takeExam.question.true'), false: t('takeExam.question.false') };

  // What the reducer would refuse is not offered (nor a sign-in asked for).
  const submit = (value?: string) => submitTakes(rules, value ?? answer) && props.onSubmit(value);
  const grade = (pass: boolean) => (inputForm === 'yesno' || selfGrade) && props.onGrade(pass);
  const choose = (key: string) => change(chooseOption(answer, key, inputForm, options));
  const change = (value: string) => props.onAnswer(value);

  useAnswerKeys(
    { phase: verdict ? 'verdict' : 'answering', inputForm, options, selfGrade },
    {
      submit: () => submit(),
      next: props.onNext,
      grade: ({ pass }) => grade(pass),
      choose: ({ key }) => choose(key),
      help: props.onHelp,
      leave: () => card.current?.focus(),
    },
  );

  return (
    <article
      ref={card}
      tabIndex={-1}
      className={`${cardStyles.panel} ${styles.card}`}
      data-testid="question-card"
      data-question-id={question.id}
      data-input-form={inputForm}
    >
      <div className={styles.questionMeta}>
        <span className={`${styles.badge} ${styles.badgePrimary}`}>
          {t('takeExam.question.number', { number: props.number })}
        </span>
        {question.csvId && <span>#{question.csvId}</span>}
        <span className={styles.badge}>
          {t(`takeExam.question.difficulty.${question.difficulty}`, { defaultValue: question.difficulty })}
        </span>
      </div>
      <h2
        className={
          titleRepeatsQuestion(question.title, content, question.format) ? 'visually-hidden' : styles.questionTitle
        }
        data-testid="question-title"
      >
        {question.title || t('takeExam.untitled')}
      </h2>
      {content && (
        <RichText
          className={styles.content}
          text={content}
          format={question.format}
          testId="question-content"
          priority
        />
      )}
      {question.url && (
        <a className={styles.questionLink} href={question.url} target="_blank" rel="noopener noreferrer">
          {t('takeExam.question.link')} ↗
        </a>
      )}

      <AnswerInput
        inputForm={inputForm}
        options={options}
        value={answer}
        onChange={change}
        onYesNo={(value) => submit(value)}
        autoFocus={!openedChecked}
        format={question.format}
      />

      {!verdict && (
        <div className={styles.actionRow}>
          <div className={styles.actionGroup} role="group" aria-label={t('takeExam.question.selfGrade')}>
            {inputForm !== 'yesno' && !(selfGrade && (isBlank(answer) || noAnswerKey)) && (
              <button
                type="button"
                className={`${button.button} ${props.forceAnswer ? button.primary : button.secondary}`}
                disabled={isBlank(answer)}
                onClick={() => submit()}
                data-testid="submit-answer"
              >
                {t('takeExam.question.submit')}
              </button>
            )}
            {selfGrade && (
              <>
                <button
                  type="button"
                  className={`${button.button} ${button.secondary} ${styles.passButton}`}
                  onClick={() => grade(true)}
                  data-testid="self-grade-pass"
                >
                  {t('takeExam.question.pass')}
                </button>
                <button
                  type="button"
                  className={`${button.button} ${button.secondary} ${styles.failButton}`}
                  onClick={() => grade(false)}
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
            onClick={props.onSkip}
            data-testid="skip-question"
          >
            {t('takeExam.question.skip')}
          </button>
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
      )}

      {verdict && (
        <VerdictPanel
          verdict={verdict}
          given={displayAnswer(answer, inputForm, yesNoLabels)}
          correctAnswer={displayAnswer(question.answer, inputForm, yesNoLabels)}
          explanation={question.explanation}
          sentence={revealedSentence(question)}
          format={question.format}
          nextLabel={props.isLast ? t('takeExam.nav.finish') : t('takeExam.nav.next')}
          onOverrule={props.onOverrule}
          onNext={props.onNext}
        />
      )}

      {!verdict &&
        showAnswer &&
        (noAnswerKey && isBlank(question.explanation) ? (
          <p className={`${screen.notice} ${screen.warningNotice}`} role="alert" data-testid="no-hint">
            {props.language === 'en' ? t('takeExam.question.notTranslated') : t('takeExam.question.noHint')}
          </p>
        ) : (
          <div className={styles.reveal} data-testid="answer-reveal">
            {!noAnswerKey && (
              <div>
                <span className={styles.revealLabel}>{t('takeExam.question.correctAnswer')}</span>
                <RichText
                  className={styles.revealText}
                  text={question.answer}
                  format={question.format}
                  testId="correct-answer"
                />
              </div>
            )}
            {!isBlank(question.explanation) && (
              <div>
                <span className={styles.revealLabel}>{t('takeExam.question.explanation')}</span>
                <RichText className={styles.revealText} text={question.explanation} format={question.format} />
              </div>
            )}
          </div>
        ))}
    </article>
  );
}
