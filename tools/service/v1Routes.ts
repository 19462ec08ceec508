// The /v1 operations (spec §4): who am I, and generate with or without a named variant.
import FindMyWay from 'find-my-way';
import type { HTTPMethod } from 'find-my-way';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { newCallId } from './callId';
import { sendFailure, sendSuccess } from './envelope';
import { drawVariant } from './random';
import { renderTemplate } from './template';
import type { CallRecord, FixtureUser, Fixtures } from './types';

export interface V1Context {
  readonly req: IncomingMessage;
  readonly res: ServerResponse;
  /** Filled in as the call is understood (user, gist, variant, call id). */
  readonly record: CallRecord;
  readonly rawBody: string;
  readonly fixtures: Fixtures;
  readonly random: () => number;
}

type Handler = (ctx: V1Context, user: FixtureUser, params: Record<string, string | undefined>) => void;

const API_KEY_HEADER = 'service-api-key';
const METHODS: readonly HTTPMethod[] = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/** Routes are matched on the raw path; find-my-way percent-decodes each parameter, so `a%2Fb` is the id `a/b`. */
const router = FindMyWay({ maxParamLength: 8192 });
const routeHandler = (): void => undefined;
router.on('GET', '/v1/me', routeHandler, { handle: me });
router.on('POST', '/v1/generate/:gistId', routeHandler, { handle: generate });
router.on('POST', '/v1/generate/:gistId/:variantSlug', routeHandler, { handle: generate });

/** Auth first, then routing, then the operation; every answer is an envelope. */
export function handleV1(ctx: V1Context, path: string): void {
  const { req, res } = ctx;
  const user = authenticate(ctx);
  if (!user) return;
  ctx.record.userId = user.id;
  const method = (req.method ?? 'GET') as HTTPMethod;
  const found = router.find(method, path);
  if (found) {
    (found.store as { handle: Handler }).handle(ctx, user, found.params);
    return;
  }
  if (!isDecodable(path)) {
    sendFailure(res, 400, 'The request path has malformed percent-encoding.');
    return;
  }
  const allowed = METHODS.filter((m) => router.find(m, path) !== null);
  if (allowed.length > 0) {
    sendFailure(res, 405, `Method ${method} is not allowed on ${path}; use ${allowed.join(', ')}.`, { Allow: allowed.join(', ') });
    return;
  }
  sendFailure(res, 404, `No such endpoint: ${method} ${path}`);
}

function authenticate(ctx: V1Context): FixtureUser | undefined {
  const key = ctx.req.headers[API_KEY_HEADER];
  if (key === undefined || key === '') {
    sendFailure(ctx.res, 401, 'Missing API key: send it in the SERVICE-API-KEY header.');
    return undefined;
  }
  const user = ctx.fixtures.users.find((u) => u.apiKeys.includes(String(key)));
  // The text never echoes the key: it may be real and this may be logged.
  if (!user) sendFailure(ctx.res, 401, 'Invalid API key: it does not belong to any user.');
  return user;
}

function isDecodable(path: string): boolean {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

function me(ctx: V1Context, user: FixtureUser): void {
  sendSuccess(ctx.res, { id: user.id, name: user.name, email: user.email, company_id: user.company_id });
}

function generate(ctx: V1Context, _user: FixtureUser, params: Record<string, string | undefined>): void {
  const { res, record } = ctx;
  const gistId = params.gistId ?? '';
  const variantSlug = params.variantSlug;
  record.gistId = gistId;
  if (variantSlug !== undefined) record.variant = variantSlug;

  const body = parseJsonBody(ctx);
  if (body === undefined) return;

  const gist = ctx.fixtures.gists.find((g) => g.id === gistId);
  if (!gist) return sendFailure(res, 404, `Gist not found: "${gistId}".`);
  const variant = variantSlug === undefined ? drawVariant(gist.variants, ctx.random) : gist.variants.find((v) => v.slug === variantSlug);
  if (!variant) return sendFailure(res, 404, `Variant not found: "${variantSlug ?? ''}" is not a variant of gist "${gistId}".`);
  record.variant = variant.slug;

  const values = checkValues(body.values, gist.variables);
  if (typeof values === 'string') return sendFailure(res, 400, values);

  const id = newCallId();
  record.callId = id;
  sendSuccess(res, { id, content: renderTemplate(variant.template, values) });
}

/** The body as a JSON object, or undefined after sending the 400 that says why not. */
function parseJsonBody(ctx: V1Context): Record<string, unknown> | undefined {
  const contentType = ctx.req.headers['content-type'];
  const mediaType = contentType?.split(';')[0]?.trim().toLowerCase();
  if (mediaType !== 'application/json') {
    const got = contentType === undefined ? 'none was sent' : `got "${contentType}"`;
    sendFailure(ctx.res, 400, `Content-Type must be application/json (${got}).`);
    return undefined;
  }
  if (ctx.rawBody.trim() === '') {
    sendFailure(ctx.res, 400, 'Request body is empty: send a JSON object like {"values": {...}}.');
    return undefined;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(ctx.rawBody);
  } catch (error) {
    sendFailure(ctx.res, 400, `Request body is not valid JSON: ${error instanceof Error ? error.message : String(error)}`);
    return undefined;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    sendFailure(ctx.res, 400, 'Request body must be a JSON object like {"values": {...}}.');
    return undefined;
  }
  return parsed as Record<string, unknown>;
}

/** The values to fill in, or the text of the 400 that names the problem. Extra names are ignored but must still be strings. */
function checkValues(values: unknown, variables: readonly string[]): Record<string, string> | string {
  const expected = variables.length > 0 ? variables.join(', ') : 'no variables';
  if (values === undefined) {
    if (variables.length === 0) return {};
    return `values is missing: send an object with a string for each variable (${expected}).`;
  }
  if (typeof values !== 'object' || values === null || Array.isArray(values)) {
    return `values must be an object mapping variable names to strings (${expected}).`;
  }
  const record = values as Record<string, unknown>;
  for (const [name, value] of Object.entries(record)) {
    if (typeof value !== 'string') return `values.${name} must be a string, got ${value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value}.`;
  }
  const missing = variables.filter((name) => !Object.hasOwn(record, name));
  if (missing.length > 0) return `Missing value for variable${missing.length > 1 ? 's' : ''}: ${missing.join(', ')}.`;
  return record as Record<string, string>;
}
