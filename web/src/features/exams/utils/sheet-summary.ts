/** docs/product.md#errors: upload error details show the first 5, then an and-more count. */
export const SHEET_SUMMARY_MAX_DETAILS = 5;

export function summarizeErrorDetails(
  details: readonly string[],
  errors: number,
  max = SHEET_SUMMARY_MAX_DETAILS,
): { shown: string[]; remaining: number } {
  const shown = details.slice(0, max);
  return { shown, remaining: Math.max(0, Math.max(errors, details.length) - shown.length) };
}

/** docs/product.md#exam-management: the exam list upload accepts .xlsx and .xls only. */
export function isExamSheetName(name: string): boolean {
  return /\.(xlsx|xls)$/i.test(name.trim());
}

/** exams_{timestamp}.xlsx (docs/product.md#exam-management), used when the server names no file. */
export function examsSheetName(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  const stamp = `${now.getFullYear()}${pad(now.getMonth() + 1)}${pad(now.getDate())}_${pad(now.getHours())}${pad(now.getMinutes())}${pad(now.getSeconds())}`;
  return `exams_${stamp}.xlsx`;
}
