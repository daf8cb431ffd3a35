import { downloadExamsSheet as route } from '#shared/contracts/exam-sheets.js';
import { downloadFile } from '../../../lib/api-client.js';
import { examsSheetName } from '../utils/sheet-summary.js';

/** Admin: every exam as exams_{timestamp}.xlsx. */
export function downloadExamsSheet() {
  return downloadFile(route, {}, examsSheetName());
}
