// `node out/tools/vscodeServer/installCli.js [current|oldest]`: installs that VS Code server (and
// its Node) into .vscode-test/ if it is not there yet, so `npm test` can show the install as a
// step of its own; the suites install on first use as well.
import { ensureInstalled } from './install';
import { vscodeTarget } from './vscodeTargets';

const log = (line: string): void => void process.stdout.write(`[install] ${line}\n`);

ensureInstalled(log, vscodeTarget(process.argv[2])).then(
  () => log(`VS Code ${vscodeTarget(process.argv[2]).vscodeVersion} server ready`),
  (error: unknown) => {
    log(`failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
