// `npm run service`: the local gist service for trying the extension by hand.
// Flags: --port n (or PORT; default 8787, a free port if busy), --fixtures path, --seed n, --control, --quiet,
// and the realistic mode's (realisticFlags.ts).
import { parseArgs } from 'node:util';
import type { StartServiceOptions } from './index';
import { REALISTIC_FLAGS, describeRealistic, realisticFromFlags } from './realisticFlags';
import { startOnPortOrFree } from './startOnPort';
import type { Fixtures } from './types';

const DEFAULT_PORT = 8787;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string' },
      fixtures: { type: 'string' },
      seed: { type: 'string' },
      control: { type: 'boolean', default: false },
      quiet: { type: 'boolean', default: false },
      ...REALISTIC_FLAGS,
    },
  });
  const port = parseInteger(values.port ?? process.env.PORT, 'port') ?? DEFAULT_PORT;
  const seed = parseInteger(values.seed, 'seed');
  const realistic = realisticFromFlags(values, seed);
  const options: StartServiceOptions = {
    port,
    control: values.control,
    fixtures: values.fixtures,
    seed,
    realistic,
    log: values.quiet ? undefined : (line) => console.log(line),
  };
  const service = await startOnPortOrFree(options, (line) => console.error(line));
  console.log(banner(service.url, service.fixtures, values.control));
  if (realistic) console.log(describeRealistic(realistic));

  const stop = (): void => {
    void service.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

function parseInteger(text: string | undefined, name: string): number | undefined {
  if (text === undefined || text === '') return undefined;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 0) throw new Error(`--${name} must be a non-negative integer, got "${text}"`);
  return value;
}

/** The first line is `Gist service listening at <url>`, which scripts and tests parse. */
function banner(url: string, fixtures: Fixtures, control: boolean): string {
  const lines = [`Gist service listening at ${url}`, '', 'Demo API keys (header SERVICE-API-KEY):'];
  for (const user of fixtures.users) lines.push(`  ${user.apiKeys.join(', ')}  ->  ${user.name} <${user.email}>`);
  lines.push('', 'Gists (POST /v1/generate/<gist>[/<variant>]):');
  for (const gist of fixtures.gists) {
    const variants = gist.variants.map((v) => `${v.slug} (${v.weight})`).join(', ');
    lines.push(`  ${gist.id}  variables: ${gist.variables.join(', ') || '(none)'}  variants: ${variants}`);
  }
  const user = fixtures.users[0];
  const gist = fixtures.gists[0];
  if (user?.apiKeys[0] !== undefined && gist) {
    const values = Object.fromEntries(gist.variables.map((name) => [name, `my ${name}`]));
    lines.push(
      '',
      'Try it:',
      `  curl -s -H 'SERVICE-API-KEY: ${user.apiKeys[0]}' ${url}/v1/me`,
      `  curl -s -X POST -H 'SERVICE-API-KEY: ${user.apiKeys[0]}' -H 'Content-Type: application/json' \\`,
      `    -d '${JSON.stringify({ values })}' ${url}/v1/generate/${encodeURIComponent(gist.id)}`,
    );
  }
  lines.push('', control ? 'Control surface enabled under /_control.' : 'Control surface off (pass --control to enable).', 'Press Ctrl+C to stop.');
  return lines.join('\n');
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
