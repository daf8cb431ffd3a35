import * as dailyQuiz from '../contracts/daily-quiz.js';
import * as profile from '../contracts/profile.js';
import type { RouteGroup } from '../route-group.js';

export const profileGroup: RouteGroup = {
  name: 'profile',
  handler: 'functions/groups/profile.ts',
  // No hashing; the data export (an xlsx) is profile-export.
  memoryMb: 512,
  timeoutSeconds: 29,
  routes: [
    profile.getProfileLanguage,
    profile.getProfile,
    profile.updateProfile,
    profile.updateRetentionSettings,
    profile.changeLanguage,
    profile.deleteMyAccount,
    dailyQuiz.dailyMailUnsubscribePage,
    dailyQuiz.dailyMailUnsubscribe,
  ],
  // Withdrawal deletes the user's private question files from the bucket.
  // Its stores' DynamoDB actions, checked against its bundle (tests/infra/lambda-bundle-contents.test.ts).
  dynamo: ['GetItem', 'BatchGetItem', 'Query', 'PutItem', 'UpdateItem', 'DeleteItem', 'BatchWriteItem'],
  access: { appTable: 'write', ephemeralTable: 'write', filesBucket: 'write' },
};
