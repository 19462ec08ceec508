// How long parseTestFile takes on plain Node, for the two files the checks benches parse: the
// 1,000-test file gist-check runs (checksFile) and the 200 files the Test Explorer discovers
// (discoveryFile). Not part of `npm run bench`: a focused measurement for work on the parser.
//
//   node out/bench/parseTestFileBench.js [--build <out dir>] [--rounds 15]
//   node out/bench/parseTestFileBench.js --compare <old out dir> [--rounds 15] [--cold 5]
//
// `--build` loads parseTestFile from another compiled tree (e.g. main's out/), so two versions
// are measured by one script. `--compare` alternates old and new in one process for the warm
// medians (each version's JIT warmed first), and starts fresh processes of each in turn for the
// cold figures (the first call in a process: module load excluded, JIT cold).
import { spawnSync } from 'node:child_process';
import * as path from 'node:path';
import { checksFile, discoveryFile, DISCOVERY_FILES } from './checksRun';
import { median, round } from './stats';

type Parse = (source: { bytes: Uint8Array }) => { readonly tests: readonly unknown[]; readonly problems: readonly unknown[] };

interface Version {
  readonly parse: Parse;
  readonly load: () => Promise<unknown>;
}

function versionFrom(outDir: string | undefined): Version {
  const root = outDir === undefined ? path.join(__dirname, '..') : path.resolve(outDir);
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const parser = require(path.join(root, 'src', 'expectations', 'parseTestFile.js')) as { parseTestFile: Parse };
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const libraries = require(path.join(root, 'src', 'expectations', 'checkLibraries.js')) as { loadCheckLibraries: () => Promise<unknown> };
  return { parse: parser.parseTestFile, load: libraries.loadCheckLibraries };
}

const bigFile = new TextEncoder().encode(checksFile(1000));
const discovery = Array.from({ length: DISCOVERY_FILES }, (_, index) => new TextEncoder().encode(discoveryFile(index)));

function timeBig(parse: Parse): number {
  const started = performance.now();
  const file = parse({ bytes: bigFile });
  const ms = performance.now() - started;
  if (file.tests.length !== 1000 || file.problems.length !== 0) throw new Error('checksFile(1000) did not parse cleanly');
  return ms;
}

function timeDiscovery(parse: Parse): number {
  const started = performance.now();
  for (const bytes of discovery) {
    const file = parse({ bytes });
    if (file.tests.length !== 10 || file.problems.length !== 0) throw new Error('a discovery file did not parse cleanly');
  }
  return performance.now() - started;
}

function option(name: string): string | undefined {
  const at = process.argv.indexOf(name);
  return at === -1 ? undefined : process.argv[at + 1];
}

/** One process's cold figure: the first parse of `which` after the libraries are loaded. */
async function coldChild(build: string | undefined, which: string): Promise<void> {
  const version = versionFrom(build);
  await version.load();
  const ms = which === 'big' ? timeBig(version.parse) : timeDiscovery(version.parse);
  process.stdout.write(`${ms}\n`);
}

function coldRun(build: string | undefined, which: 'big' | 'discovery'): number {
  const args = [__filename, '--cold-child', which, ...(build === undefined ? [] : ['--build', build])];
  const child = spawnSync(process.execPath, args, { encoding: 'utf8' });
  if (child.status !== 0) throw new Error(`cold run failed: ${child.stderr}`);
  return Number(child.stdout.trim());
}

async function main(): Promise<void> {
  const coldWhich = option('--cold-child');
  if (coldWhich !== undefined) return coldChild(option('--build'), coldWhich);
  const rounds = Number(option('--rounds') ?? 15);
  const coldRounds = Number(option('--cold') ?? 5);
  const old = option('--compare');
  const builds: Array<{ label: string; build: string | undefined }> = old === undefined ? [{ label: option('--build') ?? 'this', build: option('--build') }] : [{ label: 'old', build: old }, { label: 'new', build: undefined }];
  const versions = builds.map(({ build }) => versionFrom(build));
  for (const version of versions) await version.load();
  // Warm-up: each version's JIT sees both files a few times before anything is counted.
  for (const version of versions) {
    for (let index = 0; index < 3; index++) {
      timeBig(version.parse);
      timeDiscovery(version.parse);
    }
  }
  const warm = builds.map(() => ({ big: [] as number[], discovery: [] as number[] }));
  for (let round_ = 0; round_ < rounds; round_++) {
    // Alternate which goes first, so neither always runs after the other's garbage.
    const order = round_ % 2 === 0 ? versions.map((_, index) => index) : versions.map((_, index) => versions.length - 1 - index);
    for (const index of order) {
      warm[index]!.big.push(timeBig(versions[index]!.parse));
      warm[index]!.discovery.push(timeDiscovery(versions[index]!.parse));
    }
  }
  const cold = builds.map(() => ({ big: [] as number[], discovery: [] as number[] }));
  for (let round_ = 0; round_ < coldRounds; round_++) {
    for (const [index, { build }] of builds.entries()) {
      cold[index]!.big.push(coldRun(build, 'big'));
      cold[index]!.discovery.push(coldRun(build, 'discovery'));
    }
  }
  console.log(`parseTestFile, medians (warm: ${rounds} rounds; cold: first call in ${coldRounds} fresh processes each)`);
  console.log('version  checksFile(1000) warm  cold     200 discovery files warm  cold');
  for (const [index, { label }] of builds.entries()) {
    const row = [median(warm[index]!.big), median(cold[index]!.big), median(warm[index]!.discovery), median(cold[index]!.discovery)].map((ms) => `${round(ms, 1)} ms`.padStart(9));
    console.log(`${label.padEnd(8)} ${row[0]}            ${row[1]}   ${row[2]}                ${row[3]}`);
  }
  if (builds.length === 2) {
    const ratio = (pick: (figures: { big: number[]; discovery: number[] }) => number[]): string => `${round(median(pick(warm[0]!)) / median(pick(warm[1]!)), 2)}×`;
    const coldRatio = (pick: (figures: { big: number[]; discovery: number[] }) => number[]): string => `${round(median(pick(cold[0]!)) / median(pick(cold[1]!)), 2)}×`;
    console.log(`speed-up: checksFile(1000) warm ${ratio((f) => f.big)}, cold ${coldRatio((f) => f.big)}; discovery warm ${ratio((f) => f.discovery)}, cold ${coldRatio((f) => f.discovery)}`);
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
