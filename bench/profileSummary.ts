// Where a CPU profile (.cpuprofile, as V8's profiler writes it) spent its time: the functions with
// the most self time, and the extension's own code by total time (itself and what it calls).
import { readFileSync } from 'node:fs';

interface ProfileNode {
  readonly id: number;
  readonly callFrame: { readonly functionName: string; readonly url: string; readonly lineNumber: number };
  readonly children?: readonly number[];
}

interface Profile {
  readonly nodes: readonly ProfileNode[];
  readonly samples: readonly number[];
  readonly timeDeltas: readonly number[];
}

export interface ProfileLine {
  readonly fn: string;
  readonly ms: number;
}

function frameName(node: ProfileNode): string {
  const { functionName, url, lineNumber } = node.callFrame;
  const file = url.split('/').pop() ?? url;
  return `${functionName === '' ? '(anonymous)' : functionName} ${file}:${lineNumber + 1}`;
}

export function summarizeProfile(file: string, top = 15): { readonly selfMs: ProfileLine[]; readonly extensionTotalMs: ProfileLine[] } {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) {
    for (const child of node.children ?? []) {
      parent.set(child, node.id);
    }
  }
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  profile.samples.forEach((id, index) => {
    const ms = (profile.timeDeltas[index + 1] ?? 0) / 1000;
    const node = byId.get(id);
    if (node === undefined) return;
    self.set(frameName(node), (self.get(frameName(node)) ?? 0) + ms);
    // Each extension frame on the stack once, so recursion is not counted twice.
    const seen = new Set<string>();
    for (let current: number | undefined = id; current !== undefined; current = parent.get(current)) {
      const frame = byId.get(current);
      if (frame !== undefined && frame.callFrame.url.includes('/dist/extension.js')) {
        const name = frameName(frame);
        if (!seen.has(name)) {
          seen.add(name);
          total.set(name, (total.get(name) ?? 0) + ms);
        }
      }
    }
  });
  const sorted = (map: Map<string, number>): ProfileLine[] =>
    [...map.entries()]
      .filter(([fn]) => !fn.startsWith('(idle)') && !fn.startsWith('(program)'))
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([fn, ms]) => ({ fn, ms: Math.round(ms * 100) / 100 }));
  return { selfMs: sorted(self), extensionTotalMs: sorted(total) };
}
