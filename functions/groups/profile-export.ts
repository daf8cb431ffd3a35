import * as exportsContracts from '#shared/contracts/exports.js';
import { profileExportGroup } from '#shared/route-groups/profile-export.js';
import { bind, createGroupHandler } from './group-handler.js';
import {
  buildExportWorkbook,
  downloadExport,
  EXPORT_TASK,
  getExportJob,
  runExportJob,
  startUserDataExport,
} from '../domains/accounts/sheets.js';

/** The data export (an xlsx): its own Lambda, so `profile` carries no SheetJS (D73); builds it in the background too (D195). */
export const handler = createGroupHandler(
  profileExportGroup,
  [
    bind(exportsContracts.startUserDataExport, (_input, ctx) => startUserDataExport(ctx, profileExportGroup.name)),
    bind(exportsContracts.getExportJob, (input, ctx) => getExportJob(ctx, input.params.id)),
    bind(exportsContracts.downloadExport, (input, ctx) => downloadExport(ctx, input.params.id)),
  ],
  { background: { [EXPORT_TASK]: (payload) => runExportJob(payload, (job) => buildExportWorkbook(job.userId)) } },
);
