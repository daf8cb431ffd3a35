import { useEffect, useState } from 'react';
import { plainText, type TextFormat } from '#shared/domain/rich-text.js';
import { renderedHtml, renderToCache } from './rendered-cache.js';
import styles from './rich-text.module.css';

type Props = {
  text: string;
  /** The question's format; a legacy question (no format) is plain and shown exactly as typed. */
  format?: TextFormat;
  className?: string;
  testId?: string;
  /**
   * The page's main text (take-exam's question): its images load at once with high priority
   * instead of lazily, since they are the largest paint above the fold (Lighthouse's LCP).
   */
  priority?: boolean;
  /** Images as placeholders with their alt text and source, loading nothing (the import preview, D259). */
  imagePlaceholders?: boolean;
};

/**
 * A question field as the learner sees it (D130): plain text as typed, or Markdown rendered by the
 * lazily loaded renderer (markdown-it, DOMPurify, and KaTeX / highlight.js only when needed). Until the
 * renderer has arrived the plain form is shown, so the text is readable at once.
 */
export function RichText({ text, format, className, testId, priority, imagePlaceholders }: Props) {
  const markdown = format === 'markdown';
  // Already rendered (by a screen that prepared its texts, or an earlier mount): shown at once.
  const cached = markdown ? renderedHtml(text, imagePlaceholders) : undefined;
  const [rendered, setRendered] = useState<{ text: string; html: string } | null>(
    cached === undefined ? null : { text, html: cached },
  );

  useEffect(() => {
    if (!markdown) return;
    let live = true;
    renderToCache(text, imagePlaceholders)
      .then((html) => live && setRendered({ text, html }))
      .catch(() => live && setRendered(null));
    return () => {
      live = false;
    };
  }, [markdown, text, imagePlaceholders]);

  const classes = [styles.text, className].filter(Boolean).join(' ');
  if (!markdown) {
    return (
      <div className={`${classes} ${styles.plain}`} data-testid={testId} data-format="plain">
        {text}
      </div>
    );
  }
  const shown = rendered?.text === text ? rendered : cached === undefined ? null : { text, html: cached };
  if (shown === null) {
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
      // The HTML is DOMPurify's output (sanitize-html.ts); no raw HTML of the author's gets here.
      dangerouslySetInnerHTML={{ __html: priority ? eager(shown.html) : shown.html }}
    />
  );
}

/** `loading="lazy"` is set on every image by the sanitizer's hook (sanitize-html.ts) and by nothing else. */
const eager = (html: string) => html.replaceAll('loading="lazy"', 'loading="eager" fetchpriority="high"');
