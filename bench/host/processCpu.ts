// The CPU time of every process on this machine, by what it is in the bench (Linux's /proc): this
// extension host, the workbench's renderer (the webviews render in it too), the browser's other
// processes, the VS Code server, and the bench's runner, which also runs the local service. On two
// cores a run's throughput is shared out among them, so where a round's CPU went says more than
// the extension host's share alone. Elsewhere than Linux, nothing is measured.
import { readFileSync, readdirSync } from 'node:fs';

export const PROCESS_KINDS = ['extensionHost', 'renderer', 'browser', 'server', 'serviceAndRunner', 'other'] as const;
export type ProcessKind = (typeof PROCESS_KINDS)[number];

/** Clock ticks a second of /proc/<pid>/stat's times (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

type Snapshot = ReadonlyMap<number, { readonly kind: ProcessKind; readonly ticks: number }>;

function kindOf(pid: number, commandLine: string): ProcessKind {
  if (pid === process.pid) return 'extensionHost';
  if (commandLine.includes('--type=renderer')) return 'renderer';
  if (commandLine.includes('chromium')) return 'browser';
  if (commandLine.includes('server-main.js')) return 'server';
  if (commandLine.includes('bench/run.js')) return 'serviceAndRunner';
  return 'other';
}

/** Every process's user + system ticks so far; undefined without /proc. */
export function cpuSnapshot(): Snapshot | undefined {
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return undefined;
  }
  const snapshot = new Map<number, { kind: ProcessKind; ticks: number }>();
  for (const name of pids) {
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      // The command name may hold spaces and parentheses: the fields start after the last ')'.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const ticks = Number(fields[11]) + Number(fields[12]);
      const pid = Number(name);
      snapshot.set(pid, { kind: kindOf(pid, readFileSync(`/proc/${name}/cmdline`, 'utf8').replace(/\0/g, ' ')), ticks });
    } catch {
      // The process ended meanwhile.
    }
  }
  return snapshot;
}

/** Milliseconds of CPU each kind of process used between two snapshots (processes that ended meanwhile are not counted). */
export function cpuBetween(before: Snapshot, after: Snapshot): Record<ProcessKind, number> {
  const used = Object.fromEntries(PROCESS_KINDS.map((kind) => [kind, 0])) as Record<ProcessKind, number>;
  for (const [pid, { kind, ticks }] of after) {
    used[kind] += ((ticks - (before.get(pid)?.ticks ?? 0)) * 1000) / TICKS_PER_SECOND;
  }
  return used;
}
