// The test files as the Test Explorer reads them: the text an editor holds when it has unsaved
// edits (what the user sees), else the file on disk; each parsed once per content. A workspace's
// test files are read again on every rediscovery, save and watcher event, and most have not
// changed: the same bytes (by SHA-256) give back the same parse, so nothing is parsed, and the tree
// is not rebuilt, for a file that did not change. A file with a `testsFile` is always read afresh,
// as its CSV can change on its own.
import { createHash } from 'node:crypto';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { Catalog } from '../catalog/catalog';
import { variantsToRun } from './checkNames';
import { loadTestFile, readTestFileBytes, type LoadedTestFile } from './testFileLoad';

/** parseAll reads this many files ahead of the one it parses. */
const READ_AHEAD = 64;
/** parseAll and its caller work for at most about this long before the extension host's other work runs. */
const SLICE_MS = 15;

function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

export interface ReadTestFile {
  readonly loaded: LoadedTestFile;
  readonly variants: ReadonlyArray<string | null>;
}

/** A file's content before it is parsed: its bytes, or undefined when it cannot be read (loadTestFile says why). */
export type TestFileBytes = Uint8Array | undefined;

/** The folder a test file and its CSV must stay inside: its workspace folder (else its own folder). */
function rootOf(uri: vscode.Uri): string {
  return vscode.workspace.getWorkspaceFolder(uri)?.uri.fsPath ?? path.dirname(uri.fsPath);
}

export class ParsedTestFiles {
  private readonly parsed = new Map<string, { readonly sha256: string; readonly loaded: LoadedTestFile }>();

  /** The file's bytes now: from its editor when it has unsaved edits, else from disk (capped before it is read). */
  async bytes(uri: vscode.Uri): Promise<TestFileBytes> {
    // A document without unsaved edits can lag behind the disk (VS Code reloads it a moment later).
    const open = vscode.workspace.textDocuments.find((document) => document.isDirty && document.uri.toString() === uri.toString());
    if (open !== undefined) return new TextEncoder().encode(open.getText());
    const read = await readTestFileBytes(uri.fsPath, rootOf(uri));
    return read instanceof Uint8Array ? read : undefined;
  }

  /** The file parsed (again only when its bytes changed), with the variants it runs on. Call after loadCheckLibraries(). */
  async parse(uri: vscode.Uri, bytes: TestFileBytes, catalog: Catalog): Promise<ReadTestFile> {
    const key = uri.toString();
    const sha256 = bytes === undefined ? undefined : createHash('sha256').update(bytes).digest('hex');
    const cached = this.parsed.get(key);
    let loaded: LoadedTestFile;
    if (cached !== undefined && cached.sha256 === sha256) {
      loaded = cached.loaded;
    } else {
      loaded = await loadTestFile(uri.fsPath, { root: rootOf(uri), ...(bytes !== undefined ? { bytes } : {}) });
      if (sha256 !== undefined && loaded.file.testsFile === undefined) this.parsed.set(key, { sha256, loaded });
      else this.parsed.delete(key);
    }
    const gist = loaded.file.gist === undefined ? undefined : catalog.gists.find((entry) => entry.id === loaded.file.gist);
    return { loaded, variants: variantsToRun(loaded.file.variants, gist) };
  }

  /**
   * Every file parsed, in order, for the caller to show one at a time: reads run ahead in parallel,
   * while parsing and the caller's work (building items) go one file at a time and let the event
   * loop turn every SLICE_MS, so 200 files found at once do not stall the extension host (its other
   * extensions, the calls of a run) for their whole time.
   */
  async *parseAll(uris: readonly vscode.Uri[], catalog: Catalog): AsyncGenerator<{ readonly uri: vscode.Uri; readonly read: ReadTestFile }> {
    const reads: Array<Promise<TestFileBytes>> = [];
    let slice = performance.now();
    for (let index = 0; index < uris.length; index++) {
      while (reads.length < Math.min(index + READ_AHEAD, uris.length)) reads.push(this.bytes(uris[reads.length]!));
      const uri = uris[index]!;
      yield { uri, read: await this.parse(uri, await reads[index]!, catalog) };
      if (performance.now() - slice > SLICE_MS) {
        await yieldToEventLoop();
        slice = performance.now();
      }
    }
  }

  forget(uri: vscode.Uri): void {
    this.parsed.delete(uri.toString());
  }
}
