import { downloadStudyTasksSheet as route } from '#shared/contracts/studies.js';
import { downloadFile } from '../../../lib/api-client.js';

/** GET /api/studies/{id}/download-excel/ — saved as {title}_tasks.xlsx (the server names it; this is the fallback). */
export function downloadStudyTasksSheet(studyId: string, title: string) {
  return downloadFile(route, { params: { id: studyId } }, `${title}_tasks.xlsx`);
}
