// The files domain's public face (question files, the S3 object store and the question pool); it may import only users, tags (through their index.ts). docs/architecture.md §1.6.
export { fileQuestionEntity, QUESTION_SK_PREFIX } from './entities/file-question.js';
export { fileEntity } from './entities/file.js';
export { QUESTION_COUNTER_SHARDS, questionPoolCounterEntity } from './entities/question-pool-counter.js';
export { storedQuestionSchema, type StoredQuestion } from './entities/stored-question.js';
export { discardFile, readPool, removeFileRecord, type FileRecord } from './file-store.js';
export {
  checkExistingFile,
  createUploadUrl,
  deleteQuestionFile,
  DOWNLOAD_TYPES,
  downloadQuestionFile,
  listQuestionFiles,
  questionPoolCount,
  updateQuestionFile,
} from './files.js';
export { resolveFile } from './resolve.js';
export { copyObject, deleteObject, listObjectKeys, putObject, readObject } from './object-store.js';
export { getFiles, poolQuestionsAt } from './file-store.js';
