import * as files from '#shared/contracts/files.js';
import { filesGroup } from '#shared/route-groups/files.js';
import { bind, createGroupHandler } from './group-handler.js';
import * as services from '../domains/files/index.js';

export const handler = createGroupHandler(filesGroup, [
  bind(files.createUploadUrl, services.createUploadUrl),
  bind(files.listQuestionFiles, services.listQuestionFiles),
  bind(files.checkExistingFile, services.checkExistingFile),
  bind(files.updateQuestionFile, services.updateQuestionFile),
  bind(files.deleteQuestionFile, services.deleteQuestionFile),
  bind(files.downloadQuestionFile, services.downloadQuestionFile),
  bind(files.questionPoolCount, services.questionPoolCount),
]);
