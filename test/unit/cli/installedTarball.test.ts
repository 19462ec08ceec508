// gist-check as users get it: the npm package packed from dist/cli/gist-check.js (what `npm run
// package:cli` makes), installed offline into an empty folder (so it can have no dependencies),
// and run with `npx gist-check` against the local service: checks that pass, that fail, a tolerated
// pass rate, the service down, a bad test file, a key the service refuses, JUnit XML parsed back (and valid against Jenkins' schema),
// GitHub annotations, and the key never in anything it prints or writes.
import { strict as assert } from 'node:assert';
import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { startService, type RunningService } from '../../../tools/service/index';
import { packCli } from '../../../tools/cli/packCli';
import { makeTestCa } from '../support/testCa';
import { JENKINS_JUNIT_XSD, schemaErrors } from '../support/xmlSchema';

const KEY = 'gk_demo_ada';

interface Ran {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

function run(cwd: string, args: readonly string[], env: Record<string, string | undefined> = {}): Promise<Ran> {
  return new Promise((resolve, reject) => {
    const child = spawn('npx', ['--no-install', 'gist-check', ...args], { cwd, env: { ...process.env, GIST_API_KEY: KEY, GITHUB_ACTIONS: '', GITHUB_STEP_SUMMARY: '', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr: stderr.replace(/^npm warn.*\n/gm, '') }));
  });
}

/** An echo test: the service gives `text` back, so what passes and what fails is known. */
function echoTest(description: string, text: string, assertions: unknown[]): unknown {
  return { description, vars: { text }, assert: assertions };
}

describe('gist-check, installed from its tarball', function () {
  this.timeout(60_000);
  let folder: string;
  let project: string;
  let service: RunningService;

  before(async function () {
    folder = mkdtempSync(path.join(os.tmpdir(), 'gist-check-install-'));
    const tarball = packCli(folder);
    assert.match(path.basename(tarball), /^gist-check-\d+\.\d+\.\d+\.tgz$/);
    project = path.join(folder, 'project');
    mkdirSync(project);
    writeFileSync(path.join(project, 'package.json'), '{"name":"consumer","version":"1.0.0","private":true}');
    // Offline: an install that needed any dependency from the registry would fail here.
    execFileSync('npm', ['install', '--offline', '--no-audit', '--no-fund', tarball], { cwd: project, stdio: 'pipe' });
    const manifest = JSON.parse(readFileSync(path.join(project, 'node_modules', 'gist-check', 'package.json'), 'utf8')) as Record<string, unknown>;
    assert.equal(manifest.dependencies, undefined, 'the package has no dependencies');
    service = await startService();
    mkdirSync(path.join(project, 'checks'));
    // One assertion a line, so each has a line of its own to be reported at.
    writeFileSync(
      path.join(project, 'checks', 'echo.gisttest.json'),
      [
        '{',
        '  "gist": "echo",',
        '  "variants": ["plain"],',
        '  "tests": [',
        ...[
          echoTest('greets', 'Hello Ada', [{ type: 'starts-with', value: 'Hello' }]),
          echoTest('is json', '{"a": 1}', [{ type: 'is-json' }]),
          echoTest('equals', 'same', [{ type: 'equals', value: 'same' }]),
        ].map((test) => `    ${JSON.stringify(test)},`),
        '    { "description": "fails on purpose", "vars": { "text": "Goodbye" }, "assert": [',
        '      { "type": "contains", "value": "Goodbye" },',
        '      { "type": "equals", "value": "Hello" }',
        '    ] }',
        '  ]',
        '}',
      ].join('\n'),
    );
  });

  after(async function () {
    await service?.close();
    rmSync(folder, { recursive: true, force: true });
  });

  beforeEach(function () {
    service.clearFaults();
  });

  it('passes a file whose checks all pass, with a line per test × variant and exit 0', async function () {
    writeFileSync(path.join(project, 'passing.gisttest.json'), JSON.stringify({ gist: 'echo', variants: ['plain'], tests: [echoTest('one', 'x', [{ type: 'equals', value: 'x' }])] }));
    const ran = await run(project, ['passing.gisttest.json', '--base-url', service.url]);
    assert.equal(ran.code, 0, ran.stderr + ran.stdout);
    assert.match(ran.stdout, /^✓ passing\.gisttest\.json:1 one › plain \(\d+ ms, call \S+\)$/m);
    assert.match(ran.stdout, /^1 passed, 0 failed, 0 could not run · pass rate 100%, required 100%$/m);
    rmSync(path.join(project, 'passing.gisttest.json'));
  });

  it('fails (exit 1) when a check fails, naming the assertion at its line; JUnit XML says the same', async function () {
    const ran = await run(project, ['checks/*.gisttest.json', '--base-url', service.url, '--junit', 'reports/checks.xml']);
    assert.equal(ran.code, 1, ran.stderr + ran.stdout);
    assert.match(ran.stdout, /^✗ checks\/echo\.gisttest\.json:8 fails on purpose › plain \(\d+ ms, call \S+\)\n {4}checks\/echo\.gisttest\.json:10 equals: Expected the output "Goodbye" to equal "Hello"$/m);
    assert.match(ran.stdout, /^3 passed, 1 failed, 0 could not run · pass rate 75%, required 100%$/m);
    const xml = readFileSync(path.join(project, 'reports', 'checks.xml'), 'utf8');
    assert.equal(XMLValidator.validate(xml), true);
    assert.deepEqual(schemaErrors(JENKINS_JUNIT_XSD, [xml]), [[]], 'inside Jenkins’ JUnit schema');
    const parsed = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(xml) as {
      testsuites: { tests: string; failures: string; errors: string; testsuite: { name: string; testcase: Array<{ name: string; failure?: { message: string; type: string } }> } };
    };
    assert.equal(parsed.testsuites.tests, '4');
    assert.equal(parsed.testsuites.failures, '1');
    assert.equal(parsed.testsuites.errors, '0');
    assert.equal(parsed.testsuites.testsuite.name, 'checks/echo.gisttest.json');
    const failed = parsed.testsuites.testsuite.testcase.filter((testCase) => testCase.failure !== undefined);
    assert.deepEqual(
      failed.map((testCase) => [testCase.name, testCase.failure?.type, testCase.failure?.message]),
      [['fails on purpose › plain', 'equals', 'equals: Expected the output "Goodbye" to equal "Hello"']],
    );
  });

  it('passes with --pass-rate when the failures stay within it, and fails when they do not', async function () {
    const within = await run(project, ['checks/*.gisttest.json', '--base-url', service.url, '--pass-rate', '0.75']);
    assert.equal(within.code, 0, within.stdout);
    assert.match(within.stdout, /pass rate 75%, required 75%$/m);
    const beyond = await run(project, ['checks/*.gisttest.json', '--base-url', service.url, '--pass-rate', '0.8']);
    assert.equal(beyond.code, 1);
    const bad = await run(project, ['checks/*.gisttest.json', '--base-url', service.url, '--pass-rate', '1.5']);
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /--pass-rate takes a number from 0 to 1/);
  });

  it('could not run (exit 2) with the service down, saying so, and without printing the key', async function () {
    const ran = await run(project, ['checks/*.gisttest.json', '--base-url', 'http://127.0.0.1:9', '--max-retries', '0']);
    assert.equal(ran.code, 2, ran.stdout);
    assert.match(ran.stdout, /^! checks\/echo\.gisttest\.json:\d+ greets › plain: could not run \(network\): /m);
    assert.match(ran.stderr, /4 calls failed, so their tests could not be checked/);
    assert.ok(!`${ran.stdout}${ran.stderr}`.includes(KEY));
  });

  it('could not run (exit 2) when the service refuses the key, and stops at once', async function () {
    service.clearCalls();
    const ran = await run(project, ['checks/*.gisttest.json', '--base-url', service.url], { GIST_API_KEY: 'gk_not_a_known_key' });
    assert.equal(ran.code, 2);
    assert.match(ran.stderr, /stopped: /);
    assert.ok(service.calls().length <= 4, `${service.calls().length} calls`);
    assert.ok(!`${ran.stdout}${ran.stderr}`.includes('gk_not_a_known_key'));
  });

  it('could not run (exit 2) with a bad test file: each problem at file:line:column, nothing sent', async function () {
    mkdirSync(path.join(project, 'bad'), { recursive: true });
    writeFileSync(path.join(project, 'bad', 'bad.gisttest.json'), '{\n  "gist": "echo",\n  "tests": [\n    { "vars": { "text": "${clipboard}" }, "assert": [{ "type": "javascript", "value": "1" }] }\n  ]\n}\n');
    service.clearCalls();
    const ran = await run(project, ['bad/*.gisttest.json', '--base-url', service.url]);
    assert.equal(ran.code, 2);
    assert.match(ran.stderr, /^bad\/bad\.gisttest\.json:4:\d+: \$\{clipboard\} is an editor placeholder/m);
    assert.match(ran.stderr, /^bad\/bad\.gisttest\.json:4:\d+: "javascript" is not supported/m);
    assert.match(ran.stderr, /nothing was run/);
    assert.deepEqual(service.calls(), []);
  });

  it('refuses a key given as an option, a service over plain http elsewhere, and a missing key', async function () {
    const flag = await run(project, ['--base-url', service.url, `--api-key=${KEY}`]);
    assert.equal(flag.code, 2);
    assert.match(flag.stderr, /never an option/);
    assert.ok(!flag.stderr.includes(KEY));
    const http = await run(project, ['--base-url', 'http://gists.example.com']);
    assert.equal(http.code, 2);
    assert.match(http.stderr, /Use https:\/\//);
    const noKey = await run(project, ['--base-url', service.url], { GIST_API_KEY: '' });
    assert.equal(noKey.code, 2);
    assert.match(noKey.stderr, /GIST_API_KEY/);
  });

  it('in GitHub Actions: annotations at the failing assertion and a step summary', async function () {
    const summary = path.join(folder, 'summary.md');
    const ran = await run(project, ['checks/*.gisttest.json', '--base-url', service.url], { GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: summary });
    assert.equal(ran.code, 1);
    assert.match(ran.stdout, /^::error file=checks\/echo\.gisttest\.json,line=10,title=fails on purpose › plain::fails on purpose › plain: equals: Expected the output "Goodbye" to equal "Hello"$/m);
    const text = readFileSync(summary, 'utf8');
    assert.match(text, /^## Gist checks$/m);
    assert.match(text, /^\| checks\\\/echo\\\.gisttest\\\.json \| plain \| 3 \| 1 \| 0 \| 75% \|$/m);
  });

  it('reaches an https service whose CA is in NODE_EXTRA_CA_CERTS, and refuses one it cannot verify', async function () {
    // The bundle's own undici (esbuild.mjs: undiciParts) and the trust made on the first TLS call.
    const ca = makeTestCa();
    const secure = await startService({ tls: { key: ca.serverKey, cert: ca.serverCert } });
    try {
      const trusted = await run(project, ['checks/*.gisttest.json', '--base-url', secure.url, '--pass-rate', '0.75'], { NODE_EXTRA_CA_CERTS: ca.caCertPath });
      assert.equal(trusted.code, 0, trusted.stderr + trusted.stdout);
      assert.match(trusted.stdout, /^3 passed, 1 failed, 0 could not run/m);
      const untrusted = await run(project, ['checks/*.gisttest.json', '--base-url', secure.url, '--max-retries', '0'], { NODE_EXTRA_CA_CERTS: '' });
      assert.equal(untrusted.code, 2, untrusted.stdout);
      assert.match(untrusted.stdout, /could not run \(network\): .*(TLS|certificate)/i);
    } finally {
      await secure.close();
      ca.dispose();
    }
  });

  it('writes a results file with each cell’s grade, which never holds the key', async function () {
    const ran = await run(project, ['checks/*.gisttest.json', '--base-url', service.url, '--results', 'out/echo.gistrun.jsonl']);
    assert.equal(ran.code, 1);
    const lines = readFileSync(path.join(project, 'out', 'echo.gistrun.jsonl'), 'utf8').trim().split('\n');
    const header = JSON.parse(lines[0] ?? '{}') as { extensions: unknown; data: { format: string } };
    assert.deepEqual(header.extensions, { checks: 1 });
    assert.equal(header.data.format, 'gisttest');
    const results = lines.slice(1).map((line) => JSON.parse(line) as { checks: { pass: boolean; test: string } });
    assert.deepEqual(results.map((line) => [line.checks.test, line.checks.pass]).sort(), [['equals', true], ['fails on purpose', false], ['greets', true], ['is json', true]]);
    assert.ok(!lines.join('\n').includes(KEY));
  });
});
