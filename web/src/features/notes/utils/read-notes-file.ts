/**
 * docs/product.md#questions-from-notes: a notes file read in the browser. Checks come before any parsing: the
 * extension, the size (a 50 MB file is refused unread), and for .docx the sizes its zip declares
 * (a zip bomb is refused before mammoth inflates it). A .docx becomes Markdown (docx-markdown.ts). The parsers load only when such a file comes.
 */
export const NOTES_FILE_LIMITS = {
  maxBytes: 10 * 1024 * 1024,
  /** What a .docx may unpack to: its text, styles and images together. */
  maxDocxUnpackedBytes: 50 * 1024 * 1024,
} as const;

export const NOTES_EXTENSIONS = ['txt', 'md', 'markdown', 'docx', 'pdf'] as const;
export type NotesExtension = (typeof NOTES_EXTENSIONS)[number];
export const NOTES_ACCEPT = NOTES_EXTENSIONS.map((ext) => `.${ext}`).join(',');

export type NotesFileProblem = 'extension' | 'empty' | 'tooLarge' | 'unpackedTooLarge' | 'noText' | 'unreadable';

export type NotesFileRead = { ok: true; text: string } | { ok: false; problem: NotesFileProblem };

export function notesExtension(name: string): NotesExtension | null {
  const ext = /\.([a-z]+)$/i.exec(name)?.[1]?.toLowerCase();
  return (NOTES_EXTENSIONS as readonly string[]).includes(ext ?? '') ? (ext as NotesExtension) : null;
}

/** The checks that need no parsing: a known extension, not empty, not past the size cap. */
export function notesFileProblem(file: { name: string; size: number }): NotesFileProblem | null {
  if (!notesExtension(file.name)) return 'extension';
  if (file.size === 0) return 'empty';
  if (file.size > NOTES_FILE_LIMITS.maxBytes) return 'tooLarge';
  return null;
}

/** The sizes a zip's entries declare, summed from its directory without inflating anything. */
export async function declaredUnpackedBytes(bytes: Uint8Array): Promise<number> {
  const { unzipSync } = await import('fflate');
  let total = 0;
  unzipSync(bytes, {
    filter(entry) {
      total += entry.originalSize;
      return false;
    },
  });
  return total;
}

async function readDocx(bytes: ArrayBuffer): Promise<NotesFileRead> {
  try {
    if ((await declaredUnpackedBytes(new Uint8Array(bytes))) > NOTES_FILE_LIMITS.maxDocxUnpackedBytes) {
      return { ok: false, problem: 'unpackedTooLarge' };
    }
    const [mammoth, { docxHtmlToMarkdown }] = await Promise.all([import('mammoth'), import('./docx-markdown.js')]);
    // The same bytes under the name each build of mammoth reads: the browser's `arrayBuffer`, Node's `buffer` (tests).
    const input = { arrayBuffer: bytes, buffer: bytes };
    // As HTML, not raw text: headings, lists and tables reach the rules as the Markdown they read.
    const { value } = await mammoth.convertToHtml(input, {
      convertImage: mammoth.images.imgElement(() => Promise.resolve({ src: '' })),
    });
    const text = docxHtmlToMarkdown(value);
    return text.trim() ? { ok: true, text } : { ok: false, problem: 'noText' };
  } catch {
    return { ok: false, problem: 'unreadable' };
  }
}

/** An encrypted PDF cannot be opened without its password, and an image-only one has no text layer: both say "no text found". */
async function readPdf(bytes: ArrayBuffer): Promise<NotesFileRead> {
  try {
    const { extractText, getDocumentProxy } = await import('unpdf');
    const pdf = await getDocumentProxy(new Uint8Array(bytes));
    const { text } = await extractText(pdf, { mergePages: true });
    return text.trim() ? { ok: true, text } : { ok: false, problem: 'noText' };
  } catch {
    return { ok: false, problem: 'noText' };
  }
}

export async function readNotesFile(file: File): Promise<NotesFileRead> {
  const problem = notesFileProblem(file);
  if (problem) return { ok: false, problem };
  const ext = notesExtension(file.name);
  if (ext === 'docx') return readDocx(await file.arrayBuffer());
  if (ext === 'pdf') return readPdf(await file.arrayBuffer());
  const text = (await file.text()).replace(/^\uFEFF/, '');
  return text.trim() ? { ok: true, text } : { ok: false, problem: 'noText' };
}
