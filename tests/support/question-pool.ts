import type { FixtureUser } from './fixture-users.js';
import { itemsOwnedBy } from './exam-store.js';
import { multipartForm } from './sheets.js';

/** The user's stored questions (every file's), read back from the table in file order. */
export async function questionPoolOf(user: FixtureUser) {
  return (await itemsOwnedBy(user.id))
    .filter((i) => i.type === 'QUESTION')
    .sort((a, b) => Number(a.order) - Number(b.order));
}

/** A private question file uploaded through the multipart route; its status and JSON answer. */
export async function uploadQuestionFile(user: FixtureUser, name: string, bytes: Buffer) {
  const res = await user.client.request('POST', '/api/upload-questions/', {
    body: multipartForm({ is_public: 'false' }, { name, bytes }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}
