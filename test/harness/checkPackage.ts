// `node out/test/harness/checkPackage.js file.vsix`: the package stays small and holds only the
// allowlisted files (the same list `vsce ls` prints, checked in the unit tests).
import { statSync } from 'node:fs';

// 330 KB before the checks; they brought three well-kept libraries the guide asks for, each in
// dist/lib/ and loaded on the first test file: re2js (linear-time user regexes, 151 KB), Ajv (JSON
// Schema for is-json, 124 KB) and yaml (the promptfoo export, 115 KB): 496 KB with them.
const MAX_BYTES = 560 * 1024;
const file = process.argv[2];
if (file === undefined) {
  console.error('usage: checkPackage.js <file.vsix>');
  process.exit(2);
}
const size = statSync(file).size;
console.log(`[package] ${file}: ${Math.round(size / 1024)} KB (limit ${MAX_BYTES / 1024} KB)`);
if (size > MAX_BYTES) {
  console.error(`[package] ${file} is larger than ${MAX_BYTES / 1024} KB`);
  process.exit(1);
}
