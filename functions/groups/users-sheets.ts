import * as users from '#shared/contracts/users.js';
import { startUsersSheetExport } from '#shared/contracts/exports.js';
import { usersSheetsGroup } from '#shared/route-groups/users-sheets.js';
import { bind, createGroupHandler } from './group-handler.js';
import { multipartBody } from '../runtime/http/multipart-body.js';
import {
  buildUsersSheet,
  EXPORT_TASK,
  downloadUsersSheet,
  runExportJob,
  startExport,
  uploadUsersSheet,
  USERS_SHEET_FILE,
} from '../domains/accounts/sheets.js';

/** The users sheet routes: their own Lambda, so `users` carries no SheetJS (D73); the sheet is built in the background too (D196). */
export const handler = createGroupHandler(
  usersSheetsGroup,
  [
    bind(users.downloadUsersSheet, () => downloadUsersSheet()),
    bind(users.uploadUsersSheet, (input, ctx) => uploadUsersSheet(input.body as Record<string, unknown>, ctx)),
    bind(startUsersSheetExport, (_input, ctx) =>
      startExport(ctx, usersSheetsGroup.name, 'users-sheet', USERS_SHEET_FILE),
    ),
  ],
  {
    multipartBody: multipartBody(),
    background: { [EXPORT_TASK]: (payload) => runExportJob(payload, () => buildUsersSheet()) },
  },
);
