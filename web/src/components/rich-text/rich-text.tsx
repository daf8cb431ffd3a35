import { useEffect, useState } from 'react';
import { plainText, type TextFormat } from '#shared/domain/rich-text.js';
import styles from './rich-text.module.css';

type Props = {
  text: string;
  /** The question's format; a legacy question (no format) is plain and shown exactly as typed. */
  format?: TextFormat;
  className?: string;
  testId?: string;
};

/**
 * A question field as the learner sees it (D130): plain text as typed, or Markdown rendered by the
 * lazily loaded renderer (markdown-it, DOMPurify, and KaTeX / highlight.js only when needed). Until the
 * renderer has arrived the plain form is shown, so the text is readable at once.
 */
export function RichText({ text, format, className, testId }: Props) {
  const markdown = format === 'markdown';
  const [rendered, setRendered] = useState<{ text: string; html: string } | null>(null);

  useEffect(() => {
    if (!markdown) return;
    let live = true;
    import('./render-markdown.js')
      .then(({ renderMarkdown }) => renderMarkdown(text))
      .then((html) => live && setRendered({ text, html }))
      .catch(() => live && setRendered(null));
    return () => {
      live = false;
    };
  }, [markdown, text]);

  const classes = [styles.text, className].filter(Boolean).join(' ');
  if (!markdown) {
    return (
      <div className={`${classes} ${styles.plain}`} data-testid={testId} data-format="plain">
        {text}
      </div>
    );
  }
  if (rendered === null || rendered.text !== text) {
    return (
      <div className={`${classes} ${styles.plain}`} data-testid={testId} data-format="markdown" aria-busy="true">
        {plainText(text, 'markdown')}
      </div>
    );
  }
  return (
    <div
      className={`${classes} ${styles.markdown}`}
      data-testid={testId}
      data-format="markdown"
      data-rendered="true"
      // The HTML is DOMPurify's output (render-markdown.ts); no raw HTML of the author's gets here.
      dangerouslySetInnerHTML={{ __html: rendered.html }}
    />
  );
}
