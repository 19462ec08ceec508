// XML documents checked against an XML Schema (XSD) by a real validator: libxml2's xmllint
// (Debian's libxml2-utils, which .ci/run installs). One xmllint process checks every document
// of a call, so a property test can check hundreds of documents for the cost of one process.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

/** Jenkins' JUnit schema (the xUnit plugin's junit-10.xsd), as test/fixtures/junit/README.md says. Compiled tests run from out/test/unit/support/. */
export const JENKINS_JUNIT_XSD = path.resolve(__dirname, '../../../../test/fixtures/junit/jenkins-junit-10.xsd');

/** For each document, in order: what xmllint said was wrong with it, or an empty list when it is valid. */
export function schemaErrors(xsdFile: string, documents: readonly string[]): string[][] {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'xml-schema-'));
  try {
    // Written as UTF-8, as the programs under test write their files.
    const files = documents.map((document, index) => {
      const file = path.join(folder, `${index}.xml`);
      writeFileSync(file, document, 'utf8');
      return file;
    });
    const run = spawnSync('xmllint', ['--noout', '--nonet', '--schema', xsdFile, ...files], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
    if (run.error !== undefined) throw new Error(`xmllint could not be started (${run.error.message}): install Debian's libxml2-utils (apt-get install libxml2-utils), as .ci/run does.`);
    // 0: all valid; 3: a document is invalid; 1: one is not well-formed. Anything else (4, 5: the schema itself) is the test's fault.
    if (run.status !== 0 && run.status !== 1 && run.status !== 3) throw new Error(`xmllint failed with exit code ${String(run.status)}: ${run.stderr}`);
    const lines = run.stderr.split('\n');
    return files.map((file) => {
      if (lines.includes(`${file} validates`)) return [];
      const said = lines.filter((line) => line.startsWith(`${file}:`) || line.startsWith(`${file} `));
      return said.length > 0 ? said.map((line) => line.slice(path.dirname(file).length + 1)) : ['xmllint said nothing of this document'];
    });
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
