/**
 * Key builders for the two tables (docs/architecture.md lists every access pattern).
 * Items carry `pk`/`sk` and, where an access pattern needs it, `gsi1pk`/`gsi1sk`.
 */
export const keys = {
  // ephemeral table
  session: (sessionKey: string) => ({ pk: `SESSION#${sessionKey}`, sk: 'SESSION' }),
  sessionByUser: (userId: string, sessionKey: string) => ({ gsi1pk: `USER#${userId}#SESSIONS`, gsi1sk: sessionKey }),
  throttle: (scope: string, subject: string) => ({ pk: `THROTTLE#${scope}#${subject}`, sk: 'THROTTLE' }),
  // app table
  user: (userId: string) => ({ pk: `USER#${userId}`, sk: 'USER' }),
  username: (username: string) => ({ pk: `USERNAME#${username.trim().toLowerCase()}`, sk: 'USERNAME' }),
  email: (email: string) => ({ pk: `EMAIL#${email.trim().toLowerCase()}`, sk: 'EMAIL' }),
};
