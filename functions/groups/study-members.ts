import * as members from '#shared/contracts/study-members.js';
import { studyMembersGroup } from '#shared/route-groups/study-members.js';
import { bind, createGroupHandler } from './group-handler.js';
import {
  cancelJoinRequest,
  createJoinRequest,
  listJoinRequestsOfStudy,
  listMyJoinRequests,
  removeMyJoinRequest,
  respondToJoinRequest,
  addMember,
  deleteMember,
  importMembers,
  listStudyMembers,
  updateMember,
} from '../domains/studies/index.js';

export const handler = createGroupHandler(studyMembersGroup, [
  bind(members.listStudyMembers, (input, ctx) => listStudyMembers(input, ctx)),
  bind(members.listStudyJoinRequests, (input, ctx) => listJoinRequestsOfStudy(input, ctx)),
  bind(members.addMember, (input, ctx) => addMember(input, ctx)),
  bind(members.updateMember, (input, ctx) => updateMember(input, ctx)),
  bind(members.deleteMember, (input, ctx) => deleteMember(input, ctx)),
  bind(members.importMembers, (input, ctx) => importMembers(input, ctx)),
  bind(members.createJoinRequest, (input, ctx) => createJoinRequest(input, ctx)),
  bind(members.listMyJoinRequests, (input, ctx) => listMyJoinRequests(input, ctx)),
  bind(members.removeMyJoinRequest, (input, ctx) => removeMyJoinRequest(input, ctx)),
  bind(members.respondToJoinRequest, (input, ctx) => respondToJoinRequest(input, ctx)),
  bind(members.cancelJoinRequest, (input, ctx) => cancelJoinRequest(input, ctx)),
]);
