import { useEffect, useState, type ReactNode } from 'react';
import button from '../button/button.module.css';
import form from '../form/form.module.css';
import { Modal } from './modal.js';

interface TypedConfirmModalProps {
  open: boolean;
  title: string;
  /** What will happen; shown above the input. */
  children: ReactNode;
  /** The exact text the user must type (RESET, WITHDRAW, or a translated phrase). */
  word: string;
  inputLabel: string;
  placeholder?: string;
  confirmLabel: string;
  cancelLabel: string;
  closeLabel: string;
  pending?: boolean;
  onConfirm(): void;
  onClose(): void;
  testId?: string;
}

/** A confirmation whose button unlocks only when the typed text equals `word` (docs/product.md#layout). */
export function TypedConfirmModal(props: TypedConfirmModalProps) {
  const [typed, setTyped] = useState('');
  useEffect(() => {
    if (!props.open) setTyped('');
  }, [props.open]);
  const matches = typed === props.word;

  return (
    <Modal
      open={props.open}
      title={props.title}
      onClose={props.onClose}
      closeLabel={props.closeLabel}
      testId={props.testId}
      footer={
        <>
          <button type="button" className={`${button.button} ${button.secondary}`} onClick={props.onClose}>
            {props.cancelLabel}
          </button>
          <button
            type="button"
            className={`${button.button} ${button.danger}`}
            disabled={!matches || props.pending}
            onClick={props.onConfirm}
          >
            {props.confirmLabel}
          </button>
        </>
      }
    >
      {props.children}
      <label className={form.field}>
        <span className={form.label}>{props.inputLabel}</span>
        <input
          className={form.input}
          value={typed}
          placeholder={props.placeholder ?? props.word}
          onChange={(event) => setTyped(event.target.value)}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          autoFocus
          onKeyDown={(event) => {
            if (event.key === 'Enter' && matches && !props.pending) props.onConfirm();
          }}
        />
      </label>
    </Modal>
  );
}
