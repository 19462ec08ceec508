// The integration suite runs two extensions under development: ours, and a test-only one that
// provides a language model (test/fixtures/languageModelProvider: a provider's vendor must be
// declared in an extension's manifest, and ours must not declare a test vendor). The web workbench
// keeps one `extensionDevelopmentPath` (it reads its payload into a Map, so a second entry replaces
// the first), and VS Code reads a development folder without a package.json as a folder of
// extensions: so the suite gets one folder holding a link to each.
import * as fs from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';

export interface DevelopmentFolder {
  readonly path: string;
  dispose(): Promise<void>;
}

export async function developmentFolder(extensions: readonly string[]): Promise<DevelopmentFolder> {
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'gist-development-'));
  try {
    for (const [at, extension] of extensions.entries()) {
      await fs.symlink(extension, path.join(folder, `extension-${at + 1}`), 'dir');
    }
  } catch (error) {
    await fs.rm(folder, { recursive: true, force: true });
    throw error;
  }
  // Removes the links, never what they point at.
  return { path: folder, dispose: () => fs.rm(folder, { recursive: true, force: true }) };
}
