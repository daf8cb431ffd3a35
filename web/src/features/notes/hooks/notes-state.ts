import type { ImportReport, ImportStats } from '#shared/contracts/files.js';
import { readGaps } from '../generator/cloze-text.js';
import type { Candidate, GenerateResult, NotesLanguage, Tier } from '../generator/types.js';
import type { NotesFileProblem } from '../utils/read-notes-file.js';

/** A candidate on screen: what the learner edited, and whether it is kept. */
export interface EditableCandidate extends Candidate {
  kept: boolean;
}

/** The model's answer (POST /api/notes-questions/): grounded candidates, and how many were dropped. */
export interface ModelResult {
  candidates: { content: string; answer: string; source: string; tier: 'model' }[];
  dropped: number;
  calls_left: number;
}

export interface SavedFile {
  name: string;
  stats: ImportStats;
  report: ImportReport;
}

/**
 * docs/product.md#questions-from-notes, the notes screen as a state machine:
 *
 * - `input`: notes pasted or a file chosen; `problem` says why the last file or text was refused.
 * - `reading`: a file is being read (its parser loads on first use).
 * - `generating`: the rules are running, `progress` from 0 to 1, or (`tier` model) the server's model.
 * - `review`: the candidates, each editable, dropped or kept; the file name to save under.
 * - `saving`: the kept candidates go through the question file import.
 * - `saved`: the import's report.
 */
export type NotesPhase = 'input' | 'reading' | 'generating' | 'review' | 'saving' | 'saved';

export type LanguageChoice = 'auto' | NotesLanguage;

export type InputProblem = NotesFileProblem | 'noNotes' | 'noCandidates' | 'loadFailed' | 'modelOff';

export interface NotesState {
  phase: NotesPhase;
  text: string;
  language: LanguageChoice;
  /** The file the text came from, when it came from one. */
  sourceName: string | null;
  problem: InputProblem | null;
  progress: number;
  /** The tier asked last: the rules, or the model. */
  tier: Tier;
  /** The model's candidates dropped because their source is not in the notes (last model call). */
  modelDropped: number;
  /** Model calls left today, once a model call answered. */
  modelCallsLeft: number | null;
  /** The server's reason a model call failed (over the day's limit, the model not answering…). */
  modelError: string | null;
  candidates: EditableCandidate[];
  words: number;
  cappedFrom: number | null;
  candidatesCapped: boolean;
  fileName: string;
  saveError: string | null;
  saved: SavedFile | null;
}

export type NotesAction =
  | { type: 'textChanged'; text: string }
  | { type: 'languageChanged'; language: LanguageChoice }
  | { type: 'fileReading'; name: string }
  | { type: 'fileRead'; name: string; text: string }
  | { type: 'refused'; problem: InputProblem }
  | { type: 'generating'; tier?: Tier }
  | { type: 'modelGenerated'; result: ModelResult; language: NotesLanguage; fileName: string }
  | { type: 'modelFailed'; error: string }
  | { type: 'progressed'; share: number }
  | { type: 'generated'; result: GenerateResult; fileName: string }
  | { type: 'edited'; id: string; content?: string; answer?: string }
  | { type: 'kept'; id: string; kept: boolean }
  | { type: 'allKept'; kept: boolean }
  | { type: 'fileNameChanged'; fileName: string }
  | { type: 'saving' }
  | { type: 'saveFailed'; error: string }
  | { type: 'saved'; saved: SavedFile }
  | { type: 'backToInput' }
  | { type: 'restarted' };

export const INITIAL_NOTES_STATE: NotesState = {
  phase: 'input',
  text: '',
  language: 'auto',
  sourceName: null,
  problem: null,
  progress: 0,
  tier: 'rules',
  modelDropped: 0,
  modelCallsLeft: null,
  modelError: null,
  candidates: [],
  words: 0,
  cappedFrom: null,
  candidatesCapped: false,
  fileName: '',
  saveError: null,
  saved: null,
};

/** An edited cloze keeps its answers in its gaps; any other candidate has the one answer typed. */
function edit(candidate: EditableCandidate, content?: string, answer?: string): EditableCandidate {
  const nextContent = content ?? candidate.content;
  const gaps = readGaps(nextContent).map((g) => g.answer);
  const gapless =
    answer !== undefined
      ? [answer]
      : candidate.kind === 'definition' || candidate.kind === 'table' || candidate.kind === 'question'
        ? candidate.answers
        : [];
  const answers = gaps.length > 0 ? gaps : gapless;
  return { ...candidate, content: nextContent, answers };
}

const during = (state: NotesState, phases: NotesPhase[]) => phases.includes(state.phase);

/** A model candidate on screen: a cloze when it has gaps (their texts are its answers), else a question. */
export function modelCandidate(
  candidate: ModelResult['candidates'][number],
  index: number,
  language: NotesLanguage,
): EditableCandidate {
  const gaps = readGaps(candidate.content).map((g) => g.answer);
  return {
    id: `model-${index}`,
    kind: gaps.length > 0 ? 'cloze' : 'question',
    tier: 'model',
    language,
    content: candidate.content,
    answers: gaps.length > 0 ? gaps : [candidate.answer],
    source: candidate.source,
    kept: true,
  };
}

function modelGenerated(state: NotesState, action: Extract<NotesAction, { type: 'modelGenerated' }>): NotesState {
  const { result } = action;
  const counted = { ...state, modelDropped: result.dropped, modelCallsLeft: result.calls_left };
  if (result.candidates.length === 0) return { ...counted, phase: 'input', problem: 'noCandidates' };
  return {
    ...counted,
    phase: 'review',
    candidates: result.candidates.map((c, i) => modelCandidate(c, i, action.language)),
    words: 0,
    cappedFrom: null,
    candidatesCapped: false,
    fileName: action.fileName,
    saveError: null,
  };
}

export function notesReducer(state: NotesState, action: NotesAction): NotesState {
  switch (action.type) {
    case 'textChanged':
      return during(state, ['input']) ? { ...state, text: action.text, sourceName: null, problem: null } : state;
    case 'languageChanged':
      return during(state, ['input']) ? { ...state, language: action.language } : state;
    case 'fileReading':
      return during(state, ['input']) ? { ...state, phase: 'reading', problem: null } : state;
    case 'fileRead':
      return during(state, ['reading'])
        ? { ...state, phase: 'input', text: action.text, sourceName: action.name, problem: null }
        : state;
    case 'refused':
      return during(state, ['input', 'reading', 'generating'])
        ? { ...state, phase: 'input', problem: action.problem }
        : state;
    case 'generating':
      return during(state, ['input'])
        ? { ...state, phase: 'generating', progress: 0, problem: null, tier: action.tier ?? 'rules', modelError: null }
        : state;
    case 'modelGenerated':
      return during(state, ['generating']) && state.tier === 'model' ? modelGenerated(state, action) : state;
    case 'modelFailed':
      return during(state, ['generating']) && state.tier === 'model'
        ? { ...state, phase: 'input', modelError: action.error }
        : state;
    case 'progressed':
      return during(state, ['generating']) ? { ...state, progress: action.share } : state;
    case 'generated':
      if (!during(state, ['generating']) || state.tier !== 'rules') return state;
      if (action.result.candidates.length === 0) return { ...state, phase: 'input', problem: 'noCandidates' };
      return {
        ...state,
        phase: 'review',
        candidates: action.result.candidates.map((candidate) => ({ ...candidate, kept: true })),
        words: action.result.words,
        cappedFrom: action.result.cappedFrom,
        candidatesCapped: action.result.candidatesCapped,
        fileName: action.fileName,
        saveError: null,
      };
    case 'edited':
      if (!during(state, ['review'])) return state;
      return {
        ...state,
        candidates: state.candidates.map((c) => (c.id === action.id ? edit(c, action.content, action.answer) : c)),
      };
    case 'kept':
      if (!during(state, ['review'])) return state;
      return {
        ...state,
        candidates: state.candidates.map((c) => (c.id === action.id ? { ...c, kept: action.kept } : c)),
      };
    case 'allKept':
      return during(state, ['review'])
        ? { ...state, candidates: state.candidates.map((c) => ({ ...c, kept: action.kept })) }
        : state;
    case 'fileNameChanged':
      return during(state, ['review']) ? { ...state, fileName: action.fileName, saveError: null } : state;
    case 'saving':
      return during(state, ['review']) ? { ...state, phase: 'saving', saveError: null } : state;
    case 'saveFailed':
      return during(state, ['saving']) ? { ...state, phase: 'review', saveError: action.error } : state;
    case 'saved':
      return during(state, ['saving']) ? { ...state, phase: 'saved', saved: action.saved } : state;
    case 'backToInput':
      return during(state, ['review']) ? { ...state, phase: 'input', candidates: [], saveError: null } : state;
    case 'restarted':
      return INITIAL_NOTES_STATE;
  }
}

/** The candidates that will be saved: kept, with a question and an answer. */
export const savable = (state: NotesState) =>
  state.candidates.filter((c) => c.kept && c.content.trim() !== '' && c.answers.some((a) => a.trim() !== ''));
