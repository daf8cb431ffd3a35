import type { ReactNode } from 'react';
import button from '../button/button.module.css';
import { Modal } from './modal.js';

interface ConfirmModalProps {
  open: boolean;
  title: string;
  /** What will happen, in a sentence or two. */
  children: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  closeLabel: string;
  /** `danger` for deletes and overwrites. */
  tone?: 'primary' | 'danger';
  pending?: boolean;
  onConfirm(): void;
  onClose(): void;
  testId?: string;
}

/** A yes/no question before an action (delete, overwrite, toggle): cancel and one confirm button. */
export function ConfirmModal({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel,
  closeLabel,
  tone = 'primary',
  pending,
  onConfirm,
  onClose,
  testId,
}: ConfirmModalProps) {
  return (
    <Modal
      open={open}
      title={title}
      onClose={onClose}
      closeLabel={closeLabel}
      testId={testId}
      footer={
        <>
          {/* A destructive question starts on Cancel, so Enter never deletes by accident. */}
          <button
            type="button"
            className={`${button.button} ${button.secondary}`}
            onClick={onClose}
            autoFocus={tone === 'danger'}
          >
            {cancelLabel}
          </button>
          <button
            type="button"
            className={`${button.button} ${tone === 'danger' ? button.danger : button.primary}`}
            disabled={pending}
            onClick={onConfirm}
            data-testid={testId ? `${testId}-confirm` : undefined}
            autoFocus={tone !== 'danger'}
          >
            {confirmLabel}
          </button>
        </>
      }
    >
      {children}
    </Modal>
  );
}
