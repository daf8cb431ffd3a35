import type { ImportPreview } from '#shared/contracts/files.js';
import type { ColumnRole, SheetReading } from '#shared/domain/question-sheet.js';
import { readingBody } from '../utils/sheet-reading.js';

/** What a preview request carries besides the upload: the mapping (when the learner set one) and the reading. */
export interface PreviewRequest {
  seq: number;
  uploadId: string;
  fileName: string;
  mapping?: ColumnRole[];
  reading?: SheetReading;
}

/**
 * An upload in storage, previewed and waiting for the learner's confirmation. `answer` is the last
 * preview the server sent, kept on screen while a new one loads; `mapping` and `reading` are what
 * the learner chose, which the next request and the import send.
 *
 * - `ready`: the answer is that of the current choices; the import may be confirmed.
 * - `loading`: a choice changed and `request` is being asked (after a short pause: changes typed in
 *   a row, such as arrow keys on a select, make one request).
 * - `failed`: the last request was refused; `error` says why and the import waits for another choice.
 */
export interface PreviewSession {
  status: 'ready' | 'loading' | 'failed';
  file: File;
  uploadId: string;
  answer: ImportPreview;
  mapping: ColumnRole[];
  reading: SheetReading;
  /** False after a reading change: the columns may change with it, so the server proposes them again. */
  mappingChosen: boolean;
  seq: number;
  request: PreviewRequest | null;
  error: string | null;
}

export type PreviewState = PreviewSession | null;

export type PreviewAction =
  | { type: 'opened'; file: File; uploadId: string; answer: ImportPreview }
  | { type: 'readingChanged'; reading: SheetReading }
  | { type: 'roleChanged'; index: number; role: ColumnRole }
  | { type: 'answered'; uploadId: string; seq: number; answer: ImportPreview }
  | { type: 'failed'; uploadId: string; seq: number; error: string }
  | { type: 'closed' };

const rolesOf = (answer: ImportPreview) => answer.columns.map((column) => column.role);

function ask(session: PreviewSession, changes: Pick<PreviewSession, 'mapping' | 'reading' | 'mappingChosen'>) {
  const seq = session.seq + 1;
  const request: PreviewRequest = {
    seq,
    uploadId: session.uploadId,
    fileName: session.file.name,
    mapping: changes.mappingChosen ? changes.mapping : undefined,
    reading: readingBody(changes.reading),
  };
  return { ...session, ...changes, status: 'loading' as const, seq, request };
}

/** Whether an answer belongs to the request now wanted (not to an earlier choice or another upload). */
const current = (state: PreviewState, uploadId: string, seq: number): state is PreviewSession =>
  state !== null && state.status === 'loading' && state.uploadId === uploadId && state.seq === seq;

export function previewReducer(state: PreviewState, action: PreviewAction): PreviewState {
  switch (action.type) {
    case 'opened':
      return {
        status: 'ready',
        file: action.file,
        uploadId: action.uploadId,
        answer: action.answer,
        mapping: rolesOf(action.answer),
        reading: {},
        mappingChosen: false,
        seq: 0,
        request: null,
        error: null,
      };
    case 'readingChanged':
      if (!state) return state;
      // The columns may change with the reading: the mapping goes back to the server's proposal.
      return ask(state, { reading: action.reading, mapping: state.mapping, mappingChosen: false });
    case 'roleChanged':
      if (!state || action.index >= state.mapping.length) return state;
      return ask(state, {
        reading: state.reading,
        mapping: state.mapping.map((role, i) => (i === action.index ? action.role : role)),
        mappingChosen: true,
      });
    case 'answered':
      if (!current(state, action.uploadId, action.seq)) return state;
      return {
        ...state,
        status: 'ready',
        answer: action.answer,
        mapping: rolesOf(action.answer),
        request: null,
        error: null,
      };
    case 'failed':
      if (!current(state, action.uploadId, action.seq)) return state;
      return { ...state, status: 'failed', request: null, error: action.error };
    case 'closed':
      return null;
  }
}

/** The import's choices: the mapping and the reading the learner saw previewed. */
export function importChoices(session: PreviewSession): { mapping: ColumnRole[]; reading?: SheetReading } {
  return { mapping: session.mapping, reading: readingBody(session.reading) };
}
