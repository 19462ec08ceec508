// The result of "Gist: Diagnose Connection": one entry per step, and the lines it writes to the
// log. Pure: no `vscode`, no I/O. Never holds the API key (only the header name).
import type { GistErrorKind, GistRemedy } from '../client/errors';
import { logValue } from '../shared/oneLine';
import type { GistUser } from '../shared/gistUser';

/** In the order they run; each needs the ones before it. */
export const STEP_NAMES = ['settings', 'proxy', 'dns', 'tcp', 'tunnel', 'tls', 'http'] as const;
export type StepName = (typeof STEP_NAMES)[number];

/** `warning`: worked, with something to know (an untrusted certificate ignored by http.proxyStrictSSL). */
export type StepStatus = 'ok' | 'warning' | 'failed' | 'skipped';

export interface DiagnosisStep {
  readonly name: StepName;
  readonly status: StepStatus;
  /** Wall time of the step; absent for skipped steps. */
  readonly durationMs?: number | undefined;
  /** One line: what was found, or why it failed or was skipped. */
  readonly detail: string;
}

export interface CertificateFacts {
  readonly subject: string;
  readonly issuer: string;
  readonly validFrom: string;
  readonly validTo: string;
  /** The chain and host name checked out against Node's CAs (with NODE_EXTRA_CA_CERTS). */
  readonly authorized: boolean;
  /** Why not, e.g. `DEPTH_ZERO_SELF_SIGNED_CERT`. */
  readonly authorizationError?: string | undefined;
  readonly protocol?: string | undefined;
}

export type DiagnosisOutcome = 'ok' | 'failed' | 'cancelled' | 'noKey';

export interface DiagnosisReport {
  /** The profile diagnosed (the window's). */
  readonly profile?: string | undefined;
  readonly baseUrl: string;
  readonly apiKeyHeader: string;
  /** `direct (...)`, or the proxy URL with any password hidden. */
  readonly proxy: string;
  readonly steps: readonly DiagnosisStep[];
  readonly outcome: DiagnosisOutcome;
  /** The first failed step, when the outcome is `failed`. */
  readonly failedAt?: StepName | undefined;
  /** The failure as the extension would show it. */
  readonly error?: { readonly kind: GistErrorKind; readonly message: string; readonly remedy: GistRemedy } | undefined;
  readonly addresses?: readonly string[] | undefined;
  readonly certificate?: CertificateFacts | undefined;
  /** Time to the first byte of the `/v1/me` response. */
  readonly timeToFirstByteMs?: number | undefined;
  readonly user?: GistUser | undefined;
}

/** Human names of the steps, for the log and the summary. */
export const STEP_LABELS: Readonly<Record<StepName, string>> = {
  settings: 'Settings',
  proxy: 'Proxy',
  dns: 'DNS',
  tcp: 'TCP',
  tunnel: 'Proxy tunnel',
  tls: 'TLS',
  http: 'HTTP',
};

export function formatStep(step: DiagnosisStep): string {
  const time = step.durationMs === undefined ? '' : ` in ${Math.round(step.durationMs)} ms`;
  return `${STEP_LABELS[step.name]}: ${step.status}${time}: ${step.detail}`;
}

/** The lines the command writes to the log, in order. */
export function formatReport(report: DiagnosisReport): string[] {
  const profile = report.profile === undefined ? '' : `, profile ${logValue(report.profile)}`;
  const lines = [`Diagnose connection: ${report.baseUrl} (key header ${report.apiKeyHeader}, proxy ${report.proxy}${profile})`];
  lines.push(...report.steps.map(formatStep));
  const end =
    report.outcome === 'ok'
      ? `connection OK, signed in as ${report.user?.name ?? '?'}`
      : report.outcome === 'noKey'
        ? 'the service is reachable; no API key is set'
        : report.outcome === 'cancelled'
          ? 'cancelled'
          : `failed at ${STEP_LABELS[report.failedAt ?? 'settings']}: ${report.error?.message ?? ''}`;
  lines.push(`Diagnose connection: ${end}`);
  return lines;
}
