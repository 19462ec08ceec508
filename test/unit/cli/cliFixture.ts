// gist-check run in this process (runCheckCommand) against the local gist service, each test in a
// temporary folder of its own: the setup the command-line tests share.
import { mkdtempSync, rmSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { startService, type RunningService } from '../../../tools/service/index';
import { callInChild } from '../support/childCall';
import { collectedCheck, type CliRun } from './collectedCheck';

export type { CliRun } from './collectedCheck';

export interface CliFixture {
  /** The local service, started once for the suite. */
  readonly service: RunningService;
  /** This test's folder, the working folder of `gistCheck`; removed after the test. */
  readonly folder: string;
  /** `gist-check <argv>` in `folder`, with the demo key in GIST_API_KEY and `env` besides. */
  gistCheck(argv: readonly string[], env?: NodeJS.ProcessEnv): Promise<CliRun>;
  /** The same in a child process killed after `timeoutMs`: for runs that would hang or eat all memory when the code is wrong. Undefined when it was killed. */
  gistCheckInChild(argv: readonly string[], env?: NodeJS.ProcessEnv, timeoutMs?: number): Promise<CliRun | undefined>;
}

/** Registers the suite's hooks; the fixture's members are set once they ran. */
export function useCliFixture(folderPrefix: string): CliFixture {
  let service: RunningService | undefined;
  let folder: string | undefined;
  before(async function () {
    service = await startService();
  });
  after(async function () {
    await service?.close();
  });
  beforeEach(function () {
    folder = mkdtempSync(path.join(os.tmpdir(), folderPrefix));
  });
  afterEach(function () {
    if (folder !== undefined) rmSync(folder, { recursive: true, force: true });
  });
  const fixture: CliFixture = {
    get service(): RunningService {
      if (service === undefined) throw new Error('the service starts in the suite’s before()');
      return service;
    },
    get folder(): string {
      if (folder === undefined) throw new Error('the folder is made in beforeEach()');
      return folder;
    },
    gistCheck(argv, env = {}) {
      return collectedCheck(argv, { GIST_API_KEY: 'gk_demo_ada', ...env }, fixture.folder);
    },
    async gistCheckInChild(argv, env = {}, timeoutMs) {
      const call = await callInChild(require.resolve('./collectedCheck'), 'collectedCheck', [argv, { GIST_API_KEY: 'gk_demo_ada', ...env }, fixture.folder], timeoutMs);
      if (call.error !== undefined) throw new Error(call.error);
      return call.timedOut ? undefined : (call.value as CliRun);
    },
  };
  return fixture;
}
