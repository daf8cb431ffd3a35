// The users domain's public face (user records and their claims, passwords, sessions and the caller, throttles, email tokens, counters, the scheduled shards); it imports no other domain. docs/architecture.md §1.6.
export { loadCaller } from './caller.js';
export { consumeEmailToken, deleteEmailToken, putEmailToken } from './email-token-store.js';
export { emailClaimEntity, usernameClaimEntity } from './entities/account-claims.js';
export { countersEntity } from './entities/counters.js';
export { emailTokenEntity } from './entities/email-token.js';
export { SCHEDULED_SHARDS, scheduledPartition } from './entities/scheduled-shards.js';
export { sessionEntity } from './entities/session.js';
export { USER_LIST_SHARDS, USER_SK, userEntity } from './entities/user.js';
export { hashPassword, needsRehash, unusablePasswordHash, verifyPassword } from './passwords.js';
export { scheduledEntryPages } from './scheduled-entries.js';
export type { ScheduledEntry } from './entities/scheduled-entry.js';
export {
  createSession,
  deleteSession,
  deleteUserSessions,
  SESSION_ABSOLUTE_SECONDS,
  sessionKey,
} from './session-store.js';
export {
  blockedFor,
  clearThrottle,
  LOGIN_PER_IP,
  LOGIN_PER_USERNAME,
  recordHit,
  REGISTER_PER_IP,
  VERIFICATION_MAIL_PER_USER,
  type ThrottleRule,
} from './throttle-store.js';
export {
  buildUserRecord,
  findUserByEmail,
  findUserByUsername,
  findUserIdByEmail,
  findUserIdByUsername,
  getCallerUser,
  getUser,
  getUsers,
  insertUser,
  StaleUser,
  UniqueConflict,
  userIdsByEmail,
  userIdsByUsername,
  type UserRecord,
} from './user-store.js';
export {
  listAllUsers,
  listUsersPage,
  migrateUserListShards,
  searchUsersByPrefix,
  usersDueForFit,
  dueForFitPage,
  type FitWalkCursor,
} from './user-list-store.js';
export {
  claimFsrsFit,
  releaseFsrsFit,
  markEmailVerified,
  saveFsrsFit,
  setPasswordHash,
  updateUser,
  type FsrsFitFields,
  type UserChanges,
} from './user-update-store.js';
export { displayName, toProfileAnswer, toUserAnswer } from './user-view.js';
