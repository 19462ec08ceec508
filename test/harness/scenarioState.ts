// What an end-to-end scenario needs in place before it starts. The scenario declares it; the
// harness establishes it for every scenario afresh (a new VS Code server with new data, a new
// browser context, a new copy of the workspace with the declared files, the service's calls and
// faults cleared) and throws it all away afterwards, also when the scenario failed. So no scenario
// depends on what another did or left behind, and none can break the ones after it.
import { readFileSync } from 'node:fs';
import * as fs from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import { FIXTURE_WORKSPACE } from '../../tools/vscodeServer/paths';
import { QUIET_SETTINGS } from '../../tools/vscodeServer/settings';

/** The demo keys of the local service (tools/service/fixtures.json). */
export type DemoKey = 'gk_demo_ada' | 'gk_demo_grace';

export interface ScenarioState {
  /**
   * `gist.baseUrl` in the user settings points at the local service, as after a user's first run.
   * False: a VS Code where the user has set nothing yet. Default true.
   */
  readonly serviceUrl?: boolean;
  /** Signed in with this key before the scenario starts (by the harness, through the keyboard). Default: signed out. */
  readonly signedIn?: DemoKey;
  /**
   * Workspace files (path relative to the folder → text) on top of test/fixtures/workspace, on disk
   * before the workbench opens, so VS Code's file search and watchers know them from the start.
   */
  readonly files?: Readonly<Record<string, string>>;
  /** More user settings (for example `gist.profiles`). */
  readonly userSettings?: Readonly<Record<string, unknown>>;
}

/** The user settings a scenario's VS Code starts with. */
export function scenarioUserSettings(state: ScenarioState, serviceUrl: string): Record<string, unknown> {
  return {
    ...QUIET_SETTINGS,
    ...((state.serviceUrl ?? true) ? { 'gist.baseUrl': serviceUrl } : {}),
    ...state.userSettings,
  };
}

/** A fresh copy of the fixture workspace with the scenario's files; `remove()` deletes it. */
export async function prepareWorkspace(state: ScenarioState): Promise<{ readonly folder: string; remove(): Promise<void> }> {
  const files = Object.entries(state.files ?? {});
  const outside = files.find(([relative]) => path.isAbsolute(relative) || path.normalize(relative).startsWith('..'));
  if (outside !== undefined) {
    throw new Error(`A scenario's file must be inside the workspace: ${outside[0]}`);
  }
  const parent = await fs.mkdtemp(path.join(os.tmpdir(), 'gist-workspace-'));
  const folder = path.join(parent, 'workspace');
  await fs.cp(FIXTURE_WORKSPACE, folder, { recursive: true });
  for (const [relative, text] of files) {
    const file = path.join(folder, relative);
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(file, text);
  }
  return { folder, remove: () => fs.rm(parent, { recursive: true, force: true }) };
}

/** The fixture workspace's file `relative`, for a scenario that declares a changed copy of it. */
export function fixtureFile(relative: string): string {
  return readFileSync(path.join(FIXTURE_WORKSPACE, relative), 'utf8');
}
