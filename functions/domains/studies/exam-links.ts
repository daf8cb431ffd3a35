import { provideStudiesOfExams } from '../exams/on-demand.js';
import { membershipsIn } from './study-store.js';
import { unlinkTask } from './task-store.js';

// What exams need of the studies that link them (domains/exams/studies-of-exams.ts), given as this domain loads.
provideStudiesOfExams({ memberships: membershipsIn, unlinkTask });
