import * as studyMembers from '../contracts/study-members.js';
import type { RouteGroup } from '../route-group.js';

export const studyMembersGroup: RouteGroup = {
  name: 'study-members',
  handler: 'functions/groups/study-members.ts',
  memoryMb: 512,
  timeoutSeconds: 29,
  routes: [
    studyMembers.listStudyMembers,
    studyMembers.listStudyJoinRequests,
    studyMembers.addMember,
    studyMembers.updateMember,
    studyMembers.deleteMember,
    studyMembers.importMembers,
    studyMembers.createJoinRequest,
    studyMembers.listMyJoinRequests,
    studyMembers.removeMyJoinRequest,
    studyMembers.respondToJoinRequest,
    studyMembers.cancelJoinRequest,
  ],
  // Its stores' DynamoDB actions, checked against its bundle (tests/infra/lambda-bundle-contents.test.ts).
  dynamo: ['GetItem', 'BatchGetItem', 'Query', 'PutItem', 'UpdateItem', 'DeleteItem', 'ConditionCheckItem'],
  access: { appTable: 'write', ephemeralTable: 'sessions' },
};
