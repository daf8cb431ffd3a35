import { downloadExport as route } from '#shared/contracts/exports.js';
import { urlFor } from '../../../lib/api-client.js';

/**
 * GET /api/exports/{id}/download/ — followed as a link, not fetched: the route answers 302 to a
 * presigned GET on the bucket, whose Content-Disposition makes the browser save the file and stay on the page.
 */
export function saveExport(id: string): void {
  const link = document.createElement('a');
  link.href = urlFor(route, { params: { id } });
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}
