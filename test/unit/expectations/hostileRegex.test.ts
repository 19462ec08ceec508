// Regular expressions from test files run on RE2: a catastrophic pattern returns, and what RE2
// cannot run is refused with the reason. Each hostile match runs in a worker thread that is
// stopped if it does not answer, so a backtracking engine would fail this test instead of hanging
// mocha (a synchronous regex cannot be interrupted on the thread that runs it).
import { strict as assert } from 'node:assert';
import { Worker } from 'node:worker_threads';
import { compileUserRegex } from '../../../src/expectations/userRegex';
import { problemsOf } from './checkFixture';
import { loadCheckLibraries } from '../../../src/expectations/checkLibraries';

/** Runs `body` (with `modules` required) in a worker; its result, or 'no answer' after `limitMs`. */
async function inWorker(body: string, limitMs: number): Promise<unknown> {
  const modules = {
    userRegex: require.resolve('../../../src/expectations/userRegex'),
    fixture: require.resolve('./checkFixture'),
    libraries: require.resolve('../../../src/expectations/checkLibraries'),
  };
  const worker = new Worker(
    `const { parentPort, workerData } = require('node:worker_threads');
     const userRegex = require(workerData.userRegex);
     const fixture = require(workerData.fixture);
     require(workerData.libraries).loadCheckLibraries().then(() => parentPort.postMessage('loaded'));
     parentPort.on('message', () => parentPort.postMessage((() => { ${body} })()));`,
    { eval: true, workerData: modules },
  );
  try {
    // The libraries load first (their time is not the match's); then the body runs, timed.
    await new Promise((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    // Only our own listener: removeAllListeners() would drop the worker's own 'message' plumbing.
    worker.removeAllListeners('error');
    worker.postMessage('run');
    return await new Promise((resolve, reject) => {
      const timer = setTimeout(() => resolve('no answer'), limitMs);
      worker.once('message', (message) => {
        clearTimeout(timer);
        resolve(message);
      });
      worker.once('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
    });
  } finally {
    await worker.terminate();
  }
}

describe('checks: hostile regular expressions', () => {
  before(() => loadCheckLibraries());
  it('a catastrophic pattern on a long output returns (RE2: linear in the text)', async () => {
    const answer = await inWorker(
      `const subject = 'a'.repeat(100000) + '!';
       const results = ['(a+)+$', '^(a|a)*$', '(a|aa)+b', '(x+x+)+y'].map((pattern) => {
         const compiled = userRegex.compileUserRegex(pattern);
         return compiled.ok && compiled.regex.test(subject);
       });
       return results;`,
      15_000,
    );
    assert.deepEqual(answer, [false, false, false, false]);
  });

  it('the same pattern on JavaScript\'s RegExp does not return (so the check above can fail)', async () => {
    const answer = await inWorker(`return /(a+)+$/.test('a'.repeat(40) + '!');`, 500);
    assert.equal(answer, 'no answer');
  });

  it('a catastrophic pattern in a test file, in regex and in a JSON Schema pattern, grades a long output', async () => {
    const answer = await inWorker(
      `const output = '{"a": "' + 'a'.repeat(50000) + '!"} ' + 'a'.repeat(50000) + '!';
       const grade = fixture.grade([
         { type: 'regex', value: '(a+)+$' },
         { type: 'contains-json', value: { type: 'object', properties: { a: { type: 'string', pattern: '^(a+)+$' } } } },
       ], output);
       return grade.results.map((result) => result.pass);`,
      15_000,
    );
    assert.deepEqual(answer, [false, false]);
  });

  it('refuses what RE2 cannot run, saying why, and patterns over the size limit', () => {
    const message = (pattern: string): string => {
      const compiled = compileUserRegex(pattern);
      return compiled.ok ? 'compiled' : compiled.message;
    };
    assert.equal(message('(a)\\1'), 'backreferences such as \\1 are not supported by the linear-time engine (RE2)');
    assert.equal(message('(?<w>a)\\k<w>'), 'named backreferences (\\k<name>) are not supported by the linear-time engine (RE2)');
    assert.equal(message('foo(?=bar)'), 'lookahead ((?=…) and (?!…)) is not supported by the linear-time engine (RE2); lookbehind without groups is');
    assert.equal(message('foo(?!bar)'), 'lookahead ((?=…) and (?!…)) is not supported by the linear-time engine (RE2); lookbehind without groups is');
    assert.equal(message('a{1001}'), 'the pattern is not valid for the linear-time engine (RE2): invalid repeat count: `{1001}`');
    assert.equal(message('((a{100}){100}){100}'), 'the pattern is not valid for the linear-time engine (RE2): invalid repeat count: `{100}`');
    assert.match(message('x'.repeat(5000)), /^the pattern has 5,000 characters, over the limit of 4,096$/);
    assert.equal(message('[\\\\1]\\(?=\\)'), 'compiled', 'escaped characters are not mistaken for syntax');
  });

  it('a refused pattern is a problem at the assertion\'s value, never a check that passes', () => {
    assert.deepEqual(problemsOf([{ type: 'not-regex', value: '(\\w+)\\s\\1' }]), ['8: regex: backreferences such as \\1 are not supported by the linear-time engine (RE2).']);
    assert.deepEqual(problemsOf([{ type: 'regex', value: '(' }]), ['8: regex: the pattern is not valid for the linear-time engine (RE2): missing closing ): `(`.']);
  });

  it('a pattern compiled again, after hundreds of others pushed it out of the compiled patterns, matches as the first time', () => {
    const compile = (pattern: string): { test(text: string): boolean } => {
      const compiled = compileUserRegex(pattern);
      assert.ok(compiled.ok, pattern);
      return compiled.regex;
    };
    const first = compile('^(Dear|Hi)\\b');
    assert.equal(compileUserRegex('^(Dear|Hi)\\b'), compileUserRegex('^(Dear|Hi)\\b'), 'the same pattern is compiled once');
    for (let index = 0; index < 600; index++) assert.ok(compile(`^x${index}$`).test(`x${index}`));
    const again = compile('^(Dear|Hi)\\b');
    for (const text of ['Dear Ada', 'Hi there', 'Hello', 'Dearest', '']) assert.equal(again.test(text), first.test(text), text);
    assert.equal(compileUserRegex('(a)\\1').ok, false, 'a refused pattern stays refused');
  });
});
