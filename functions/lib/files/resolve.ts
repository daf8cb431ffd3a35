import { cleanFileName } from '#shared/domain/question-sheet.js';
import { isSiteAdmin } from '#shared/domain/roles.js';
import type { RequestContext } from '../http/types.js';
import { nameKey } from '../data/entities/index.js';
import { GENERATED_ID } from '../data/ids.js';
import { findFilesByName, getFile, getOwnFileByName, type FileRecord } from './file-store.js';

type Caller = NonNullable<RequestContext['caller']>['user'];

function canSee(file: FileRecord, caller: Caller): boolean {
  return file.owner_id === caller.id || file.is_public !== false || isSiteAdmin(caller);
}

/**
 * `{name}` in the file routes: a file id from the list (unambiguous), or a file name resolved in
 * the caller's view: their own file first, then a public file of that name, then (admins) a
 * private one. Another user's private file never resolves for anyone else: 404, as if absent.
 */
export async function resolveFile(ref: string, caller: Caller): Promise<FileRecord | null> {
  if (GENERATED_ID.test(ref)) {
    const file = await getFile(ref);
    return file && canSee(file, caller) ? file : null;
  }
  const key = nameKey(cleanFileName(ref));
  const own = await getOwnFileByName(caller.id, key);
  if (own) return own;
  const [publicFile] = await findFilesByName(true, key);
  if (publicFile) return publicFile;
  if (isSiteAdmin(caller)) return (await findFilesByName(false, key))[0] ?? null;
  return null;
}
