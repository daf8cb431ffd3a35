import { useTranslation } from 'react-i18next';
import type { ExamQuestion } from '#shared/contracts/exam-schemas.js';
import { questionParts } from '#shared/domain/input-form.js';
import { AnswerInput } from '../../take-exam/index.js';
import styles from './review.module.css';

interface ReviewQuestionProps {
  question: ExamQuestion;
  answer: string;
  revealed: boolean;
  onAnswer(value: string): void;
  onYesNo(value: 'Y' | 'N'): void;
}

/** What a question's text means for answering it: its input form, its choices, its text without them. */
export function questionShape(question: ExamQuestion) {
  const { inputForm, options, content } = questionParts(question.content ?? '', question.answer ?? '');
  return { inputForm, options, text: content };
}

/**
 * The question side of a card: title, text, and the answer entry as take-exam shows it (choices as
 * choices, Y/N as true / false, else a text box). The one place the Review screen renders a
 * question, so richer rendering (issue 25) swaps in here.
 */
export function ReviewQuestion({ question, answer, revealed, onAnswer, onYesNo }: ReviewQuestionProps) {
  const { t } = useTranslation();
  const { inputForm, options, text } = questionShape(question);
  return (
    <div className={styles.question} data-testid="review-question" data-input-form={inputForm}>
      {question.title && <h2 className={styles.questionTitle}>{question.title}</h2>}
      {text && <p className={styles.content}>{text}</p>}
      <div aria-label={t('review.card.yourAnswer')} role="group">
        <AnswerInput
          inputForm={inputForm}
          options={options}
          value={answer}
          onChange={onAnswer}
          onYesNo={onYesNo}
          autoFocus={!revealed}
        />
      </div>
    </div>
  );
}
