import * as studies from '#shared/contracts/studies.js';
import { studiesGroup } from '#shared/route-groups/studies.js';
import { bind, createGroupHandler } from './group-handler.js';
import {
  createStudy,
  deleteStudy,
  getStudy,
  listStudies,
  updateStudy,
  createStudyTask,
  deleteStudyTask,
  listStudyTasks,
  updateStudyTask,
} from '../domains/studies/index.js';

export const handler = createGroupHandler(studiesGroup, [
  bind(studies.listStudies, listStudies),
  bind(studies.createStudy, createStudy),
  bind(studies.getStudy, getStudy),
  bind(studies.updateStudy, updateStudy),
  bind(studies.deleteStudy, deleteStudy),
  bind(studies.listStudyTasks, listStudyTasks),
  bind(studies.createStudyTask, createStudyTask),
  bind(studies.updateStudyTask, updateStudyTask),
  bind(studies.deleteStudyTask, deleteStudyTask),
]);
