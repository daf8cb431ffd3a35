export { fileQuestionEntity, QUESTION_SK_PREFIX } from './entities/file-question.js';
export { fileEntity } from './entities/file.js';
export { QUESTION_COUNTER_SHARDS, questionPoolCounterEntity } from './entities/question-pool-counter.js';
export { storedQuestionSchema, type StoredQuestion } from './entities/stored-question.js';
export { discardFile, readPool, removeFileRecord, type FileRecord } from './file-store.js';
export { checkExistingFile, createUploadUrl, deleteQuestionFile, DOWNLOAD_TYPES, downloadQuestionFile, listQuestionFiles, questionPoolCount, updateQuestionFile } from './files.js';
export { resolveFile } from './resolve.js';
