import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import button from '../button/button.module.css';
import styles from './form.module.css';

interface FileInputProps {
  id: string;
  accept: string;
  /** The chosen file, held by the caller; setting it to null clears the picker. */
  file: File | null;
  onFileChange(file: File | null): void;
  disabled?: boolean;
  /** Ids of hints or errors that describe the input, besides the chosen file's name. */
  describedBy?: string;
  invalid?: boolean;
  testId?: string;
}

/**
 * A file picker in the page's language. The native control draws its button and "No file chosen" in the
 * browser's language (English on a Korean page), so the input is visually hidden — still focusable,
 * labelled by the caller's <label htmlFor={id}> and reachable by keyboard — and a drawn button and the
 * chosen name stand in for it. The drawn button is aria-hidden: screen readers meet the real input only.
 */
export function FileInput({ id, accept, file, onFileChange, disabled, describedBy, invalid, testId }: FileInputProps) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const nameId = `${id}-chosen`;

  // The native input keeps its selection until its value is cleared; choosing the same file again
  // after a reset would otherwise fire no change event.
  useEffect(() => {
    if (!file && input.current) input.current.value = '';
  }, [file]);

  return (
    <span className={styles.filePicker}>
      <input
        ref={input}
        id={id}
        type="file"
        accept={accept}
        className={`visually-hidden ${styles.fileInput}`}
        disabled={disabled}
        aria-describedby={[nameId, describedBy].filter(Boolean).join(' ')}
        aria-invalid={invalid ? true : undefined}
        onChange={(event) => onFileChange(event.target.files?.[0] ?? null)}
        data-testid={testId}
      />
      <span
        aria-hidden="true"
        className={`${button.button} ${button.secondary} ${button.small} ${styles.fileButton}`}
        data-disabled={disabled ? true : undefined}
        onClick={() => {
          if (!disabled) input.current?.click();
        }}
      >
        {t('app.fileInput.choose')}
      </span>
      <span id={nameId} className={styles.fileName}>
        {file?.name ?? t('app.fileInput.none')}
      </span>
    </span>
  );
}
