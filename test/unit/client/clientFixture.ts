// A local service and a client for each test file.
import { isGistError, type GistError } from '../../../src/client/errors';
import { GistClient } from '../../../src/client/gistClient';
import type { ConnectionSettings } from '../../../src/client/types';
import { startService, type RunningService } from '../../../tools/service/index';

export const ADA_KEY = 'gk_demo_ada';

export interface ClientFixture {
  service: RunningService;
  client: GistClient;
  settings(overrides?: Partial<ConnectionSettings>): ConnectionSettings;
}

export function useClientFixture(): ClientFixture {
  const fixture = {} as ClientFixture;
  before(async function () {
    fixture.service = await startService({ seed: 7 });
  });
  after(async function () {
    await fixture.service.close();
  });
  beforeEach(function () {
    fixture.client = new GistClient({ meRetryDelaysMs: [10, 20] });
    fixture.service.clearCalls();
    fixture.service.clearFaults();
    fixture.settings = (overrides = {}) => ({
      baseUrl: fixture.service.url,
      apiKeyHeader: 'SERVICE-API-KEY',
      apiKey: ADA_KEY,
      timeoutMs: 5000,
      ...overrides,
    });
  });
  afterEach(async function () {
    await fixture.client.dispose();
  });
  return fixture;
}

/** Runs `call` and returns the GistError it rejects with. */
export async function failure(call: Promise<unknown>): Promise<GistError> {
  try {
    await call;
  } catch (error) {
    if (isGistError(error)) {
      return error;
    }
    throw error;
  }
  throw new Error('expected the call to fail');
}
