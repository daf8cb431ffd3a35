/**
 * Key builders for the two tables (docs/architecture.md lists every access pattern).
 * Items carry `pk`/`sk` and, where an access pattern needs it, `gsi1pk`/`gsi1sk`.
 */
export const keys = {
  // ephemeral table
  session: (sessionKey: string) => ({ pk: `SESSION#${sessionKey}`, sk: 'SESSION' }),
  sessionByUser: (userId: string, sessionKey: string) => ({ gsi1pk: `USER#${userId}#SESSIONS`, gsi1sk: sessionKey }),
  throttle: (scope: string, subject: string) => ({ pk: `THROTTLE#${scope}#${subject}`, sk: 'THROTTLE' }),
  /** Single-use email verification token, stored by the SHA-256 of the token. */
  emailToken: (tokenHash: string) => ({ pk: `EMAILTOKEN#${tokenHash}`, sk: 'EMAILTOKEN' }),
  /** Lets withdrawal find (and delete) a user's pending tokens, which hold their address. */
  emailTokenByUser: (userId: string, tokenHash: string) => ({ gsi1pk: `USER#${userId}#EMAILTOKENS`, gsi1sk: tokenHash }),
  // app table
  user: (userId: string) => ({ pk: `USER#${userId}`, sk: 'USER' }),
  username: (username: string) => ({ pk: `USERNAME#${username.trim().toLowerCase()}`, sk: 'USERNAME' }),
  email: (email: string) => ({ pk: `EMAIL#${email.trim().toLowerCase()}`, sk: 'EMAIL' }),
};
