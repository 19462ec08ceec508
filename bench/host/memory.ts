// Memory: the extension host's heap after 10 calls and after 1,000 (into one document, no
// notifications left), each after a full collection.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import * as vscode from 'vscode';
import { round } from '../stats';
import { closeEditors, freshEditor } from './common';

/** The extension host runs without --expose-gc; the flag can still be turned on from inside. */
function collectGarbage(): void {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}

export async function memoryGrowth(quick: boolean): Promise<Record<string, number>> {
  await freshEditor();
  const heapAfter = async (calls: number): Promise<number> => {
    for (let i = 0; i < calls; i++) {
      await vscode.commands.executeCommand('gist.generate', { gistId: 'echo', variant: 'plain', values: { text: 'y' } });
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
    // Measured after a full collection, so garbage not yet collected does not hide or fake growth.
    collectGarbage();
    return process.memoryUsage().heapUsed / 1024 / 1024;
  };
  const after10 = await heapAfter(10);
  const total = quick ? 100 : 1000;
  const afterMany = await heapAfter(total - 10);
  await closeEditors();
  return { heapAfter10Mb: round(after10), [`heapAfter${total}Mb`]: round(afterMany), growthMb: round(afterMany - after10) };
}
