/**
 * The studies feature's public entry: the member screen reads its study (title, the caller's
 * rights) and the caller's studies (import source); the home lists the caller's open studies.
 */
export { useMyStudies } from './api/get-studies.js';
export { useStudy } from './api/get-study.js';
export { openStudies } from './utils/open-studies.js';
export { studyPeriod, studyTitle } from './utils/study-view.js';
