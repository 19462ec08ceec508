// `npm run package:cli`: gist-check-<version>.tgz in the repository's folder (see packCli.ts).
import { packCli } from './packCli';

process.stdout.write(`${packCli()}\n`);
