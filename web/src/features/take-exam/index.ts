/**
 * The take-exam feature's public entry. The result detail screen lists mistakes the way the
 * session summary does; the exam detail screen reads the same exam, statistics and ignored list,
 * toggles the same flags and shares the same way. (The layout places the summary itself: app/
 * imports its host directly.)
 */
export { AnsweredQuestions, type AnsweredQuestionsTestIds } from './components/answered-questions.js';
export { useAnswerDisplay } from './hooks/use-answer-display.js';
export { RetryWrongButton } from './components/retry-wrong-button.js';
export { SummaryStats } from './components/summary-stats.js';
export { reviewEntries } from './utils/session-summary.js';
export { useExam } from './api/get-exam.js';
export { useQuestionStatistics } from './api/get-question-statistics.js';
export { useIgnoredQuestions } from './api/get-ignored-questions.js';
export { loadConnectedStudies, type ConnectedStudy } from './api/get-connected-studies.js';
export { setIgnored } from './api/set-ignored.js';
export { toggleFavorite } from './api/toggle-favorite.js';
export { useShareLink } from './hooks/use-share-link.js';
export { AnswerInput } from './components/answer-input.js';
export { VerdictPanel } from './components/verdict-panel.js';
export { ShortcutsHelp } from './components/shortcuts-help.js';
export { SittingSummary } from './components/sitting-summary.js';
export { useAnswerKeys } from './hooks/use-answer-keys.js';
export { shownVerdict, type ShownVerdict } from './utils/answer-verdict.js';
export type { ReviewEntry } from './utils/session-summary.js';
export { SittingOfferModal } from './components/sitting-offer-modal.js';
export { useSittingOffer, type SittingOffer } from './hooks/use-sitting-offer.js';
export { OfflineExamSwitch } from './components/offline-exam-switch.js';
