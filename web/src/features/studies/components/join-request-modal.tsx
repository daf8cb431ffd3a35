import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { JOIN_MESSAGE_MAX } from '#shared/contracts/study-members.js';
import button from '../../../components/ui/button/button.module.css';
import form from '../../../components/ui/form/form.module.css';
import { Modal } from '../../../components/ui/modal/modal.js';
import type { JoinTarget } from '../hooks/use-join-actions.js';

interface Props {
  study: JoinTarget | null;
  pending: boolean;
  onSend(message: string): void;
  onClose(): void;
}

/** docs/product.md#study-list: the request to join a study, with an optional message to its managers. */
export function JoinRequestModal({ study, pending, onSend, onClose }: Props) {
  const { t } = useTranslation();
  const messageId = useId();
  const [message, setMessage] = useState('');

  useEffect(() => setMessage(''), [study?.id]);

  return (
    <Modal
      open={study !== null}
      title={t('studies.join.modalTitle')}
      onClose={onClose}
      closeLabel={t('app.close')}
      testId="join-request-modal"
      footer={
        <>
          <button type="button" className={`${button.button} ${button.secondary}`} onClick={onClose}>
            {t('studies.actions.cancel')}
          </button>
          <button
            type="button"
            className={`${button.button} ${button.primary}`}
            disabled={pending}
            onClick={() => onSend(message.trim())}
            data-testid="join-request-send"
          >
            {t('studies.join.send')}
          </button>
        </>
      }
    >
      <p>{t('studies.join.intro', { title: study?.title ?? '' })}</p>
      <div className={form.field}>
        <label className={form.label} htmlFor={messageId}>
          {t('studies.join.message')}
        </label>
        <textarea
          id={messageId}
          className={`${form.input} ${form.textarea}`}
          value={message}
          maxLength={JOIN_MESSAGE_MAX}
          placeholder={t('studies.join.messagePlaceholder')}
          onChange={(event) => setMessage(event.target.value)}
        />
      </div>
    </Modal>
  );
}
