import { LIMITS } from '#shared/domain/limits.js';
import { AppError } from './app-error.js';
import type { MultipartBodyParser } from './create-group-handler.js';

/**
 * The multipart body parser, for the route groups that have multipart routes (the spreadsheet
 * groups). A group hands it to `createGroupHandler`; the others never import it, so busboy
 * (~26 KB minified, a few ms of every cold start even when never run) stays out of their
 * bundles (D73), and those that do read it in a lazy chunk on their first multipart request (D478).
 *
 * No busboy `files` limit: busboy skips a part past that limit without draining it, so a second
 * file over its 16 KB buffer never lets the parse finish and the request hangs. The body is
 * already whole in memory and capped (bodyLimit), so every part is parsed and extra files refused.
 */
export function multipartBody(): MultipartBodyParser {
  // Read on the first multipart request, not at init: most requests of these groups are downloads (D478).
  let parser: Promise<{ before?: (request: never) => unknown }> | undefined;
  return async (request) => {
    parser ??= import('@middy/http-multipart-body-parser').then(({ default: httpMultipartBodyParser }) =>
      httpMultipartBodyParser({ busboy: { limits: { fileSize: LIMITS.maxMultipartBodyBytes } } }),
    );
    await (
      await parser
    ).before!(request as never);
    refuseExtraFiles((request.event as { body?: unknown }).body);
  };
}

/** One uploaded file per request: middy gives a repeated file field as an array of attachments. */
function refuseExtraFiles(form: unknown): void {
  const isFile = (value: unknown) => typeof value === 'object' && value !== null && 'content' in value;
  const files = Object.values(form as Record<string, unknown>).flatMap((value) =>
    Array.isArray(value) ? value : [value],
  );
  if (files.filter(isFile).length > 1) throw new AppError(400, 'invalid_multipart');
}
