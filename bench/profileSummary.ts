// Where a CPU profile (.cpuprofile, as V8's profiler writes it) spent its time, within named time
// windows (host/common.ts's ProfileWindows): per window, the time per call by function (self
// time); and the difference of the command's calls from the calls it is compared with (the
// service through a bare client, a bare edit), which is the extension's own share by function.
import { readFileSync } from 'node:fs';

interface ProfileNode {
  readonly id: number;
  readonly callFrame: { readonly functionName: string; readonly url: string; readonly lineNumber: number };
  readonly children?: readonly number[];
}

interface Profile {
  readonly nodes: readonly ProfileNode[];
  /** µs, on the clock of process.hrtime. */
  readonly startTime: number;
  readonly samples: readonly number[];
  readonly timeDeltas: readonly number[];
}

export interface ProfileLine {
  readonly fn: string;
  readonly ms: number;
}

type Windows = Readonly<Record<string, ReadonlyArray<readonly [number, number]>>>;

function frameName(node: ProfileNode): string {
  const { functionName, url, lineNumber } = node.callFrame;
  const file = url.split('/').pop() ?? url;
  return `${functionName === '' ? '(anonymous)' : functionName} ${file}:${lineNumber + 1}`;
}

/** Per window name: milliseconds per call by function (self time), idle left out. */
function selfTimePerCall(profile: Profile, windows: Windows): Map<string, Map<string, number>> {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const result = new Map<string, Map<string, number>>(Object.keys(windows).map((name) => [name, new Map()]));
  let at = profile.startTime;
  profile.samples.forEach((id, index) => {
    at += profile.timeDeltas[index] ?? 0;
    const node = byId.get(id);
    if (node === undefined || node.callFrame.functionName === '(idle)') return;
    for (const [name, ranges] of Object.entries(windows)) {
      if (ranges.some(([start, end]) => at >= start && at <= end)) {
        // A sample stands for the time until the next one (the thread may have waited for the CPU meanwhile, which load makes long).
        const ms = (profile.timeDeltas[index + 1] ?? 0) / 1000 / ranges.length;
        const lines = result.get(name);
        lines?.set(frameName(node), (lines.get(frameName(node)) ?? 0) + ms);
      }
    }
  });
  return result;
}

const rounded = (ms: number): number => Math.round(ms * 100) / 100;

function top(map: Map<string, number>, count: number): ProfileLine[] {
  return [...map.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([fn, ms]) => ({ fn, ms: rounded(ms) }));
}

export interface ProfileSummary {
  /** Per window name: total busy ms per call, and the top functions. */
  readonly windows: Record<string, { readonly calls: number; readonly busyMsPerCall: number; readonly top: ProfileLine[] }>;
  /** `command` minus every other window, by function: what the command does beyond them. */
  readonly commandOwn?: { readonly busyMsPerCall: number; readonly top: ProfileLine[] } | undefined;
}

export function summarizeProfile(file: string, windowsFile: string, count = 12): ProfileSummary {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const windows = JSON.parse(readFileSync(windowsFile, 'utf8')) as Windows;
  const perCall = selfTimePerCall(profile, windows);
  const total = (map: Map<string, number> | undefined): number => [...(map ?? new Map<string, number>()).values()].reduce((sum, ms) => sum + ms, 0);
  const summary: ProfileSummary['windows'] = {};
  for (const [name, map] of perCall) {
    summary[name] = { calls: windows[name]?.length ?? 0, busyMsPerCall: rounded(total(map)), top: top(map, count) };
  }
  const command = perCall.get('command');
  if (command === undefined) {
    return { windows: summary };
  }
  const own = new Map(command);
  for (const [name, map] of perCall) {
    if (name !== 'command') {
      for (const [fn, ms] of map) {
        own.set(fn, (own.get(fn) ?? 0) - ms);
      }
    }
  }
  return { windows: summary, commandOwn: { busyMsPerCall: rounded(total(own)), top: top(own, count) } };
}
