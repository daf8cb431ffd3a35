import * as exportsContracts from '../contracts/exports.js';
import type { RouteGroup } from '../route-group.js';

/**
 * The personal data export (an xlsx, SheetJS): its own Lambda, so `profile` loads none of it (D73).
 * Also every background export's job and download routes (D195), whatever group built the file.
 */
export const profileExportGroup: RouteGroup = {
  name: 'profile-export',
  handler: 'functions/groups/profile-export.ts',
  // Builds the whole workbook in memory.
  memoryMb: 512,
  timeoutSeconds: 29,
  // Builds exports in an asynchronous invocation of itself (D195).
  background: { timeoutSeconds: 900 },
  routes: [exportsContracts.startUserDataExport, exportsContracts.getExportJob, exportsContracts.downloadExport],
  // Reads the caller's partition; writes export jobs (ephemeral table) and their files (the bucket,
  // which it also reads for the question images the export lists, D138).
  // Its stores' DynamoDB actions, checked against its bundle (tests/infra/lambda-bundle-contents.test.ts).
  dynamo: ['GetItem', 'BatchGetItem', 'Query', 'PutItem', 'UpdateItem'],
  access: { appTable: 'read', ephemeralTable: 'write', filesBucket: 'write' },
};
