import { exportUserData as route } from '#shared/contracts/profile.js';
import { downloadFile } from '../../../lib/api-client.js';

/** docs/product.md#profile: the name comes from Content-Disposition, else this one. */
export const EXPORT_FALLBACK_NAME = 'user_data_export.xlsx';

/** GET /api/export-user-data/ — saves the xlsx; answers the file name used. */
export function exportUserData() {
  return downloadFile(route, {}, EXPORT_FALLBACK_NAME);
}
