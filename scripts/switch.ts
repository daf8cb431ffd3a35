import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { attachToLocalCloud } from '../local/attach.js';
import { SWITCH_NAMES, readSwitches, setSwitch } from '../local/switches.js';
import type { SwitchName } from '../functions/runtime/switches.js';

/**
 * `npm run switch`: prints the kill switches of the local cloud; `npm run switch -- <name> on|off`
 * flips one (docs/deploy.md has the AWS command).
 */
const rootDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const [name, state] = process.argv.slice(2);
if (name !== undefined && (!SWITCH_NAMES.includes(name as SwitchName) || (state !== 'on' && state !== 'off'))) {
  console.error(`usage: npm run switch [-- <name> on|off]\nswitches: ${SWITCH_NAMES.join(', ')}`);
  process.exit(2);
}
const local = await attachToLocalCloud(rootDir, resolve(process.env.DATA_DIR ?? join(rootDir, '.data')));
try {
  if (name !== undefined) await setSwitch(name as SwitchName, state === 'on');
  console.log(JSON.stringify(await readSwitches()));
} finally {
  await local.release();
}
