// Packs gist-check as an npm package of its own, `gist-check-<version>.tgz`: the one bundled file
// (dist/cli/gist-check.js, made by `npm run build`), a README and the license, and a package.json
// with no dependencies, so it installs offline and runs with Node alone.
import { execFileSync } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { REPO_ROOT } from '../vscodeServer/paths';

export const CLI_BUNDLE = path.join(REPO_ROOT, 'dist', 'cli', 'gist-check.js');

/** Packs the CLI into `outDir`; returns the tarball's path. */
export function packCli(outDir: string = REPO_ROOT): string {
  if (!existsSync(CLI_BUNDLE)) throw new Error(`${CLI_BUNDLE} is missing: run npm run build first.`);
  const extension = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string; repository: unknown; bugs: unknown; homepage: string };
  const staging = mkdtempSync(path.join(os.tmpdir(), 'gist-check-package-'));
  try {
    const manifest = {
      name: 'gist-check',
      version: extension.version,
      description: 'Run the checks of *.gisttest.json files against your gist service, in CI or a terminal: JUnit XML, GitHub annotations, results files.',
      license: 'MIT',
      bin: { 'gist-check': 'gist-check.js' },
      files: ['gist-check.js', 'README.md', 'LICENSE'],
      engines: { node: '>=20' },
      keywords: ['gist', 'prompt', 'testing', 'promptfoo', 'junit', 'ci', 'llm'],
      repository: extension.repository,
      bugs: extension.bugs,
      homepage: extension.homepage,
    };
    writeFileSync(path.join(staging, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    copyFileSync(CLI_BUNDLE, path.join(staging, 'gist-check.js'));
    chmodSync(path.join(staging, 'gist-check.js'), 0o755);
    copyFileSync(path.join(REPO_ROOT, 'tools', 'cli', 'README.md'), path.join(staging, 'README.md'));
    copyFileSync(path.join(REPO_ROOT, 'LICENSE'), path.join(staging, 'LICENSE'));
    const output = execFileSync('npm', ['pack', '--json', '--pack-destination', outDir], { cwd: staging, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    const [packed] = JSON.parse(output) as Array<{ filename: string }>;
    if (packed === undefined) throw new Error('npm pack made nothing');
    return path.join(outDir, packed.filename);
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}
