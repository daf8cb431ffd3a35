import {
  checkExistingFile,
  createUploadUrl,
  deleteQuestionFile as deleteRoute,
  downloadQuestionFile as downloadRoute,
  downloadSampleFile,
  importUploadedFile,
  listQuestionFiles,
  updateQuestionFile,
  type QuestionFile,
} from '../../../../../shared/contracts/files.js';
import type { Language } from '../../../../../shared/domain/language.js';
import { callApi, downloadFile } from '../../../lib/api-client.js';
import { useApi } from '../../../lib/use-api.js';

/** GET /api/question-files/ — own and public files (admins: all, optionally by visibility). */
export function useQuestionFiles(isPublic?: boolean, enabled = true) {
  return useApi(listQuestionFiles, enabled ? { query: isPublic === undefined ? {} : { is_public: String(isPublic) } } : null);
}

/** GET /api/question-files/check-existing/{name}/ */
export function checkExisting(name: string) {
  return callApi(checkExistingFile, { params: { name } });
}

export function requestUploadUrl(file: File) {
  return callApi(createUploadUrl, { body: { file_name: file.name, size: file.size, content_type: file.type || undefined } });
}

export function importUpload(uploadId: string, fileName: string, isPublic: boolean) {
  return callApi(importUploadedFile, { body: { upload_id: uploadId, file_name: fileName, is_public: isPublic } });
}

/** PATCH /api/question-files/{id}/ — the public flag. */
export function setFilePublic(file: QuestionFile, isPublic: boolean) {
  return callApi(updateQuestionFile, { params: { name: file.id }, body: { is_public: isPublic } });
}

export function deleteQuestionFile(file: QuestionFile) {
  return callApi(deleteRoute, { params: { name: file.id } });
}

/** The file's own bytes, saved under its name. */
export function downloadQuestionFile(file: QuestionFile) {
  return downloadFile(downloadRoute, { params: { name: file.id } }, file.name);
}

export function downloadSample(language: Language) {
  return downloadFile(downloadSampleFile, { params: { lang: language } }, `questions_sample_${language}.xlsx`);
}
