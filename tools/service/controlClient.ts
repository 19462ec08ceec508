// Typed client for the service's /_control surface. Runs inside the VS Code extension host too,
// so it uses only the global fetch (types are erased at compile time).
import type { RealisticProfile } from './realistic';
import type { CallRecord, Fault, ServiceStats } from './types';

export class ServiceControl {
  private readonly base: string;

  /** `url` is the service URL, e.g. `http://127.0.0.1:43123`. */
  constructor(url: string) {
    this.base = url.replace(/\/+$/, '');
  }

  async calls(): Promise<CallRecord[]> {
    return (await this.send('GET', '/_control/calls')) as CallRecord[];
  }

  async clearCalls(): Promise<void> {
    await this.send('DELETE', '/_control/calls');
  }

  async injectFaults(fault: Fault, count = 1): Promise<void> {
    await this.send('POST', '/_control/faults', { fault, count });
  }

  async clearFaults(): Promise<void> {
    await this.send('DELETE', '/_control/faults');
  }

  /** Turns the realistic mode on with a fresh state, or off with undefined. */
  async setRealistic(profile: RealisticProfile | undefined): Promise<void> {
    if (profile === undefined) await this.send('DELETE', '/_control/realistic');
    else await this.send('PUT', '/_control/realistic', profile);
  }

  async stats(): Promise<ServiceStats> {
    return (await this.send('GET', '/_control/stats')) as ServiceStats;
  }

  private async send(method: string, path: string, body?: unknown): Promise<unknown> {
    const response = await fetch(`${this.base}${path}`, {
      method,
      headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
      body: body === undefined ? null : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path} failed with ${response.status}: ${errorText(text)}`);
    return text === '' ? undefined : (JSON.parse(text) as unknown);
  }
}

/** The `error` of a JSON error body, or the body as is. */
function errorText(body: string): string {
  try {
    const parsed = JSON.parse(body) as { error?: unknown };
    if (typeof parsed.error === 'string') return parsed.error;
  } catch {
    // Not JSON: show it raw.
  }
  return body;
}
