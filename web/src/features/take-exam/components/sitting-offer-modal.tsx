import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import button from '../../../components/ui/button/button.module.css';
import { Modal } from '../../../components/ui/modal/modal.js';

interface SittingOfferModalProps {
  /** Questions answered in the unfinished sitting; null: no offer open. */
  answered: number | null;
  pending: boolean;
  onContinue(): void;
  onStartOver(): void;
  onClose(): void;
}

/**
 * An unfinished sitting of the exam being started (D296): continue it, or start over — the old
 * sitting is closed and its answers still count.
 */
export function SittingOfferModal({ answered, pending, onContinue, onStartOver, onClose }: SittingOfferModalProps) {
  const { t } = useTranslation();
  const proceed = useRef<HTMLButtonElement>(null);
  const open = answered !== null;
  // The dialog (opened by Modal's own effect, which runs first) focuses its close button; Enter
  // should continue, the common choice and the harmless one.
  useEffect(() => {
    if (open) proceed.current?.focus();
  }, [open]);
  return (
    <Modal
      open={open}
      title={t('takeExam.offer.title')}
      onClose={onClose}
      closeLabel={t('app.close')}
      testId="sitting-offer"
      footer={
        <>
          <button
            type="button"
            className={`${button.button} ${button.secondary}`}
            disabled={pending}
            onClick={onStartOver}
            data-testid="sitting-offer-start-over"
          >
            {t('takeExam.offer.startOver')}
          </button>
          <button
            type="button"
            className={`${button.button} ${button.primary}`}
            disabled={pending}
            onClick={onContinue}
            data-testid="sitting-offer-continue"
            ref={proceed}
          >
            {t('takeExam.offer.continue', { count: answered ?? 0 })}
          </button>
        </>
      }
    >
      <p>{t('takeExam.offer.body', { count: answered ?? 0 })}</p>
    </Modal>
  );
}
