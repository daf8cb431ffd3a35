import type { TFunction } from 'i18next';
import type { ImportStats } from '#shared/contracts/files.js';

/** The one line that sums up an import: rows read, imported, skipped and why. */
export function importStatsLine(t: TFunction, stats: ImportStats): string {
  return t('questionFiles.upload.stats', {
    count: stats.total_rows,
    imported: stats.imported,
    skipped: stats.skipped,
    blank: stats.skipped_blank_answer,
    duplicates: stats.duplicates_removed,
    long: stats.skipped_too_long,
    assigned: stats.ids_assigned,
  });
}
