import { cleanFileName } from '#shared/domain/question-sheet.js';
import { isSiteAdmin } from '#shared/domain/roles.js';
import type { CallerUser } from '../../runtime/http/types.js';
import { nameKey } from '../../runtime/data/key-parts.js';
import { GENERATED_ID } from '../../runtime/data/ids.js';
import { findFilesByName, getFile, getOwnFileByName, type FileRecord } from './file-store.js';

function canSee(file: FileRecord, caller: CallerUser): boolean {
  return file.owner_id === caller.id || file.is_public !== false || isSiteAdmin(caller);
}

/**
 * `{name}` in the file routes: a file id from the list (unambiguous), or a file name resolved in
 * the caller's view: their own file first, then a public file of that name, then (admins) a
 * private one. Another user's private file never resolves for anyone else: 404, as if absent.
 */
export async function resolveFile(ref: string, caller: CallerUser): Promise<FileRecord | null> {
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
