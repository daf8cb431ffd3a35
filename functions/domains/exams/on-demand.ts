/** The hook the route groups wire at load without this domain's index (D478, studies-of-exams.ts). */
export { loadStudiesOfExamsOnDemand, provideStudiesOfExams, type StudiesOfExams } from './studies-of-exams.js';
