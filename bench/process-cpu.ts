import { readFileSync, readdirSync } from 'node:fs';

/**
 * CPU time of the processes a load run involves, so a throughput ratio can be explained in CPU
 * milliseconds per request on this shared 2-core machine. Linux only (/proc); null elsewhere.
 */
const TICKS_PER_SECOND = 100;

/** The DynamoDB Local JVM listening on `port` (its command line carries `-port <port>`). */
export function dynamoLocalPid(port: number): number | null {
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return null;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const args = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
      const at = args.indexOf('-port');
      if (args.some((a) => a.includes('DynamoDBLocal')) && at >= 0 && args[at + 1] === String(port))
        return Number(entry);
    } catch {
      // The process ended while we looked.
    }
  }
  return null;
}

/** User + system CPU (ms) a process has used so far, children excluded. */
export function processCpuMs(pid: number): number | null {
  try {
    // Fields after the command name (which may hold spaces, hence the last ')'): utime is the 12th, stime the 13th.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(')').at(-1)!.trim().split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

/** This process's user + system CPU (ms). */
export const ownCpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};
