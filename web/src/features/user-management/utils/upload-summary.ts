import type { UploadStats } from '#shared/contracts/users.js';

export type { UploadStats };

/** docs/product.md#errors: the summary shows up to five error details and counts the rest. */
export const UPLOAD_SUMMARY_MAX_DETAILS = 5;

export interface UploadSummary {
  totals: { total: number; created: number; updated: number; errors: number };
  details: UploadStats['error_details'];
  /** Errors not listed (beyond the first five). */
  remaining: number;
}

export function summarizeUpload(stats: UploadStats, maxDetails: number = UPLOAD_SUMMARY_MAX_DETAILS): UploadSummary {
  const details = stats.error_details.slice(0, maxDetails);
  const listed = Math.max(stats.errors, stats.error_details.length);
  return {
    totals: { total: stats.total_rows, created: stats.created, updated: stats.updated, errors: stats.errors },
    details,
    remaining: Math.max(0, listed - details.length),
  };
}

/** docs/product.md#user-management: uploads accept .xlsx and .xls only. */
export function isSpreadsheetName(name: string): boolean {
  return /\.(xlsx|xls)$/i.test(name.trim());
}
