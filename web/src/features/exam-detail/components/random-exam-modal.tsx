import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RANDOM_OPTIONS, type RandomOption } from '#shared/contracts/exam-creation.js';
import button from '../../../components/ui/button/button.module.css';
import form from '../../../components/ui/form/form.module.css';
import { Modal } from '../../../components/ui/modal/modal.js';
import { TextField } from '../../../components/ui/form/text-field.js';

/** docs/product.md#exam-detail, #limits: a random exam holds 1 to 10 questions. */
export const RANDOM_EXAM_MAX = 10;

export interface RandomExamChoice {
  title: string;
  count: number;
  randomOption: RandomOption;
}

interface Props {
  open: boolean;
  onClose(): void;
  /** Questions shown by the filters. */
  filteredCount: number;
  selectedCount: number;
  defaultTitle: string;
  pending: boolean;
  onCreate(choice: RandomExamChoice): void;
}

/**
 * The random exam of docs/product.md#exam-detail: count 1 to min(shown, 10), default the number selected or 10;
 * with a manual selection the count and option are fixed (the selection is the exam).
 */
export function RandomExamModal({
  open,
  onClose,
  filteredCount,
  selectedCount,
  defaultTitle,
  pending,
  onCreate,
}: Props) {
  const { t } = useTranslation();
  const id = useId();
  const manual = selectedCount > 0;
  const max = Math.max(1, Math.min(filteredCount, RANDOM_EXAM_MAX));
  const [title, setTitle] = useState('');
  const [count, setCount] = useState(String(Math.min(max, RANDOM_EXAM_MAX)));
  const [randomOption, setRandomOption] = useState<RandomOption>('random');
  const effectiveCount = manual ? selectedCount : Math.min(max, Math.max(1, Number(count) || 1));

  return (
    <Modal
      open={open}
      title={t('examDetail.random.title')}
      onClose={onClose}
      closeLabel={t('examDetail.common.close')}
      testId="random-exam-modal"
      footer={
        <>
          <button type="button" className={`${button.button} ${button.secondary}`} onClick={onClose}>
            {t('examDetail.common.cancel')}
          </button>
          <button
            type="button"
            className={`${button.button} ${button.primary}`}
            disabled={pending}
            onClick={() => onCreate({ title: title.trim(), count: effectiveCount, randomOption })}
            data-testid="random-exam-create"
          >
            {t('examDetail.random.create')}
          </button>
        </>
      }
    >
      <div className={form.form}>
        <TextField
          label={t('examDetail.random.examTitle')}
          optionalLabel={t('examDetail.common.optional')}
          value={title}
          placeholder={defaultTitle}
          onChange={setTitle}
          maxLength={200}
        />
        <TextField
          label={t('examDetail.random.count', { max })}
          type="number"
          min={1}
          max={max}
          value={manual ? String(selectedCount) : count}
          disabled={manual}
          onChange={setCount}
          hint={manual ? t('examDetail.random.manualHint', { count: selectedCount }) : undefined}
        />
        <div className={form.field}>
          <label className={form.label} htmlFor={`${id}-option`}>
            {t('examDetail.random.option')}
          </label>
          <select
            id={`${id}-option`}
            className={form.select}
            value={randomOption}
            disabled={manual}
            onChange={(event) => setRandomOption(event.target.value as RandomOption)}
          >
            {RANDOM_OPTIONS.map((option) => (
              <option key={option} value={option}>
                {t(`examDetail.random.options.${option}`)}
              </option>
            ))}
          </select>
        </div>
      </div>
    </Modal>
  );
}
