import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DIFFICULTIES } from '#shared/domain/difficulty.js';
import button from '../../../components/ui/button/button.module.css';
import form from '../../../components/ui/form/form.module.css';
import { Modal } from '../../../components/ui/modal/modal.js';
import type { QuestionFormBody } from '../api/add-question.js';
import { questionFormBody, questionFormProblem, type QuestionFormValues } from '../utils/question-form.js';
import { ImageUploadField } from './image-upload-field.js';
import { ClozePreview } from './cloze-preview.js';
import { hasCloze, makeGap } from '#shared/domain/cloze.js';
import { insertAt, RichEditorToolbar, RichPreview, snippetText, type Snippet } from './rich-editor-tools.js';
import styles from './take-exam.module.css';

type TextField = Exclude<keyof QuestionFormValues, 'format'>;
const RICH_FIELDS = ['content', 'answer', 'explanation'] as const;
type RichField = (typeof RICH_FIELDS)[number];
const isRich = (name: TextField): name is RichField => (RICH_FIELDS as readonly string[]).includes(name);

interface QuestionFormModalProps {
  mode: 'edit' | 'add';
  /** The exam the question is in: images are uploaded into it. */
  examId?: string;
  initial: QuestionFormValues;
  pending: boolean;
  onSubmit(body: QuestionFormBody): void;
  /** Missing title, content or answer (the page shows the warning toast). */
  onInvalid(): void;
  onClose(): void;
}

/** Edit or add a question (docs/product.md#answering-and-grading (form fields and rules)). Rendered only while open. */
export function QuestionFormModal({
  mode,
  examId,
  initial,
  pending,
  onSubmit,
  onInvalid,
  onClose,
}: QuestionFormModalProps) {
  const { t } = useTranslation();
  const [values, setValues] = useState<QuestionFormValues>(initial);
  const [problem, setProblem] = useState(false);
  const set = (name: TextField) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [name]: event.target.value }));
  // The toolbar writes into the rich field edited last (the content until another one had the focus).
  const lastArea = useRef<{ name: RichField; element: HTMLTextAreaElement } | null>(null);
  const areas = useRef<Partial<Record<RichField, HTMLTextAreaElement | null>>>({});

  const [imageOpen, setImageOpen] = useState(false);
  // A pasted or dropped image opens the upload with that file chosen: it still asks for the alt text.
  const [dropped, setDropped] = useState<{ file: File; at: number } | null>(null);
  const takeImage = (
    event: { preventDefault(): void; currentTarget: HTMLTextAreaElement },
    files: FileList,
    name: RichField,
  ) => {
    const file = [...files].find((candidate) => candidate.type.startsWith('image/'));
    if (!file || !examId) return;
    event.preventDefault();
    lastArea.current = { name, element: event.currentTarget };
    setDropped({ file, at: Date.now() });
    setImageOpen(true);
  };
  const insert = (kind: Snippet) => {
    // With an exam to store it in, the image button opens the upload (file and alt text); else a template.
    if (kind === 'image' && examId) return setImageOpen((open) => !open);
    write((selected) => snippetText(kind, selected, t('takeExam.form.altPlaceholder')));
  };
  const write = (text: (selected: string) => string) => {
    const target =
      lastArea.current ?? (areas.current.content ? { name: 'content' as const, element: areas.current.content } : null);
    if (!target) return;
    const { value, cursor } = insertAt(target.element, text);
    setValues((current) => ({ ...current, [target.name]: value, format: 'markdown' }));
    requestAnimationFrame(() => {
      target.element.focus();
      target.element.setSelectionRange(cursor, cursor);
    });
  };

  // Select words of the content, then the button or Ctrl/Cmd+Shift+C: they become the next gap (D370).
  const gap = () => {
    const element = areas.current.content;
    const made = element && makeGap(values.content, element.selectionStart, element.selectionEnd);
    if (!element || !made) return;
    setValues((current) => ({ ...current, content: made.content }));
    requestAnimationFrame(() => {
      element.focus();
      element.setSelectionRange(made.selection[1], made.selection[1]);
    });
  };
  const cloze = hasCloze(values.content);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (questionFormProblem(values)) {
      setProblem(true);
      onInvalid();
      return;
    }
    onSubmit(questionFormBody(values, mode));
  };

  const formId = `question-form-${mode}`;
  const field = (
    name: TextField,
    label: string,
    options: { required?: boolean; multiline?: boolean; wide?: boolean } = {},
  ) => (
    <div className={`${form.field} ${options.wide ? styles.formWide : ''}`}>
      <label className={form.label} htmlFor={`${formId}-${name}`}>
        {label}
        {!options.required && <span className={form.optional}>{t('takeExam.form.optional')}</span>}
      </label>
      {options.multiline ? (
        <textarea
          id={`${formId}-${name}`}
          name={name}
          className={`${form.input} ${styles.textarea}`}
          value={values[name]}
          onChange={set(name)}
          ref={(element) => {
            if (isRich(name)) areas.current[name] = element;
          }}
          onFocus={(event) => {
            if (isRich(name)) lastArea.current = { name, element: event.currentTarget };
          }}
          onKeyDown={(event) => {
            const shortcut = (event.ctrlKey || event.metaKey) && event.shiftKey && event.key.toLowerCase() === 'c';
            if (name === 'content' && shortcut) {
              event.preventDefault();
              gap();
            }
          }}
          onPaste={(event) => isRich(name) && takeImage(event, event.clipboardData.files, name)}
          onDragOver={(event) => isRich(name) && event.dataTransfer.types.includes('Files') && event.preventDefault()}
          onDrop={(event) => isRich(name) && takeImage(event, event.dataTransfer.files, name)}
          aria-invalid={problem && options.required && !values[name].trim() ? true : undefined}
        />
      ) : (
        <input
          id={`${formId}-${name}`}
          name={name}
          className={form.input}
          value={values[name]}
          onChange={set(name)}
          aria-invalid={problem && options.required && !values[name].trim() ? true : undefined}
        />
      )}
    </div>
  );

  return (
    <Modal
      open
      title={mode === 'edit' ? t('takeExam.form.editTitle') : t('takeExam.form.addTitle')}
      onClose={onClose}
      closeLabel={t('app.close')}
      testId="question-form-modal"
      footer={
        <>
          <button type="button" className={`${button.button} ${button.secondary}`} onClick={onClose}>
            {t('takeExam.form.cancel')}
          </button>
          <button
            type="submit"
            form={formId}
            className={`${button.button} ${button.primary}`}
            disabled={pending}
            data-testid="question-form-submit"
          >
            {mode === 'edit' ? t('takeExam.form.save') : t('takeExam.form.add')}
          </button>
        </>
      }
    >
      <form id={formId} className={styles.formGrid} onSubmit={submit} noValidate>
        {problem && (
          <p className={`${form.alert} ${styles.formWide}`} role="alert">
            {t('takeExam.form.required')}
          </p>
        )}
        {field('title', t('takeExam.form.title'), { required: true, wide: true })}
        <div className={styles.formWide}>
          <RichEditorToolbar
            format={values.format}
            onFormat={(format) => setValues((current) => ({ ...current, format }))}
            onSnippet={insert}
            onGap={gap}
          />
        </div>
        {imageOpen && examId && (
          <div className={styles.formWide}>
            <ImageUploadField
              key={dropped?.at ?? 0}
              examId={examId}
              initialFile={dropped?.file ?? null}
              onUploaded={(markdown) => write(() => markdown)}
            />
          </div>
        )}
        {field('content', t('takeExam.form.content'), { required: true, multiline: true, wide: true })}
        {/* A cloze note's answers are its gaps: the preview shows them in place of the answer field. */}
        {!cloze && field('answer', t('takeExam.form.answer'), { required: true, multiline: true, wide: true })}
        {cloze && (
          <div className={styles.formWide}>
            <ClozePreview note={values.content} format={values.format} />
          </div>
        )}
        {field('explanation', t('takeExam.form.explanation'), { multiline: true, wide: true })}
        {values.format === 'markdown' && !cloze && (
          <div className={styles.formWide}>
            <RichPreview
              fields={[
                { label: t('takeExam.form.content'), text: values.content },
                { label: t('takeExam.form.answer'), text: values.answer },
                { label: t('takeExam.form.explanation'), text: values.explanation },
              ]}
            />
          </div>
        )}
        {field('csv_id', t('takeExam.form.csvId'))}
        <div className={form.field}>
          <label className={form.label} htmlFor={`${formId}-difficulty`}>
            {t('takeExam.form.difficulty')}
          </label>
          <select
            id={`${formId}-difficulty`}
            name="difficulty"
            className={form.select}
            value={values.difficulty}
            onChange={set('difficulty')}
          >
            {DIFFICULTIES.map((difficulty) => (
              <option key={difficulty} value={difficulty}>
                {t(`takeExam.question.difficulty.${difficulty}`)}
              </option>
            ))}
          </select>
        </div>
        {field('url', t('takeExam.form.url'))}
        {field('group_id', t('takeExam.form.groupId'))}
      </form>
    </Modal>
  );
}
