import * as profile from '../contracts/profile.js';
import type { RouteGroup } from '../route-group.js';

/** The personal data export (an xlsx, SheetJS): its own Lambda, so `profile` loads none of it (D73). */
export const profileExportGroup: RouteGroup = {
  name: 'profile-export',
  handler: 'functions/groups/profile-export.ts',
  // Builds the whole workbook in memory.
  memoryMb: 512,
  timeoutSeconds: 29,
  routes: [profile.exportUserData],
  // Reads the caller's partition; writes nothing but the session's lastSeenAt.
  // The bucket: the export lists the question images of the user's exams (D138).
  access: { appTable: 'read', ephemeralTable: 'sessions', filesBucket: 'read' },
};
