import * as auth from '../contracts/auth.js';
import type { RouteGroup } from '../route-group.js';

export const authGroup: RouteGroup = {
  name: 'auth',
  handler: 'functions/groups/auth.ts',
  // scrypt (N=2^17, r=8) needs 128 MiB per hash; 1024 MB buys the CPU share that keeps a login near 0.3 s.
  memoryMb: 1024,
  timeoutSeconds: 15,
  routes: [
    auth.register,
    auth.login,
    auth.logout,
    auth.authStatus,
    auth.changePassword,
    auth.sendEmailVerification,
    auth.verifyEmail,
    auth.googleOauthConfig,
    auth.googleSignIn,
  ],
  // Its stores' DynamoDB actions, checked against its bundle (tests/infra/lambda-bundle-contents.test.ts).
  dynamo: ['GetItem', 'BatchGetItem', 'Query', 'PutItem', 'UpdateItem', 'DeleteItem', 'BatchWriteItem'],
  access: { appTable: 'write', ephemeralTable: 'write', sendMail: true },
};
