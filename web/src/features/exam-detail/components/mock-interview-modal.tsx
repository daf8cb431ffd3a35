import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import button from '../../../components/ui/button/button.module.css';
import form from '../../../components/ui/form/form.module.css';
import { Modal } from '../../../components/ui/modal/modal.js';
import { useToast } from '../../../components/ui/toast/toast-context.js';
import styles from './exam-detail.module.css';

interface Props {
  open: boolean;
  onClose(): void;
  prompt: string;
  questionCount: number;
}

/** The AI mock interview helper (docs/product.md#limits): the prompt to paste into an assistant, with a copy button. */
export function MockInterviewModal({ open, onClose, prompt, questionCount }: Props) {
  const { t } = useTranslation();
  const toast = useToast();
  const id = useId();

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(prompt);
      toast.success(t('examDetail.interview.copied'));
    } catch {
      toast.error(t('examDetail.interview.copyFailed'));
    }
  };

  return (
    <Modal
      open={open}
      title={t('examDetail.interview.title')}
      onClose={onClose}
      closeLabel={t('examDetail.common.close')}
      testId="mock-interview-modal"
      footer={
        <>
          <button type="button" className={`${button.button} ${button.secondary}`} onClick={onClose}>
            {t('examDetail.common.close')}
          </button>
          <button
            type="button"
            className={`${button.button} ${button.primary}`}
            onClick={() => void copy()}
            data-testid="mock-interview-copy"
          >
            {t('examDetail.interview.copy')}
          </button>
        </>
      }
    >
      <p className={styles.modalLead}>{t('examDetail.interview.lead', { count: questionCount })}</p>
      <label className="visually-hidden" htmlFor={`${id}-prompt`}>
        {t('examDetail.interview.promptLabel')}
      </label>
      <textarea
        id={`${id}-prompt`}
        className={`${form.input} ${styles.prompt}`}
        value={prompt}
        readOnly
        data-testid="mock-interview-prompt"
      />
    </Modal>
  );
}
