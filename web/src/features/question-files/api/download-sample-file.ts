import { downloadSampleFile } from '#shared/contracts/files.js';
import type { Language } from '#shared/domain/language.js';
import { downloadFile } from '../../../lib/api-client.js';

/** The sample sheet of the question format, in the given language. */
export function downloadSample(language: Language) {
  return downloadFile(downloadSampleFile, { params: { lang: language } }, `questions_sample_${language}.xlsx`);
}
