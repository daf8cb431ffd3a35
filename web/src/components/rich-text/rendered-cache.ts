import { useEffect, useState } from 'react';
import { hasCodeBlock, hasMath } from '#shared/domain/rich-text.js';

/**
 * Rendered Markdown by text, kept for the page's life (bounded): a question rendered once shows at
 * once when it is mounted again, and a screen can render a question's texts before showing it, so
 * the plain form never stands in and then changes height under the learner (layout shift).
 */
const MAX_ENTRIES = 300;
const rendered = new Map<string, string>();

/** The cache key: the text, told apart from the same text rendered with image placeholders (D259). */
const cacheKey = (text: string, imagePlaceholders?: boolean) => (imagePlaceholders ? `\u0001${text}` : text);

export function renderedHtml(text: string, imagePlaceholders?: boolean): string | undefined {
  return rendered.get(cacheKey(text, imagePlaceholders));
}

/**
 * Starts fetching what rendering `texts` takes — the renderer, and math or highlighting when a text needs
 * them — without rendering: a route calls it as soon as its data arrives, before its screen has rendered.
 * Math and highlighting are fetched beside the renderer, not after it (one round trip, not two).
 */
export function loadRenderer(texts: readonly string[]) {
  const math = texts.some(hasMath);
  const code = texts.some(hasCodeBlock);
  return Promise.all([
    import('./render-markdown.js'),
    loadSanitizer(),
    math ? import('#markdown/math.js') : null,
    code ? import('#markdown/highlight.js') : null,
    code ? import('./highlight-style.js') : null,
  ]);
}

function remember(key: string, html: string) {
  if (rendered.size >= MAX_ENTRIES) rendered.delete(rendered.keys().next().value!);
  rendered.set(key, html);
}

/** Texts the server rendered, while the sanitizer (and code colours) they wait for arrive. */
const seeding = new Map<string, Promise<string>>();

/**
 * Fetches the sanitizer alone: a route calls it as its read starts, so HTML the server rendered
 * (D263) is shown the moment the read answers, without a further round trip.
 */
export function loadSanitizer() {
  return import('./sanitize-html.js');
}

/**
 * Takes HTML the server rendered of Markdown texts (the exam read's `rendered`, D263) into the cache,
 * through the same sanitizer as the browser's own rendering; a text's code colours are fetched
 * with it. A screen asking for such a text meanwhile waits for it instead of loading the renderer.
 */
export function seedRendered(entries: readonly { text: string; html: string }[]): Promise<unknown> {
  const fresh = entries.filter(({ text }) => !rendered.has(text) && !seeding.has(text));
  if (fresh.length === 0) return Promise.resolve();
  const texts = fresh.map(({ text }) => text);
  const ready = Promise.all([loadSanitizer(), texts.some(hasCodeBlock) ? import('./highlight-style.js') : null]);
  return Promise.all(
    fresh.map(({ text, html }) => {
      const made = ready
        .then(([{ sanitize }]) => {
          const safe = sanitize(html);
          remember(text, safe);
          return safe;
        })
        .finally(() => seeding.delete(text));
      seeding.set(text, made);
      return made.catch(() => undefined);
    }),
  );
}

/** Renders `text` (loading the renderer, and math or highlighting when the text needs them) into the cache. */
export async function renderToCache(text: string, imagePlaceholders?: boolean): Promise<string> {
  const key = cacheKey(text, imagePlaceholders);
  const known = rendered.get(key);
  if (known !== undefined) return known;
  const seeded = seeding.get(key);
  if (seeded) {
    const html = await seeded.catch(() => undefined);
    if (html !== undefined) return html;
  }
  const [{ renderMarkdown }] = await loadRenderer([text]);
  const html = await renderMarkdown(text, { imagePlaceholders });
  remember(key, html);
  return html;
}

/**
 * True once every Markdown text of `texts` is rendered (at once when none is Markdown). A text that
 * fails to render counts as ready: RichText then shows its plain form.
 */
export function useRichTextsReady(texts: readonly string[]): boolean {
  const key = texts.join('\u0000');
  const pending = texts.filter((text) => text && renderedHtml(text) === undefined);
  const [readyKey, setReadyKey] = useState<string | null>(pending.length === 0 ? key : null);
  useEffect(() => {
    if (readyKey === key) return;
    let live = true;
    const done = () => live && setReadyKey(key);
    // One text per task, the browser getting a turn between them: rendered together they made one long
    // task (KaTeX, highlighting and the sanitizer over every text), which delays input (TBT, D261).
    (async () => {
      for (const text of texts.filter(Boolean)) {
        await renderToCache(text).catch(() => undefined);
        await new Promise((resolve) => setTimeout(resolve, 0));
      }
    })().then(done, done);
    return () => {
      live = false;
    };
    // `key` stands for `texts`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, readyKey]);
  return pending.length === 0 || readyKey === key;
}
