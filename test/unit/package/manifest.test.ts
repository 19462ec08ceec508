// The manifest: marketplace fields, localised strings, commands in step with the code, and the
// packaged file list.
import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { CommandIds } from '../../../src/shared/commandIds';
import { DEFAULT_INSERT_MODE, INSERT_MODES } from '../../../src/generation/insertMode';

const ROOT = path.resolve(__dirname, '..', '..', '..', '..');
const manifest = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as Record<string, unknown> & {
  contributes: { commands: Array<{ command: string; title: string; category: string }>; menus: Record<string, Array<{ command: string; when?: string }>> };
};
const nls = JSON.parse(readFileSync(path.join(ROOT, 'package.nls.json'), 'utf8')) as Record<string, string>;

describe('manifest', function () {
  it('types the VS Code API of the oldest VS Code it declares (engines.vscode), no newer', function () {
    const engine = /^\^(\d+\.\d+)\./.exec(String((manifest.engines as { vscode?: string }).vscode))?.[1];
    const types = JSON.parse(readFileSync(path.join(ROOT, 'node_modules', '@types', 'vscode', 'package.json'), 'utf8')) as { version: string };
    assert.ok(engine !== undefined, 'engines.vscode is ^major.minor.patch');
    assert.ok(types.version.startsWith(`${engine}.`), `@types/vscode ${types.version} for engines ^${engine}`);
  });

  it('has what the marketplace shows', function () {
    for (const field of ['publisher', 'displayName', 'description', 'icon', 'galleryBanner', 'categories', 'keywords', 'repository', 'license']) {
      assert.ok(manifest[field] !== undefined, field);
    }
    assert.equal(manifest.icon, 'media/icon.png');
    const png = readFileSync(path.join(ROOT, 'media', 'icon.png'));
    assert.deepEqual([png.readUInt32BE(16), png.readUInt32BE(20)], [128, 128], 'icon is 128x128');
  });

  it('localises every manifest string through package.nls.json', function () {
    const text = readFileSync(path.join(ROOT, 'package.json'), 'utf8');
    const keys = [...text.matchAll(/"%([^%"]+)%"/g)].map((match) => match[1] ?? '');
    assert.ok(keys.length > 20);
    for (const key of keys) {
      assert.ok(nls[key] !== undefined, `package.nls.json has ${key}`);
    }
  });

  it('keeps the connection settings out of workspaces: application scope, restricted when untrusted', function () {
    const raw = manifest as unknown as {
      contributes: { configuration: { properties: Record<string, { scope?: string }> } };
      capabilities: { untrustedWorkspaces: { restrictedConfigurations: string[] } };
    };
    for (const key of ['gist.baseUrl', 'gist.apiKeyHeader', 'gist.profiles']) {
      assert.equal(raw.contributes.configuration.properties[key]?.scope, 'application', key);
      assert.ok(raw.capabilities.untrustedWorkspaces.restrictedConfigurations.includes(key), key);
    }
    // A workspace may name one of the user's profiles, unless it is untrusted.
    assert.ok(raw.capabilities.untrustedWorkspaces.restrictedConfigurations.includes('gist.profile'));
  });

  it('does not read the gist catalog from an untrusted workspace, and says so', function () {
    const raw = manifest as unknown as { capabilities: { untrustedWorkspaces: { supported: string; restrictedConfigurations: string[]; description: string } } };
    assert.equal(raw.capabilities.untrustedWorkspaces.supported, 'limited');
    assert.ok(raw.capabilities.untrustedWorkspaces.restrictedConfigurations.includes('gist.gists'));
    assert.match(nls.untrustedWorkspaces ?? '', /gists\.json/);
  });

  it('declares exactly the commands the code registers, each with a category', function () {
    const declared = manifest.contributes.commands.map((command) => command.command).sort();
    assert.deepEqual(declared, Object.values(CommandIds).sort());
    for (const command of manifest.contributes.commands) {
      assert.equal(command.category, '%category%', command.command);
    }
    const hidden = manifest.contributes.menus.commandPalette?.find((entry) => entry.command === CommandIds.statusBarMenu);
    assert.equal(hidden?.when, 'false', 'the status bar menu is not in the palette');
  });

  it('hides the Gist Calls item actions from the palette and offers them on the items', function () {
    const itemCommands = [CommandIds.historyInsert, CommandIds.historyOpen, CommandIds.historyCopyContent, CommandIds.historyCopyCallId];
    for (const id of itemCommands) {
      assert.equal(manifest.contributes.menus.commandPalette?.find((entry) => entry.command === id)?.when, 'false', id);
      assert.ok(
        manifest.contributes.menus['view/item/context']?.some((entry) => entry.command === id && entry.when?.includes('view == gist.calls') === true),
        `${id} is on the Gist Calls items`,
      );
    }
  });

  it('lists every insert mode in gist.insertMode, each with a description', function () {
    const properties = (manifest.contributes as unknown as { configuration: { properties: Record<string, { enum?: string[]; markdownEnumDescriptions?: string[]; default?: unknown }> } })
      .configuration.properties;
    const setting = properties['gist.insertMode'];
    assert.deepEqual(setting?.enum, [...INSERT_MODES]);
    assert.equal(setting?.markdownEnumDescriptions?.length, INSERT_MODES.length);
    assert.equal(setting?.default, 'cursor');
  });

  it('declares the code’s one insert mode default (DEFAULT_INSERT_MODE) as the setting’s default', function () {
    const properties = (manifest.contributes as unknown as { configuration: { properties: Record<string, { default?: unknown }> } }).configuration.properties;
    assert.equal(properties['gist.insertMode']?.default, DEFAULT_INSERT_MODE);
  });

  it('packages only the allowlisted files', function () {
    this.timeout(60_000);
    const listed = execFileSync(process.execPath, [path.join(ROOT, 'node_modules', '@vscode', 'vsce', 'vsce'), 'ls', '--no-dependencies'], { cwd: ROOT, encoding: 'utf8' })
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line !== '');
    const allowed = (file: string): boolean =>
      file.startsWith('dist/') || file.startsWith('media/') || ['package.json', 'package.nls.json', 'README.md', 'CHANGELOG.md', 'LICENSE'].includes(file);
    assert.deepEqual(listed.filter((file) => !allowed(file)), []);
    for (const required of ['dist/extension.js', 'dist/undici.js', 'package.json', 'package.nls.json', 'README.md', 'CHANGELOG.md', 'LICENSE', 'media/icon.png']) {
      assert.ok(listed.includes(required), required);
    }
    assert.ok(!listed.some((file) => file.endsWith('.map')), 'no source maps');
  });
});
