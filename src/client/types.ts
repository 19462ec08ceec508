// Shapes of the gist service's data (spec §2) and of the requests the extension makes.
// Pure types: no `vscode`, no I/O. The user of `GET /v1/me` is `GistUser` in shared/, which every floor shows.

/** `data` of `POST /v1/generate/...`. */
export interface GenerationResult {
  /** Opaque call id, for troubleshooting. */
  readonly id: string;
  readonly content: string;
}

/** What a generate call asks for. */
export interface GenerateRequest {
  readonly gistId: string;
  /** Variant slug; undefined lets the service choose by traffic allocation. */
  readonly variant?: string | undefined;
  readonly values: Readonly<Record<string, string>>;
}

/** Where and how to reach the service; read from settings for each call. */
export interface ConnectionSettings {
  /** e.g. `https://api.example.com` (no trailing `/v1`). */
  readonly baseUrl: string;
  /** Header that carries the key, `SERVICE-API-KEY` by default. */
  readonly apiKeyHeader: string;
  readonly apiKey: string;
  /** Whole-call timeout in milliseconds. */
  readonly timeoutMs: number;
  /** The name of the profile these settings come from, for log lines and the history; not sent. */
  readonly profile?: string | undefined;
}
