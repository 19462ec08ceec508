// "Gist: Diagnose Connection", the measuring part: settings, proxy choice, DNS, TCP, proxy tunnel,
// TLS and `/v1/me`, each timed; the first failure is reported and the steps that need it skipped.
// Pure Node: no `vscode`. Each step is a function of its own (settingsSteps, networkSteps, meStep).
import { startRun, Stop, record, type DiagnoseInput, type Run } from './diagnosisRun';
import { meStep } from './meStep';
import { connectStep, tlsStep, tunnelStep } from './networkSteps';
import { STEP_NAMES, type DiagnosisReport, type DiagnosisStep } from './report';
import { proxyStep, settingsStep } from './settingsSteps';

export type { DiagnoseInput } from './diagnosisRun';

async function runSteps(run: Run): Promise<void> {
  const target = settingsStep(run);
  const proxyUrl = proxyStep(run, target);
  const socket = await connectStep(run, target, proxyUrl);
  let open = socket;
  try {
    open = await tunnelStep(run, socket, target, proxyUrl);
    await tlsStep(run, open, target);
  } finally {
    open.destroy();
    socket.destroy();
  }
  await meStep(run, target);
}

function report(run: Run): DiagnosisReport {
  // Every step not reached is listed as skipped, so the report always has all of them.
  for (const name of STEP_NAMES) {
    if (!run.steps.some((recorded) => recorded.name === name)) {
      record(run, { name, status: 'skipped', detail: run.cancelled ? 'cancelled' : `not run after the ${run.failedAt ?? 'previous'} step failed` });
    }
  }
  const { found, input } = run;
  return {
    profile: input.profile,
    baseUrl: input.baseUrl,
    apiKeyHeader: input.apiKeyHeader,
    proxy: found.proxyText,
    steps: STEP_NAMES.map((name) => run.steps.find((recorded) => recorded.name === name)).filter((recorded): recorded is DiagnosisStep => recorded !== undefined),
    outcome: run.cancelled ? 'cancelled' : run.failedAt !== undefined ? 'failed' : found.noKey ? 'noKey' : 'ok',
    failedAt: run.failedAt,
    error: run.error === undefined ? undefined : { kind: run.error.kind, message: run.error.message, remedy: run.error.remedy },
    addresses: found.addresses,
    certificate: found.certificate,
    timeToFirstByteMs: found.ttfbMs,
    user: found.user,
  };
}

export async function diagnose(input: DiagnoseInput, signal: AbortSignal = new AbortController().signal): Promise<DiagnosisReport> {
  const run = startRun(input, signal);
  try {
    await runSteps(run);
  } catch (caught) {
    if (!(caught instanceof Stop)) {
      throw caught;
    }
  }
  return report(run);
}
