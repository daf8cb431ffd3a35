import { useTranslation } from 'react-i18next';
import type { TextFormat } from '#shared/domain/rich-text.js';
import { RichText } from '../../../components/rich-text/index.js';
import button from '../../../components/ui/button/button.module.css';
import form from '../../../components/ui/form/form.module.css';
import styles from './rich-editor.module.css';

export type Snippet = 'code' | 'math' | 'image';

/** What a toolbar button inserts at the cursor: the selection goes inside when there is one. */
export function snippetText(kind: Snippet, selected: string, altText: string): string {
  if (kind === 'code') return `\n\`\`\`bash\n${selected || 'echo hello'}\n\`\`\`\n`;
  if (kind === 'math') return `$${selected || 'x^2'}$`;
  return `![${selected || altText}](https://)`;
}

/** Inserts text into a textarea at its selection (a function of the selection); answers the new value and cursor. */
export function insertAt(area: HTMLTextAreaElement, text: (selected: string) => string) {
  const { selectionStart: start, selectionEnd: end, value } = area;
  const inserted = text(value.slice(start, end));
  return { value: value.slice(0, start) + inserted + value.slice(end), cursor: start + inserted.length };
}

interface FormatSwitchProps {
  format: TextFormat;
  onFormat(format: TextFormat): void;
  onSnippet(kind: Snippet): void;
  /** Wraps the content's selection in the next cloze gap (D370). */
  onGap?(): void;
}

/** Plain or Markdown, and the toolbar that writes code, math and images (D134). */
export function RichEditorToolbar({ format, onFormat, onSnippet, onGap }: FormatSwitchProps) {
  const { t } = useTranslation();
  return (
    <div className={styles.toolbar} data-testid="rich-toolbar">
      <div className={form.segmented} role="radiogroup" aria-label={t('takeExam.form.format')}>
        {(['plain', 'markdown'] as const).map((value) => (
          <button
            key={value}
            type="button"
            role="radio"
            className={form.segment}
            aria-checked={format === value}
            onClick={() => onFormat(value)}
            data-testid={`format-${value}`}
          >
            {t(`takeExam.form.formats.${value}`)}
          </button>
        ))}
      </div>
      <div className={styles.snippets} role="group" aria-label={t('takeExam.form.insert')}>
        {(['code', 'math', 'image'] as const).map((kind) => (
          <button
            key={kind}
            type="button"
            className={`${button.button} ${button.ghost} ${styles.snippet}`}
            // Keep the focus (and selection) in the textarea being edited.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => onSnippet(kind)}
            data-testid={`insert-${kind}`}
          >
            {t(`takeExam.form.snippets.${kind}`)}
          </button>
        ))}
        {onGap && (
          <button
            type="button"
            className={`${button.button} ${button.ghost} ${styles.snippet}`}
            onMouseDown={(event) => event.preventDefault()}
            onClick={onGap}
            aria-keyshortcuts="Control+Shift+C Meta+Shift+C"
            title={t('takeExam.form.gapHint')}
            data-testid="insert-gap"
          >
            {t('takeExam.form.makeGap')}
          </button>
        )}
      </div>
      {format === 'markdown' && <p className={styles.hint}>{t('takeExam.form.markdownHint')}</p>}
    </div>
  );
}

interface PreviewProps {
  fields: { label: string; text: string }[];
}

/** The live preview of a Markdown question, rendered by the same component the exam screens use. */
export function RichPreview({ fields }: PreviewProps) {
  const { t } = useTranslation();
  const shown = fields.filter((field) => field.text.trim() !== '');
  return (
    <section className={styles.preview} aria-label={t('takeExam.form.preview')} data-testid="rich-preview">
      <h3 className={styles.previewTitle}>{t('takeExam.form.preview')}</h3>
      {shown.length === 0 && <p className={styles.hint}>{t('takeExam.form.previewEmpty')}</p>}
      {shown.map((field) => (
        <div key={field.label} className={styles.previewField}>
          <span className={styles.previewLabel}>{field.label}</span>
          <RichText text={field.text} format="markdown" />
        </div>
      ))}
    </section>
  );
}
