import * as users from '#shared/contracts/users.js';
import { usersSheetsGroup } from '#shared/route-groups/users-sheets.js';
import { bind, createGroupHandler } from './group-handler.js';
import { multipartBody } from '../runtime/http/multipart-body.js';
import { downloadUsersSheet, uploadUsersSheet } from '../domains/accounts/sheets.js';

/** The users sheet routes: their own Lambda, so `users` carries no SheetJS (D73). */
export const handler = createGroupHandler(
  usersSheetsGroup,
  [
    bind(users.downloadUsersSheet, () => downloadUsersSheet()),
    bind(users.uploadUsersSheet, (input, ctx) => uploadUsersSheet(input.body as Record<string, unknown>, ctx)),
  ],
  { multipartBody: multipartBody() },
);
