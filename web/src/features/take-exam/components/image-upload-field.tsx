import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FileInput } from '../../../components/ui/form/file-input.js';
import button from '../../../components/ui/button/button.module.css';
import form from '../../../components/ui/form/form.module.css';
import { errorText } from '../../../lib/error-text.js';
import { uploadQuestionImage } from '../api/upload-question-image.js';
import styles from './rich-editor.module.css';

export const IMAGE_ACCEPT = 'image/png,image/jpeg,image/webp,image/gif';

interface Props {
  examId: string;
  /** A pasted or dropped image, already chosen. */
  initialFile?: File | null;
  /** Writes `![alt](url)` where the author is editing. */
  onUploaded(markdown: string): void;
}

/** Markdown for an uploaded image; brackets in the alt text would end it early. */
export const imageMarkdown = (alt: string, url: string) => `![${alt.replace(/[[\]]/g, '')}](${url})`;

/** Picks an image, asks for its alt text (required: screen readers read it) and uploads it (D134, D136). */
export function ImageUploadField({ examId, initialFile = null, onUploaded }: Props) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(initialFile);
  const [alt, setAlt] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const upload = async () => {
    if (!file || !alt.trim()) {
      setProblem(t('takeExam.form.image.needsAlt'));
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      const image = await uploadQuestionImage(examId, file);
      onUploaded(imageMarkdown(alt.trim(), image.url));
      setFile(null);
      setAlt('');
    } catch (error) {
      setProblem(errorText(error, t));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={styles.imageUpload} data-testid="image-upload">
      <div className={form.field}>
        <label className={form.label} htmlFor="question-image-file">
          {t('takeExam.form.image.file')}
        </label>
        <FileInput
          id="question-image-file"
          accept={IMAGE_ACCEPT}
          file={file}
          onFileChange={setFile}
          testId="image-file"
        />
      </div>
      <div className={form.field}>
        <label className={form.label} htmlFor="question-image-alt">
          {t('takeExam.form.image.alt')}
        </label>
        <input
          id="question-image-alt"
          className={form.input}
          value={alt}
          onChange={(event) => setAlt(event.target.value)}
          // A pasted or dropped image has its file: what is missing is its description.
          autoFocus={initialFile !== null}
          data-testid="image-alt"
        />
      </div>
      <button
        type="button"
        className={`${button.button} ${button.secondary}`}
        disabled={busy}
        onClick={() => void upload()}
        data-testid="image-upload-submit"
      >
        {t('takeExam.form.image.upload')}
      </button>
      {problem && (
        <p className={form.alert} role="alert" data-testid="image-upload-problem">
          {problem}
        </p>
      )}
    </div>
  );
}
