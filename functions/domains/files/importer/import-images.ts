import type { SheetQuestion } from '#shared/domain/question-sheet.js';
import type { TextFormat } from '#shared/domain/rich-text.js';
import { newId } from '../../../runtime/data/ids.js';
import { MAX_IMAGE_BYTES } from '../../../runtime/images/image-limits.js';
import { deleteObject, putObject } from '../object-store.js';

/**
 * Images that come with an import (D174–D177): an Anki note's `<img>` whose file the package holds
 * arrives here as `![alt](anki-media:<name>)`, a sheet's Markdown image as its URL (fetched by
 * image-fetch.ts); each is checked by the upload's own pipeline
 * (`checkImage`: type from the bytes, SVG refused, bomb guard, metadata removed, dimensions), stored
 * under its owner — the question file on an import (`file-images/<fileId>/<imageId>`, D176), the exam
 * on the exam detail's update from a sheet (`images/<examId>/<imageId>`, D257) — and its reference
 * rewritten to the owner's image URL with its `#WxH`. A refused or missing image leaves its alt text
 * and a warning on its row; the question is kept.
 */

export const DECK_MEDIA_REF = 'anki-media:';

/** One import stores at most this many images and bytes (D175); past them, images become warnings. */
export const IMPORT_IMAGE_LIMITS = {
  maxImages: 100,
  maxTotalBytes: 20 * 1024 * 1024,
  maxEntryBytes: MAX_IMAGE_BYTES,
} as const;

export type ImportImageCode =
  | 'image_too_large'
  | 'image_type_unsupported'
  | 'image_truncated'
  | 'image_dimensions_too_large'
  | 'image_missing'
  | 'image_import_limit'
  | 'image_fetch_refused'
  | 'image_fetch_failed'
  | 'image_fetch_timeout';

/** The images by the name the notes use (or their URL): bytes, or why there are none. */
export type DeckMedia = Map<string, Uint8Array | ImportImageCode>;

/** The texts of a question that may hold images: an import's parsed question or an update's row. */
export type ImageTexts = Pick<SheetQuestion, 'title' | 'content' | 'answer' | 'explanation' | 'cloze_note'>;

/** Where an import's images go: the object key and the URL the texts point at, by the new image id. */
export interface ImageOwner {
  key(imageId: string): string;
  url(imageId: string): string;
}

export interface ImageWarning {
  line: number;
  name: string;
  code: ImportImageCode;
}

/** `![alt](anki-media:name)` (or its start when a title cut it short), or `![alt](http(s)://…)`. */
const REFERENCE = /!\[([^\]\n]*)\]\((anki-media:[^)\s]*|https?:\/\/[^)\s]+)\)?/g;

const decodeName = (encoded: string) => {
  try {
    return decodeURIComponent(encoded);
  } catch {
    return encoded;
  }
};

const TEXT_FIELDS = ['content', 'answer', 'explanation'] as const;

/** A line that is only an https URL of an image file (D177): in the question and the explanation, it means that image. */
const IMAGE_URL_LINE = /^[ \t]*(https:\/\/[^\s()<>]+?\.(?:png|jpe?g|gif|webp))(\?[^\s()<>]*)?[ \t]*$/gim;
const URL_FIELDS = ['content', 'explanation'] as const;

/** A referenced source: an Anki media name (decoded), or the URL itself. */
const sourceOf = (target: string) =>
  target.startsWith(DECK_MEDIA_REF) ? decodeName(target.slice(DECK_MEDIA_REF.length)) : target;

/**
 * The image URLs a sheet's questions point at, after each URL-only line of the question or the
 * explanation became a Markdown image (alt: the file's name): distinct, the first `maxImages`.
 */
export function sheetImageUrls(questions: ImageTexts[]): string[] {
  const urls = new Set<string>();
  for (const question of questions) {
    imageUrlLinesAsMarkdown(question);
    for (const field of TEXT_FIELDS) {
      if (!question[field].includes('](http')) continue;
      for (const match of question[field].matchAll(REFERENCE))
        if (match[0].endsWith(')') && urls.size < IMPORT_IMAGE_LIMITS.maxImages) urls.add(match[2]!);
    }
  }
  return [...urls];
}

/** Each URL-only line of the question and the explanation becomes a Markdown image (alt: the file's name), in place. */
function imageUrlLinesAsMarkdown(question: ImageTexts): void {
  for (const field of URL_FIELDS) {
    if (!question[field].includes('https://')) continue;
    question[field] = question[field].replace(IMAGE_URL_LINE, (_, url: string, query: string | undefined) => {
      const name = decodeName(url.slice(url.lastIndexOf('/') + 1)).replace(/\.[^.]*$/, '');
      return `![${name.replace(/[[\]\\]/g, ' ')}](${url}${query ?? ''})`;
    });
  }
}

/** A title cut inside a reference's target: `![alt](anki-me`. */
const CUT_REFERENCE = /!\[([^\]\n]*)\]\(([^)\s]*)$/;

/** A title is plain: each reference as its alt text, a cut one too. */
function plainTitle(title: string): string {
  const whole = withoutImageReferences(title);
  return whole.replace(CUT_REFERENCE, (cut, alt: string, target: string) =>
    DECK_MEDIA_REF.startsWith(target) || target.startsWith(DECK_MEDIA_REF) ? alt : cut,
  );
}

interface PendingImage {
  id: string;
  bytes: Uint8Array;
  contentType: string;
  fileName: string;
}

export interface PreparedImages {
  /** Per question (same order): whether a stored image is in its text, so it is `markdown`. */
  markdown: boolean[];
  pending: PendingImage[];
  warnings: ImageWarning[];
}

/**
 * Checks every referenced image (nothing written yet) and rewrites the questions' texts in place:
 * a kept image becomes its URL, anything else its alt text. A title is plain: always its alt text.
 */
export async function prepareImportedImages(
  owner: ImageOwner,
  questions: ImageTexts[],
  lines: readonly number[],
  media: DeckMedia | undefined,
): Promise<PreparedImages> {
  const prepared: PreparedImages = { markdown: questions.map(() => false), pending: [], warnings: [] };
  if (!media || media.size === 0) return prepared;
  // image-size and the checks load only for an import that carries images (D106).
  const { IMAGE_CONTENT_TYPES, checkImage } = await import('../../../runtime/images/image-bytes.js');
  const stored = new Map<string, string | ImportImageCode>();
  let totalBytes = 0;
  const resolve = (name: string): string | ImportImageCode => {
    const known = stored.get(name);
    if (known) return known;
    // A URL past the import's cap was not fetched: the cap, not a missing file.
    const bytes = media.get(name) ?? (name.startsWith('http') ? 'image_import_limit' : 'image_missing');
    let outcome: string | ImportImageCode;
    if (typeof bytes === 'string') outcome = bytes;
    else if (bytes.length > MAX_IMAGE_BYTES) outcome = 'image_too_large';
    else {
      const checked = checkImage(bytes);
      if (!checked.ok) outcome = checked.code;
      else if (
        prepared.pending.length >= IMPORT_IMAGE_LIMITS.maxImages ||
        totalBytes + checked.bytes.length > IMPORT_IMAGE_LIMITS.maxTotalBytes
      )
        outcome = 'image_import_limit';
      else {
        const id = newId();
        totalBytes += checked.bytes.length;
        prepared.pending.push({
          id,
          bytes: checked.bytes,
          contentType: IMAGE_CONTENT_TYPES[checked.type],
          fileName: `${id}.${checked.type === 'jpeg' ? 'jpg' : checked.type}`,
        });
        outcome = `${owner.url(id)}#${checked.width}x${checked.height}`;
      }
    }
    stored.set(name, outcome);
    return outcome;
  };
  questions.forEach((question, index) => {
    question.title = plainTitle(question.title);
    const warned = new Set<string>();
    const rewrite = (text: string) =>
      text.replace(REFERENCE, (whole, alt: string, target: string) => {
        const name = sourceOf(target);
        if (!whole.endsWith(')')) return alt;
        const outcome = resolve(name);
        if (outcome.startsWith('/api/')) {
          prepared.markdown[index] = true;
          return `![${alt}](${outcome})`;
        }
        if (!warned.has(name)) {
          warned.add(name);
          prepared.warnings.push({ line: lines[index] ?? 0, name, code: outcome as ImportImageCode });
        }
        return alt;
      });
    // A cloze card's note shows the same images once answered (D366): stored once, by name.
    for (const field of [...TEXT_FIELDS, 'cloze_note'] as const) {
      const text = question[field];
      if (text === undefined || (!text.includes(DECK_MEDIA_REF) && !text.includes('](http'))) continue;
      question[field] = rewrite(text);
    }
  });
  return prepared;
}

/**
 * A deck's own media, or the images the texts name by URL, fetched behind the SSRF guard (D177);
 * URL-only lines of the image columns become Markdown images first. Undefined when there are none.
 */
export async function importMedia(deckMedia: DeckMedia | undefined, questions: ImageTexts[]) {
  if (deckMedia) return deckMedia;
  const urls = sheetImageUrls(questions);
  if (urls.length === 0) return undefined;
  // The fetcher (and its agent) loads only for a sheet that names images.
  const { fetchImages } = await import('./image-fetch.js');
  return fetchImages(urls, IMPORT_IMAGE_LIMITS.maxTotalBytes);
}

/**
 * The preview's texts (D259): nothing is fetched, checked or stored, so each image stays the
 * reference the import will resolve — a deck's `![alt](anki-media:name)`, a sheet's
 * `![alt](https://…)`, a URL-only line already as that Markdown image (only for a sheet: a deck's
 * images are its own media) — and the question is `markdown` when it has one, as the import will
 * store it once an image is kept. The title is plain, as stored.
 */
export function previewImageTexts<T extends ImageTexts>(question: T, sheet: boolean): T & { format: TextFormat } {
  const texts = { ...question };
  if (sheet) imageUrlLinesAsMarkdown(texts);
  texts.title = plainTitle(texts.title);
  const hasImage = TEXT_FIELDS.some((field) =>
    [...texts[field].matchAll(REFERENCE)].some((match) => match[0].endsWith(')')),
  );
  return { ...texts, format: hasImage ? 'markdown' : 'plain' };
}

/** A text with each deck reference as its alt text (a title, which is plain). */
function withoutImageReferences(text: string): string {
  return text.includes(DECK_MEDIA_REF)
    ? text.replace(REFERENCE, (whole: string, alt: string, target: string) =>
        target.startsWith(DECK_MEDIA_REF) ? alt : whole,
      )
    : text;
}

/** One S3 PUT per image; the keys written, for a rollback. */
export async function storeImportedImages(owner: ImageOwner, pending: readonly PendingImage[], written: string[]) {
  for (const image of pending) {
    const key = owner.key(image.id);
    await putObject(key, image.bytes, { contentType: image.contentType, fileName: image.fileName });
    written.push(key);
  }
}

export async function deleteImportedImages(keys: readonly string[]): Promise<void> {
  for (const key of keys) await deleteObject(key);
}
