import { useTranslation } from 'react-i18next';
import type { ExamQuestion } from '#shared/contracts/exam-schemas.js';
import { questionParts } from '#shared/domain/input-form.js';
import { titleRepeatsQuestion } from '#shared/domain/question-title.js';
import { RichText } from '../../../components/rich-text/index.js';
import { AnswerInput } from '../../take-exam/index.js';
import styles from './review.module.css';

interface ReviewQuestionProps {
  question: ExamQuestion;
  answer: string;
  revealed: boolean;
  onAnswer(value: string): void;
  onYesNo(value: 'Y' | 'N'): void;
}

/**
 * The question side of a card: title, text, and the answer entry as take-exam shows it (choices as
 * choices, Y/N as true / false, else a text box); a Markdown question rendered as everywhere else.
 */
export function ReviewQuestion({ question, answer, revealed, onAnswer, onYesNo }: ReviewQuestionProps) {
  const { t } = useTranslation();
  const { inputForm, options, content } = questionParts(question.content ?? '', question.answer ?? '');
  return (
    <div className={styles.question} data-testid="review-question" data-input-form={inputForm}>
      {question.title && (
        <h2
          className={
            titleRepeatsQuestion(question.title, content, question.format) ? 'visually-hidden' : styles.questionTitle
          }
        >
          {question.title}
        </h2>
      )}
      {content && (
        <RichText className={styles.content} text={content} format={question.format} testId="review-content" />
      )}
      <div aria-label={t('review.card.yourAnswer')} role="group">
        <AnswerInput
          inputForm={inputForm}
          options={options}
          value={answer}
          onChange={onAnswer}
          onYesNo={onYesNo}
          autoFocus={!revealed}
          format={question.format}
        />
      </div>
    </div>
  );
}
