import * as profile from '#shared/contracts/profile.js';
import { profileExportGroup } from '#shared/route-groups/profile-export.js';
import { bind, createGroupHandler } from './group-handler.js';
import { exportUserData } from '../domains/accounts/sheets.js';

/** The data export (an xlsx): its own Lambda, so `profile` carries no SheetJS (D73). */
export const handler = createGroupHandler(profileExportGroup, [
  bind(profile.exportUserData, (_input, ctx) => exportUserData(ctx)),
]);
