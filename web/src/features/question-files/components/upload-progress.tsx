import { useTranslation } from 'react-i18next';
import type { UploadPhase } from '../hooks/use-file-upload.js';
import styles from './question-files.module.css';

/** The upload's phase in words and as a progress bar (indeterminate while checking and importing). */
export function UploadProgress({ phase }: { phase: Exclude<UploadPhase, { kind: 'idle' }> }) {
  const { t } = useTranslation();
  const determinate = phase.kind === 'uploading';
  // The bar measures the upload. Once the bytes are in, it reads 100 while the import runs:
  // React batches the last progress event with the switch to "importing", so 100 would
  // otherwise never reach the screen or a screen reader.
  const uploadedPercent = phase.kind === 'uploading' ? phase.percent : phase.kind === 'importing' ? 100 : undefined;
  const text =
    phase.kind === 'checking'
      ? t('questionFiles.upload.checking')
      : phase.kind === 'uploading'
        ? t('questionFiles.upload.uploading', { percent: phase.percent })
        : t('questionFiles.upload.importing');
  return (
    <div className={styles.progressBox} data-testid="upload-progress" data-phase={phase.kind}>
      <div className={styles.progressText} aria-live="polite">
        <span>{text}</span>
      </div>
      <div
        className={styles.progressTrack}
        role="progressbar"
        aria-label={t('questionFiles.upload.progressLabel')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={uploadedPercent}
        aria-valuetext={text}
        data-testid="upload-progress-bar"
      >
        <div
          className={`${styles.progressFill} ${determinate ? '' : styles.progressIndeterminate}`}
          style={determinate ? { width: `${phase.percent}%` } : undefined}
        />
      </div>
    </div>
  );
}
