import { revealedSentence } from '#shared/domain/cloze.js';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import button from '../../../components/ui/button/button.module.css';
import { formatElapsed } from '../../../lib/format-time.js';
import { chooseOption, displayAnswer, questionParts } from '#shared/domain/input-form.js';
import { titleRepeatsQuestion } from '#shared/domain/question-title.js';
import { AnswerInput, shownVerdict, useAnswerKeys, VerdictPanel } from '../../take-exam/index.js';
import { RichText } from '../../../components/rich-text/index.js';
import type { PracticeAnswer, PracticeRun } from '../utils/practice-run.js';
import styles from './random-practice.module.css';

interface PracticeQuestionProps {
  run: PracticeRun;
  onAnswer(questionId: string, answer: PracticeAnswer): void;
  onNext(): void;
  onEnd(): void;
}

/**
 * One practice question, answered like a take-exam question: choices as choices, Y/N as true /
 * false, a typed answer with Enter; then the verdict, the right answer and the explanation, with
 * the one-click overrule, and Enter or → goes on.
 */
export function PracticeQuestionView({ run, onAnswer, onNext, onEnd }: PracticeQuestionProps) {
  const { t } = useTranslation();
  const question = run.questions[run.index]!;
  const [answer, setAnswer] = useState('');
  const [own, setOwn] = useState<'correct' | 'wrong' | undefined>(undefined);
  const [checked, setChecked] = useState(false);
  const [elapsed, setElapsed] = useState(0);
  const { inputForm, options, content } = questionParts(question.content, question.answer);
  const verdict = checked ? shownVerdict(answer, question, own) : null;
  const isLast = run.index >= run.questions.length - 1;
  const yesNoLabels = { true: t('takeExam.question.true'), false: t('takeExam.question.false') };

  useEffect(() => {
    const timer = setInterval(() => setElapsed(Math.round((Date.now() - run.startedAt) / 1000)), 1000);
    return () => clearInterval(timer);
  }, [run.startedAt]);

  const submit = (value = answer) => {
    // docs/product.md#random-practice: blank answers are ignored.
    const graded = shownVerdict(value, question, undefined);
    if (!value.trim() || !graded) return;
    setAnswer(value);
    setOwn(undefined);
    setChecked(true);
    onAnswer(question.id, { answer: value, final: graded.final });
  };
  const change = (value: string) => {
    setChecked(false);
    setAnswer(value);
  };
  const overrule = (next: 'correct' | 'wrong' | null) => {
    setOwn(next ?? undefined);
    const graded = shownVerdict(answer, question, next ?? undefined);
    if (graded) onAnswer(question.id, { answer, final: graded.final });
  };

  useAnswerKeys(
    { phase: verdict ? 'verdict' : 'answering', inputForm, options, selfGrade: false },
    {
      submit: () => submit(),
      next: onNext,
      grade: ({ pass }) => inputForm === 'yesno' && submit(pass ? 'Y' : 'N'),
      choose: ({ key }) => change(chooseOption(answer, key, inputForm, options)),
      help: () => undefined,
      leave: () => (document.activeElement as HTMLElement | null)?.blur(),
    },
  );

  return (
    <section className={styles.panel} data-testid="practice-question" data-input-form={inputForm}>
      <div className={styles.spread}>
        <strong data-testid="practice-counter">
          {t('randomPractice.question.counter', { n: run.index + 1, total: run.questions.length })}
        </strong>
        <span>{t('randomPractice.question.elapsed', { time: formatElapsed(elapsed) })}</span>
      </div>
      <span className={styles.muted}>{question.exam_title}</span>
      {question.title && (
        <h2
          className={
            titleRepeatsQuestion(question.title, content, question.format) ? 'visually-hidden' : styles.cardTitle
          }
        >
          {question.title}
        </h2>
      )}
      {content && (
        <RichText className={styles.content} text={content} format={question.format} testId="practice-content" />
      )}
      <AnswerInput
        inputForm={inputForm}
        options={options}
        value={answer}
        onChange={change}
        onYesNo={(value) => submit(value)}
        autoFocus={!checked}
        format={question.format}
      />
      {verdict ? (
        <VerdictPanel
          verdict={verdict}
          given={displayAnswer(answer, inputForm, yesNoLabels)}
          correctAnswer={displayAnswer(question.answer, inputForm, yesNoLabels)}
          explanation={question.explanation}
          sentence={revealedSentence(question)}
          format={question.format}
          nextLabel={isLast ? t('randomPractice.question.finish') : t('randomPractice.question.next')}
          onOverrule={overrule}
          onNext={onNext}
        />
      ) : (
        <div className={styles.row}>
          {inputForm !== 'yesno' && (
            <button
              type="button"
              className={`${button.button} ${button.primary}`}
              disabled={!answer.trim()}
              onClick={() => submit()}
              data-testid="practice-submit"
            >
              {t('randomPractice.question.submit')}
            </button>
          )}
          <button
            type="button"
            className={`${button.button} ${button.secondary}`}
            onClick={onNext}
            data-testid="practice-skip"
          >
            {t('randomPractice.question.skip')}
          </button>
          <button
            type="button"
            className={`${button.button} ${button.dangerOutline}`}
            onClick={onEnd}
            data-testid="practice-end"
          >
            {t('randomPractice.question.end')}
          </button>
        </div>
      )}
    </section>
  );
}
