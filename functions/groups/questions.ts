import * as notesContracts from '#shared/contracts/notes-questions.js';
import * as contracts from '#shared/contracts/questions.js';
import { questionsGroup } from '#shared/route-groups/questions.js';
import { bind, createGroupHandler } from './group-handler.js';
import {
  bulkUpdateGroup,
  copyQuestions,
  deleteQuestions,
  moveQuestions,
  addQuestion,
  deleteQuestion,
  updateQuestion,
  evaluateAnswer,
  favoriteExamQuestions,
  ignoreQuestion,
  ignoredQuestions,
  toggleFavorite,
  unignoreQuestion,
} from '../domains/exams/index.js';
import { notesModelQuestions, notesModelStatus } from '../domains/notes/index.js';
import { createQuestionMemberMapping, questionMemberMappings } from '../domains/studies/index.js';

export const handler = createGroupHandler(questionsGroup, [
  bind(contracts.updateQuestion, updateQuestion),
  bind(contracts.addQuestion, addQuestion),
  bind(contracts.deleteQuestion, deleteQuestion),
  bind(contracts.toggleFavorite, toggleFavorite),
  bind(contracts.favoriteExamQuestions, favoriteExamQuestions),
  bind(contracts.ignoreQuestion, ignoreQuestion),
  bind(contracts.unignoreQuestion, unignoreQuestion),
  bind(contracts.ignoredQuestions, ignoredQuestions),
  bind(contracts.evaluateAnswer, evaluateAnswer),
  bind(contracts.moveQuestions, moveQuestions),
  bind(contracts.copyQuestions, copyQuestions),
  bind(contracts.deleteQuestions, deleteQuestions),
  bind(contracts.bulkUpdateGroup, bulkUpdateGroup),
  bind(contracts.createQuestionMemberMapping, createQuestionMemberMapping),
  bind(contracts.questionMemberMappings, questionMemberMappings),
  bind(notesContracts.notesModelStatus, notesModelStatus),
  bind(notesContracts.notesModelQuestions, notesModelQuestions),
]);
