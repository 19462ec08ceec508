// Shapes shared by the local gist service, its control surface and its control client.
// Pure types, no imports, so the control client (which runs inside the extension host) stays dependency-free.

export interface FixtureUser {
  id: string;
  name: string;
  email: string;
  company_id: string;
  /** Keys sent in `SERVICE-API-KEY` that identify this user. */
  apiKeys: string[];
}

export interface FixtureVariant {
  slug: string;
  /** Share of the traffic when no variant is named; relative to the gist's other variants. */
  weight: number;
  /** Text with `{{variable}}` placeholders. */
  template: string;
}

export interface FixtureGist {
  id: string;
  name?: string;
  description?: string;
  variables: string[];
  variants: FixtureVariant[];
}

export interface Fixtures {
  users: FixtureUser[];
  gists: FixtureGist[];
}

/** One request the service received (control-surface requests excluded). */
export interface CallRecord {
  method: string;
  /** Path as received, without the query string (still percent-encoded). */
  path: string;
  headers: Record<string, string | string[] | undefined>;
  /** Parsed JSON body; the key is absent when the body was empty or not JSON. */
  body: unknown;
  rawBody: string;
  /** Status sent; 0 while or when no response head was sent. */
  status: number;
  /** Percent-decoded gist id from a generate path. */
  gistId?: string;
  /** Variant slug named in the path, or the one drawn by traffic allocation. */
  variant?: string;
  /** Call id returned in `data.id`. */
  callId?: string;
  /** ISO time the request arrived. */
  time: string;
  /** User the API key belongs to, when the key was known. */
  userId?: string;
}

export type FaultKind =
  | 'status'
  | 'html'
  | 'notJson'
  | 'truncated'
  | 'resetBeforeBody'
  | 'resetDuringBody'
  | 'neverEnd'
  | 'stallMidBody'
  | 'huge'
  | 'raw';

/** A misbehaviour applied to the next matching request(s) instead of (or before) the normal answer. */
export interface Fault {
  /** Only requests whose path starts with this; default any `/v1` request. */
  path?: string;
  /** Delay before answering; alone it delays a normal response. */
  latencyMs?: number;
  /** Defaults to 'status' when `status`, `error` or `data` is set, otherwise no fault beyond the latency. */
  kind?: FaultKind;
  /** For 'status', 'html' and 'raw'; default 500. */
  status?: number;
  /** Envelope `error` for 'status'; null sends a success-looking envelope. */
  error?: string | null;
  /** Envelope `data` for 'status' (default null). */
  data?: unknown;
  /** Exact body for 'raw'. */
  body?: string;
  /** Content-Type for 'raw'; default application/json. */
  contentType?: string;
  /** Size of the envelope streamed by 'huge'; default 32 MiB. */
  hugeBytes?: number;
  /** Adds a Retry-After header (seconds or an HTTP date). */
  retryAfter?: string;
}

/** `GET /_control/stats`. */
export interface ServiceStats {
  connections: number;
  calls: number;
}
