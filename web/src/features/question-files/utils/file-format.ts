import type { QuestionFile } from '#shared/contracts/files.js';
import { QUESTION_SHEET_LIMITS, sheetExtension } from '#shared/domain/question-sheet.js';

/** docs/product.md#limits: sizes as B, KB or MB. */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 1024) return `${Math.max(0, Math.round(bytes || 0))} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** `modified` is seconds since the epoch (docs/product.md#question-files). */
export function formatModified(seconds: number, language: string): string {
  if (!Number.isFinite(seconds) || seconds <= 0) return '-';
  return new Intl.DateTimeFormat(language === 'ko' ? 'ko-KR' : 'en-US', {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(new Date(seconds * 1000));
}

export type FileSortKey = 'name' | 'size' | 'modified' | 'max_questions';
export interface FileSort {
  key: FileSortKey;
  direction: 'asc' | 'desc';
}

export const DEFAULT_FILE_SORT: FileSort = { key: 'name', direction: 'asc' };

/** Clicking the same column flips it; a new column starts ascending (names) or descending (numbers, dates). */
export function nextFileSort(current: FileSort, key: FileSortKey): FileSort {
  if (current.key === key) return { key, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  return { key, direction: key === 'name' ? 'asc' : 'desc' };
}

export function sortFiles(files: readonly QuestionFile[], sort: FileSort, language: string): QuestionFile[] {
  const collator = new Intl.Collator(language === 'ko' ? 'ko' : 'en', { numeric: true, sensitivity: 'base' });
  const sign = sort.direction === 'asc' ? 1 : -1;
  return [...files].sort((a, b) => {
    const primary = sort.key === 'name' ? collator.compare(a.name, b.name) : a[sort.key] - b[sort.key];
    return sign * primary || collator.compare(a.name, b.name) || a.id.localeCompare(b.id);
  });
}

export type LocalFileProblem = 'missing' | 'extension' | 'tooLarge' | 'empty';

/** Checks the browser can make before asking the server: a file, a spreadsheet extension, the size cap. */
export function localFileProblem(file: { name: string; size: number } | null): LocalFileProblem | null {
  if (!file) return 'missing';
  if (!sheetExtension(file.name)) return 'extension';
  if (file.size === 0) return 'empty';
  if (file.size > QUESTION_SHEET_LIMITS.maxFileBytes) return 'tooLarge';
  return null;
}

export interface ExistingCheck {
  exists: boolean;
  is_private: boolean;
  is_owner?: boolean;
}

/**
 * docs/product.md#question-files: a private file owned by someone else blocks the upload; an existing file the
 * upload would replace asks first. Keys are per owner here, so the server answers for the
 * caller's own name space and the block is a safeguard.
 */
export function existingFileDecision(check: ExistingCheck): 'proceed' | 'confirmOverwrite' | 'blocked' {
  if (!check.exists) return 'proceed';
  if (check.is_private && check.is_owner === false) return 'blocked';
  return 'confirmOverwrite';
}
