import type { FileRecord } from '../files/index.js';
import type { ExamRecord, StoredQuestion } from './exam-store.js';

/** The questions a new exam starts from, and whether any of them is private (shared by the ways of choosing them). */

/** A question of a file's pool: `<fileId>-<order>`. */
export const POOL_ID = /^([0-9a-z]{20})-(\d+)$/;

export interface Selection {
  questions: StoredQuestion[];
  file: FileRecord | null;
  /** Some chosen question came from a private file or a private exam. */
  hasPrivateQuestions: boolean;
  /** The exam each question copied out of an exam came from: its images are copied along (D180). */
  sourceExams?: Map<string, string>;
}

/** A file counts as private unless it is explicitly public (the original treated a missing flag as public). */
export const isPrivateFile = (file: FileRecord) => file.is_public !== true;

/** An exam's questions are private when the exam is private or already holds private questions. */
export const holdsPrivateQuestions = (exam: ExamRecord) => !exam.is_public || !!exam.has_private_questions;
