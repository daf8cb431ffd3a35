/**
 * Where leaving the take-exam screen goes (docs/product.md#take-exam "Leaving goes to"), and which query
 * parameters are the screen's own versus filters kept for the way back.
 */

export const RETURN_TARGETS = [
  'favorites',
  'exam-detail',
  'exam-management',
  'study-detail',
  'results',
  'home',
] as const;
export type ReturnTarget = (typeof RETURN_TARGETS)[number];

/** The parameters the screen itself reads; anything else is a filter passed back on return. */
export const OWN_PARAMS = new Set([
  'exam_id',
  'question_id',
  'mode',
  'selected',
  'order',
  'restart',
  'continue',
  'result_id',
  'returnTo',
  'examId',
  'studyId',
  't',
]);

export function isReturnTarget(value: string | null | undefined): value is ReturnTarget {
  return (RETURN_TARGETS as readonly string[]).includes(value ?? '');
}

/** The filter parameters of a take-exam address, in their order. */
export function filterParams(search: URLSearchParams): [string, string][] {
  return [...search.entries()].filter(([name]) => !OWN_PARAMS.has(name));
}

/** A favorites exam (built from the favorites list) is titled so; leaving it goes back to /favorites. */
export function isFavoritesExamTitle(title: string | null | undefined): boolean {
  if (!title) return false;
  return /즐겨찾기|favorite/i.test(title);
}

export interface ReturnAddressInput {
  search: URLSearchParams;
  /** The exam being taken (path or exam_id); null when none is known. */
  examId: string | null;
  /** Every title the exam has (any language): a favorites exam returns to /favorites. */
  examTitles?: readonly (string | null | undefined)[];
  now?: number;
}

export function returnAddress({ search, examId, examTitles = [], now = Date.now() }: ReturnAddressInput): string {
  const returnTo = search.get('returnTo');
  if (returnTo === 'favorites' || examTitles.some(isFavoritesExamTitle)) return '/favorites';
  if (returnTo === 'results') return '/results';
  if (returnTo === 'home') return '/'; // the daily exam, opened from the home or its email
  if (returnTo === 'study-detail') {
    const studyId = search.get('studyId');
    return studyId ? `/study-detail/${encodeURIComponent(studyId)}` : '/study-management';
  }
  // The exam detail's daily exam names its screen: returnTo=exam-detail/{examId}.
  const detailMatch = /^exam-detail\/([^/?#]+)$/.exec(returnTo ?? '');
  if (detailMatch) return `/exam-detail/${encodeURIComponent(decodeURIComponent(detailMatch[1]!))}`;
  const targetExam = search.get('examId') || examId;
  if (returnTo === 'exam-detail' && targetExam) {
    const query = new URLSearchParams([['t', String(now)], ...filterParams(search)]);
    return `/exam-detail/${encodeURIComponent(targetExam)}?${query.toString()}`;
  }
  if (!examId) return '/exam-management';
  return `/exam-management?t=${now}`;
}
