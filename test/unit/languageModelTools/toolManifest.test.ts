// package.json's `languageModelTools` in step with the code: the names registered, referenceable in
// chat, described for users through package.nls.json and for models in a way that leads to gist_list.
import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { ToolNames } from '../../../src/languageModelTools/toolNames';

const ROOT = path.resolve(__dirname, '..', '..', '..', '..');

interface ToolContribution {
  name: string;
  displayName: string;
  userDescription: string;
  modelDescription: string;
  toolReferenceName: string;
  canBeReferencedInPrompt: boolean;
  icon: string;
  tags: string[];
  inputSchema: { type: string; properties: Record<string, { type: string }>; required?: string[]; additionalProperties: boolean };
}

const manifest = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { contributes: { languageModelTools: ToolContribution[] } };
const nls = JSON.parse(readFileSync(path.join(ROOT, 'package.nls.json'), 'utf8')) as Record<string, string>;
const tools = manifest.contributes.languageModelTools;
const tool = (name: string): ToolContribution => {
  const found = tools.find((candidate) => candidate.name === name);
  assert.ok(found, name);
  return found;
};

describe('language model tools in the manifest', () => {
  it('declares exactly the tools the code registers', () => {
    assert.deepEqual(tools.map((candidate) => candidate.name).sort(), Object.values(ToolNames).sort());
  });

  it('makes each referenceable in chat, with an icon and a localised name and description', () => {
    for (const candidate of tools) {
      assert.match(candidate.name, /^[\w-]+$/);
      assert.match(candidate.toolReferenceName, /^[\w-]+$/);
      assert.equal(candidate.canBeReferencedInPrompt, true);
      assert.match(candidate.icon, /^\$\([a-z-]+\)$/);
      for (const field of [candidate.displayName, candidate.userDescription]) {
        const key = /^%(.+)%$/.exec(field)?.[1];
        assert.ok(key !== undefined && nls[key] !== undefined, `${candidate.name}: ${field} is in package.nls.json`);
      }
      assert.ok(candidate.tags.length > 0 && candidate.tags.every((tag) => !/^(copilot|vscode)_/.test(tag)));
      assert.equal(candidate.inputSchema.additionalProperties, false);
    }
  });

  it('takes {gistId, variant?, values} for gist_generate, and says to call gist_list for the catalog', () => {
    const generate = tool(ToolNames.generate);
    assert.deepEqual(Object.keys(generate.inputSchema.properties), ['gistId', 'variant', 'values']);
    assert.deepEqual(generate.inputSchema.required, ['gistId', 'values']);
    assert.match(generate.modelDescription, /call gist_list first/);
    assert.match(generate.modelDescription, /nothing is inserted/);
    assert.deepEqual(Object.keys(tool(ToolNames.list).inputSchema.properties), ['search']);
  });
});
