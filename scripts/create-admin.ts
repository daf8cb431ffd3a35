/**
 * npm run create-admin -- <username>
 *
 * Creates a site admin (role admin_role), or promotes an existing user and sets their password.
 *
 * - Username: the first argument, else ADMIN_USERNAME. Optional ADMIN_EMAIL for a new account.
 * - Password: ADMIN_PASSWORD, else a hidden prompt (asked twice). There is no default, and
 *   fewer than 8 characters are refused.
 * - Where: with APP_TABLE in the environment, the tables it names (a deployed stack: run with
 *   that stack's AWS credentials and APP_TABLE / EPHEMERAL_TABLE set). Otherwise the local
 *   engines: those of a running `npm start` (found through <DATA_DIR>/local-cloud.json), or, when
 *   none is running, DynamoDB Local started here on the same DATA_DIR (default .data).
 */
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PASSWORD_RULES } from '#shared/domain/accounts.js';

const rootDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
class CliError extends Error {}

/** Refuses with a message; thrown (not exit) so engines started here are always stopped. */
function fail(message: string): never {
  throw new CliError(message);
}

/** Reads a line from the terminal without echoing it. */
function promptHidden(question: string): Promise<string> {
  const stdin = process.stdin;
  if (!stdin.isTTY) fail('no terminal to ask for the password: set ADMIN_PASSWORD');
  return new Promise((resolvePrompt) => {
    process.stdout.write(question);
    stdin.setRawMode(true);
    stdin.resume();
    stdin.setEncoding('utf8');
    let value = '';
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === '\r' || char === '\n') {
          stdin.setRawMode(false);
          stdin.pause();
          stdin.off('data', onData);
          process.stdout.write('\n');
          resolvePrompt(value);
          return;
        }
        if (char === '\u0003') {
          process.stdout.write('\n');
          process.exit(130);
        }
        if (char === '\u007f' || char === '\b') value = value.slice(0, -1);
        else value += char;
      }
    };
    stdin.on('data', onData);
  });
}

async function readPassword(): Promise<string> {
  const fromEnv = process.env.ADMIN_PASSWORD;
  if (fromEnv !== undefined) return fromEnv;
  const first = await promptHidden('Password for the admin: ');
  const second = await promptHidden('Repeat the password: ');
  if (first !== second) fail('the passwords do not match');
  return first;
}

/** Points the process at the right tables; answers a stop function for engines started here. */
async function connect(): Promise<{ where: string; stop: () => Promise<void> }> {
  if (process.env.APP_TABLE) {
    if (!process.env.EPHEMERAL_TABLE) fail('APP_TABLE is set but EPHEMERAL_TABLE is not');
    return { where: `tables ${process.env.APP_TABLE} / ${process.env.EPHEMERAL_TABLE}`, stop: async () => undefined };
  }
  // The running `npm start` if there is one, else the local engines on the same data.
  const dataDir = resolve(process.env.DATA_DIR ?? join(rootDir, '.data'));
  const { attachToLocalCloud } = await import('../local/attach.js');
  const local = await attachToLocalCloud(rootDir, dataDir);
  return { where: `local data in ${dataDir}`, stop: () => local.release() };
}

async function main() {
  const username = (process.argv[2] ?? process.env.ADMIN_USERNAME ?? '').trim();
  if (!username) fail('usage: npm run create-admin -- <username>   (or set ADMIN_USERNAME)');
  const { isValidUsername } = await import('#shared/domain/accounts.js');
  if (!isValidUsername(username)) fail('a username has 1 to 150 letters, digits or @ . + - _ characters');
  const password = await readPassword();
  if (password.length < PASSWORD_RULES.min) fail(`the password needs at least ${PASSWORD_RULES.min} characters`);
  if (password.length > PASSWORD_RULES.max) fail(`the password can have at most ${PASSWORD_RULES.max} characters`);

  const { where, stop } = await connect();
  try {
    // Imported only now: the clients read their endpoints from the environment set above.
    const { hashPassword, deleteUserSessions, ...repository } = await import('../functions/domains/users/index.js');
    const { cleanEmail } = await import('../functions/domains/accounts/index.js');
    const passwordHash = await hashPassword(password);
    const existing = await repository.findUserByUsername(username);
    if (existing) {
      await repository.updateUser(existing, { role: 'admin_role', passwordHash });
      await deleteUserSessions(existing.id);
      console.log(
        `create-admin: ${existing.username} already existed; promoted to admin_role and given the new password (${where}).`,
      );
    } else {
      let email = '';
      try {
        email = cleanEmail(process.env.ADMIN_EMAIL);
      } catch {
        fail('ADMIN_EMAIL is not a valid address');
      }
      const user = await repository.insertUser({
        username,
        passwordHash,
        email,
        role: 'admin_role',
        auth_provider: 'admin',
      });
      console.log(`create-admin: created admin ${user.username} (${where}).`);
    }
  } catch (error) {
    if (error instanceof Error && error.name === 'UniqueConflict')
      fail('that email address already belongs to another account');
    throw error;
  } finally {
    await stop();
  }
}

try {
  await main();
  process.exit(0);
} catch (error) {
  console.error(
    `create-admin: ${error instanceof CliError ? error.message : ((error as Error).stack ?? String(error))}`,
  );
  process.exit(1);
}
