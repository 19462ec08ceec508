// `npm run test:interop`: the promptfoo export, run by promptfoo itself. Installs promptfoo 0.123.1
// into a temporary folder (about 2 GB, so not part of `npm test`) and runs it on Node 24 from the
// harness (promptfoo needs Node 22 or later) against the local service; runs gist-check on the same
// test files; every test × variant must pass or fail the same in both. Prints a row per cell and
// exits non-zero on any difference. Hostile test files (templates, file:// and package: in values,
// lists, schemas, descriptions) must agree too, and those the export cannot write must be refused.
// Set GIST_INTEROP_PROMPTFOO_DIR to a folder that has promptfoo installed already to skip the
// install (it is left in place then).
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { loadCheckLibraries } from '../../src/expectations/checkLibraries';
import { loadTestFile } from '../../src/checks/testFileLoad';
import { variantsToRun } from '../../src/checks/checkNames';
import { PROMPTFOO_VERSION, promptfooConfig, promptfooYaml } from '../../src/checks/promptfooExport';
import { startService } from '../../tools/service/index';
import { ensureInstalled } from '../../tools/vscodeServer/install';
import { NODE_BIN, REPO_ROOT } from '../../tools/vscodeServer/paths';

const KEY = 'gk_demo_ada';
const log = (line: string): void => void process.stdout.write(`[interop] ${line}\n`);

interface Finished {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** A child run without blocking this process, whose event loop serves the local service both programs call. */
function run(command: string, args: readonly string[], options: { readonly cwd: string; readonly env: NodeJS.ProcessEnv; readonly timeoutMs: number }): Promise<Finished> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: options.cwd, env: options.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => void (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => void (stderr += chunk.toString()));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${path.basename(args[0] ?? command)} did not finish in ${options.timeoutMs / 1000} s:\n${stdout}\n${stderr}`));
    }, options.timeoutMs);
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once('close', (status) => {
      clearTimeout(timer);
      resolve({ status, stdout, stderr });
    });
  });
}

const echo = (description: string, text: string, assert: unknown[], extra: Record<string, unknown> = {}): unknown => ({ description, vars: { text }, assert, ...extra });

/** Every deterministic type, with not-, weights, thresholds, sets, {{ var }}, defaultTest: passing and failing. */
const ECHO_FILE = {
  gist: 'echo',
  variants: ['plain', null],
  defaultTest: { assert: [{ type: 'not-icontains', value: 'undefined' }] },
  tests: [
    echo('starts-with passes', 'Hello Ada', [{ type: 'starts-with', value: 'Hello' }]),
    echo('equals fails', 'Goodbye', [{ type: 'equals', value: 'Hello' }]),
    echo('contains and icontains', 'The Loom is here', [{ type: 'contains', value: 'Loom' }, { type: 'icontains', value: 'the loom' }]),
    echo('contains-any, contains-all as comma text', 'Paris and Rome', [{ type: 'contains-any', value: ['Berlin', 'Rome'] }, { type: 'contains-all', value: 'Paris, Rome' }]),
    echo('icontains-all fails', 'Paris and Rome', [{ type: 'icontains-all', value: ['paris', 'london'] }]),
    echo('not-contains fails', 'an error occurred', [{ type: 'not-contains', value: 'error' }]),
    echo('regex', 'Order 123456 shipped', [{ type: 'regex', value: '\\b\\d{5,}\\b' }, { type: 'not-regex', value: '^Refund' }]),
    echo('regex fails', 'no digits', [{ type: 'regex', value: '\\d+' }]),
    // A JSON object or array as a value is refused by the export (promptfoo would send it as JSON), so JSON scalars here.
    echo('is-json with a schema', '36', [{ type: 'is-json', value: { type: 'integer', minimum: 18 } }]),
    echo('is-json fails the schema', '3', [{ type: 'is-json', value: { type: 'integer', minimum: 18 } }]),
    echo('is-json fails on text', 'not JSON', [{ type: 'is-json' }]),
    echo('contains-json in text', 'Here: {"ok": true} done', [{ type: 'contains-json' }, { type: 'not-is-json' }]),
    echo('levenshtein within', 'kitten', [{ type: 'levenshtein', value: 'sitting', threshold: 3 }]),
    echo('levenshtein beyond', 'kitten', [{ type: 'levenshtein', value: 'sitting', threshold: 2 }]),
    echo('latency', 'quick', [{ type: 'latency', threshold: 10000 }]),
    echo('word-count bounds', 'one two three four', [{ type: 'word-count', value: { min: 2, max: 5 } }, { type: 'not-word-count', value: 3 }]),
    echo('character-count (translated)', 'naïve 🐸', [{ type: 'character-count', value: 7 }, { type: 'character-count', value: { max: 10 } }]),
    echo('character-count fails', 'a longer output than allowed', [{ type: 'character-count', value: { max: 10 } }]),
    echo('(?i) regex (translated)', 'DEAR Ada', [{ type: 'regex', value: '(?i)^dear' }]),
    echo('weighted below the threshold', 'Goodbye world', [{ type: 'equals', value: 'Hello world', weight: 2 }, { type: 'contains', value: 'world', weight: 1 }], { threshold: 0.6 }), // with defaultTest's check: (0·2 + 1 + 1) / 4 = 0.5
    echo('weighted above the threshold', 'Goodbye world', [{ type: 'equals', value: 'Hello world', weight: 2 }, { type: 'contains', value: 'world', weight: 1 }], { threshold: 0.2 }),
    echo('weight 0 never fails', 'abc', [{ type: 'contains', value: 'x', weight: 0 }, { type: 'contains', value: 'a' }]),
    echo('assert-set with a threshold', 'Your tracking number', [
      { type: 'assert-set', threshold: 0.5, assert: [{ type: 'icontains-any', value: ['tracking', 'delivery'] }, { type: 'regex', value: '\\d{5,}' }] },
    ]),
    echo('assert-set all must pass', 'Your tracking number', [{ type: 'assert-set', assert: [{ type: 'icontains', value: 'tracking' }, { type: 'regex', value: '\\d{5,}' }] }]),
    { description: '{{ var }} in a value', vars: { text: 'Hi Grace', who: 'Grace' }, assert: [{ type: 'contains', value: '{{ who }}' }] },
    echo('quotes, new lines and emoji in a value', 'say "hi"\nnaïve {"k": 1} 🐸', [{ type: 'contains', value: '"hi"' }, { type: 'contains-json' }]),
    echo('defaultTest fails', 'undefined value', [{ type: 'contains', value: 'value' }]),
  ],
  testsFile: 'echo-rows.csv',
};

const ECHO_CSV = [
  'text,__expected1,__expected2,__description,__threshold',
  'Paris is the capital,contains: Paris,not-icontains: sorry,csv contains,',
  'Tokyo,Tokyo,,csv equals text,',
  'Kyoto,Tokyo,,csv equals text fails,',
  '"Rome, Roma","contains-any: Rome, Berlin",,csv list,',
  'kitten,levenshtein(3):sitting,,csv levenshtein,',
  'nothing here,contains: x,contains: nothing,csv threshold,0.5',
  '',
].join('\n');

/** A gist whose variants say different things: a check that holds for one and not the other. */
const WELCOME_FILE = {
  gist: 'welcome-email',
  variants: ['formal', 'friendly'],
  tests: [
    { description: 'names them', vars: { name: 'Ada', product: 'Loom' }, assert: [{ type: 'contains-all', value: ['Ada', 'Loom'] }] },
    { description: 'opens with Dear', vars: { name: 'Ada', product: 'Loom' }, assert: [{ type: 'starts-with', value: 'Dear' }] },
    { description: 'short enough', vars: { name: 'Ada', product: 'Loom' }, assert: [{ type: 'word-count', value: { max: 15 } }] },
  ],
};

/**
 * Test files whose strings promptfoo would render, load or fill from the environment: the export
 * writes them so that promptfoo takes them as text, and both must still agree cell for cell.
 */
const HOSTILE_FILE = {
  gist: 'echo',
  variants: ['plain'],
  defaultTest: { assert: [{ type: 'not-contains', value: 'file://defaults.js' }] },
  tests: [
    echo('{{ 7*7 }} in a description stays text', 'see file://evil.js here', [{ type: 'contains', value: 'file://evil.js', metric: 'package:metric' }]),
    echo('package: and FILE:// values are text', 'nothing', [{ type: 'contains', value: 'package:evil' }, { type: 'not-icontains', value: '  FILE://x.py' }]),
    echo('half a template and a comment end are text', 'a { env } b', [{ type: 'not-contains', value: '{{ env.GIST_API_KEY }' }, { type: 'not-contains', value: '#} c' }, { type: 'contains', value: '{ env }' }]),
    echo('lists hold file:// and braces as text', 'open { here', [{ type: 'contains-any', value: ['file://a.py', 'open {'] }, { type: 'not-contains-any', value: ['}}', 'env.GIST_API_KEY'] }]),
    echo('a schema given as text holds a template as text', '"quoted"', [{ type: 'is-json', value: '{"type": "string", "description": "{{ env.GIST_API_KEY }} {% raw %}"}' }]),
    echo('(?i) with braces and dots', 'Price: {USD} 1.5', [{ type: 'regex', value: '(?i)price: \\{usd\\} 1\\.5' }]),
    { description: '{{ who }} beside braces', vars: { text: 'Hi Grace}', who: 'Grace' }, assert: [{ type: 'contains', value: '{{ who }}}' }] },
  ],
};

/** Test files the export must refuse, saying where: promptfoo would run, load or fill in something of theirs. */
const REFUSED_FILES: Record<string, unknown> = {
  'a variable holding {{ env.GIST_API_KEY }}': { gist: 'echo', tests: [{ vars: { text: '{{ env.GIST_API_KEY }}' }, assert: [] }] },
  'a variable promptfoo would load': { gist: 'echo', tests: [{ vars: { text: 'file://promptfooconfig.yaml' }, assert: [] }] },
  'a variable ending with a line break': { gist: 'echo', tests: [{ vars: { text: 'two lines\n' }, assert: [] }] },
  'a description naming env.': { gist: 'echo', tests: [{ description: 'key {{ env.GIST_API_KEY }}', vars: { text: 'x' }, assert: [] }] },
  'a gist id naming env.': { gist: '{{ env.GIST_API_KEY }}', tests: [{ vars: { text: 'x' }, assert: [] }] },
  'a $ref in a schema': { gist: 'echo', tests: [{ vars: { text: '1' }, assert: [{ type: 'is-json', value: { definitions: { s: { type: 'string' } }, $ref: '#/definitions/s' } }] }] },
};

interface Verdicts {
  readonly cells: Map<string, boolean | 'error'>;
}

function promptfooVerdicts(file: string): Verdicts {
  const output = JSON.parse(readFileSync(file, 'utf8')) as { results: { results: Array<{ testCase: { description?: string }; provider: { label?: string }; success: boolean; error?: string | null; failureReason?: unknown }> } };
  const cells = new Map<string, boolean | 'error'>();
  for (const result of output.results.results) {
    // promptfoo marks a provider error as failureReason 2 (ResultFailureReason.ERROR).
    cells.set(`${result.testCase.description ?? '?'} › ${result.provider.label ?? '?'}`, result.failureReason === 2 ? 'error' : result.success);
  }
  return { cells };
}

function gistCheckVerdicts(resultsFiles: readonly string[]): Verdicts {
  const cells = new Map<string, boolean | 'error'>();
  for (const file of resultsFiles) {
    const lines = readFileSync(file, 'utf8').trim().split('\n').slice(1);
    for (const line of lines) {
      const result = JSON.parse(line) as { variant: string | null; error: unknown; checks?: { pass: boolean; test: string }; values: Record<string, string> };
      const variant = result.variant ?? 'Automatic';
      if (result.checks === undefined) cells.set(`? › ${variant}`, 'error');
      else cells.set(`${result.checks.test} › ${variant}`, result.checks.pass);
    }
  }
  return { cells };
}

async function main(): Promise<number> {
  if (!existsSync(NODE_BIN)) await ensureInstalled(log);
  const given = process.env.GIST_INTEROP_PROMPTFOO_DIR;
  if (given !== undefined) mkdirSync(given, { recursive: true });
  const promptfooDir = given ?? mkdtempSync(path.join(os.tmpdir(), `gist-interop-promptfoo-${PROMPTFOO_VERSION}-`));
  const work = mkdtempSync(path.join(os.tmpdir(), 'gist-interop-'));
  const env = { ...process.env, PATH: `${path.dirname(NODE_BIN)}${path.delimiter}${process.env.PATH ?? ''}` };
  const service = await startService();
  try {
    const main = path.join(promptfooDir, 'node_modules', 'promptfoo', 'dist', 'src', 'main.js');
    if (!existsSync(main)) {
      log(`installing promptfoo ${PROMPTFOO_VERSION} into ${promptfooDir} (about 2 GB; a few minutes)…`);
      writeFileSync(path.join(promptfooDir, 'package.json'), '{"name":"interop","version":"1.0.0","private":true}');
      try {
        execFileSync('npm', ['install', '--no-audit', '--no-fund', `promptfoo@${PROMPTFOO_VERSION}`], { cwd: promptfooDir, env, stdio: 'inherit' });
      } catch (error) {
        throw new Error(
          `promptfoo ${PROMPTFOO_VERSION} could not be installed from the npm registry (${error instanceof Error ? error.message : String(error)}), so the export was not checked. This check needs the registry and about 2 GB of disk; or install promptfoo@${PROMPTFOO_VERSION} into a folder yourself and set GIST_INTEROP_PROMPTFOO_DIR to it.`,
        );
      }
    }
    await loadCheckLibraries();
    const mismatches: string[] = [];
    for (const [what, content] of Object.entries(REFUSED_FILES)) {
      const testFile = path.join(work, 'refused.gisttest.json');
      const text = JSON.stringify(content, null, 2);
      writeFileSync(testFile, text);
      const loaded = await loadTestFile(testFile, { root: work });
      const exported = promptfooConfig({ loaded, text, variants: variantsToRun(loaded.file.variants, undefined), baseUrl: service.url, apiKeyHeader: 'SERVICE-API-KEY', testFileName: 'refused.gisttest.json' });
      // Refused with its line, or by checks itself (the Problems view shows the line).
      const refusedWithPlace = !exported.ok && /\bline \d+|gist id|has problems/i.test(exported.reason);
      log(`${refusedWithPlace ? 'refused' : 'NOT REFUSED'}  ${what}${exported.ok ? '' : `: ${exported.reason}`}`);
      if (!refusedWithPlace) mismatches.push(`${what}: the export ${exported.ok ? 'wrote it' : `refused it without saying where (${exported.reason})`}`);
    }
    const files = { 'echo.gisttest.json': ECHO_FILE, 'welcome.gisttest.json': WELCOME_FILE, 'hostile.gisttest.json': HOSTILE_FILE };
    writeFileSync(path.join(work, 'echo-rows.csv'), ECHO_CSV);
    let compared = 0;
    for (const [name, content] of Object.entries(files)) {
      const testFile = path.join(work, name);
      const text = JSON.stringify(content, null, 2);
      writeFileSync(testFile, text);
      const loaded = await loadTestFile(testFile, { root: work });
      if (loaded.problems.length > 0) throw new Error(`${name}: ${loaded.problems.map((problem) => problem.message).join('; ')}`);
      const exported = promptfooConfig({ loaded, text, variants: variantsToRun(loaded.file.variants, undefined), baseUrl: service.url, apiKeyHeader: 'SERVICE-API-KEY', testFileName: name, ...(loaded.csvPath !== undefined ? { csvRelative: path.basename(loaded.csvPath) } : {}) });
      if (!exported.ok) throw new Error(`${name} cannot be exported: ${exported.reason}`);
      const folder = path.join(work, name.replace(/\.gisttest\.json$/, ''));
      mkdirSync(folder);
      writeFileSync(path.join(folder, 'promptfooconfig.yaml'), await promptfooYaml(exported, name));
      if (loaded.csvPath !== undefined) writeFileSync(path.join(folder, path.basename(loaded.csvPath)), readFileSync(loaded.csvPath));

      log(`${name}: promptfoo eval (Node 24)…`);
      const promptfoo = await run(NODE_BIN, [main, 'eval', '-c', 'promptfooconfig.yaml', '--no-cache', '--no-progress-bar', '--no-table', '-o', 'results.json'], {
        cwd: folder,
        env: { ...env, GIST_API_KEY: KEY, HOME: path.join(work, 'home'), PROMPTFOO_DISABLE_TELEMETRY: '1', PROMPTFOO_DISABLE_UPDATE: '1', PROMPTFOO_DISABLE_SHARING: '1' },
        timeoutMs: 300_000,
      });
      if (!existsSync(path.join(folder, 'results.json'))) throw new Error(`promptfoo wrote no results (exit ${String(promptfoo.status)}):\n${promptfoo.stdout}\n${promptfoo.stderr}`);
      if (`${promptfoo.stdout}${promptfoo.stderr}`.includes(KEY)) mismatches.push(`${name}: promptfoo printed the key (the exported config must not make it log headers)`);

      log(`${name}: gist-check…`);
      const results = path.join(work, `${name}.gistrun.jsonl`);
      const check = await run(process.execPath, [path.join(REPO_ROOT, 'dist', 'cli', 'gist-check.js'), name, '--base-url', service.url, '--results', results], { cwd: work, env: { ...process.env, GIST_API_KEY: KEY, GITHUB_ACTIONS: '' }, timeoutMs: 300_000 });
      if (check.status === 2) throw new Error(`gist-check could not run:\n${check.stdout}\n${check.stderr}`);

      const theirs = promptfooVerdicts(path.join(folder, 'results.json')).cells;
      const ours = gistCheckVerdicts([results]).cells;
      for (const cell of new Set([...theirs.keys(), ...ours.keys()])) {
        const a = ours.get(cell);
        const b = theirs.get(cell);
        compared += 1;
        const same = a === b;
        log(`${same ? 'same' : 'DIFF'}  ${cell}: gist-check ${String(a ?? 'missing')}, promptfoo ${String(b ?? 'missing')}`);
        if (!same) mismatches.push(`${name}: ${cell}: gist-check ${String(a ?? 'missing')}, promptfoo ${String(b ?? 'missing')}`);
      }
    }
    log(`${compared} test × variant cells compared; ${mismatches.length === 0 ? 'every one passes or fails the same in promptfoo and gist-check' : `${mismatches.length} differ:`}`);
    for (const mismatch of mismatches) log(`  ${mismatch}`);
    return mismatches.length === 0 ? 0 : 1;
  } finally {
    await service.close();
    rmSync(work, { recursive: true, force: true });
    if (given === undefined) rmSync(promptfooDir, { recursive: true, force: true });
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    log(`failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    process.exitCode = 2;
  },
);
