// Every size and range limit of the extension, in one place. Text from the service, from other
// extensions and from workspace files is capped before it is stored, since global state is loaded
// at every startup and a write that is too large fails. Pure: no `vscode`.

/** A call id from the service longer than this (UTF-8) is a malformed response. */
export const MAX_CALL_ID_BYTES = 1024;
/** Gist ids and variant slugs longer than this are refused before any call. */
export const MAX_GIST_ID_BYTES = 256;
export const MAX_VARIANT_BYTES = 256;
/** A gist's label as kept in the history. */
export const MAX_LABEL_BYTES = 256;
/** A `/v1/me` field (id, name, e-mail, company): kept in state and shown in the status bar. */
export const MAX_PROFILE_FIELD_BYTES = 1024;
/** A failed call's message as kept in the history. */
export const MAX_ERROR_BYTES = 2 * 1024;

/** Values of one call that are remembered (history, last values per gist); the rest are not kept. */
export const MAX_VALUES_KEPT = 64;
/** A variable name longer than this is not remembered with its value. */
export const MAX_VARIABLE_NAME_BYTES = 256;
/** One remembered value; a longer one is cut (history) or not kept (last values). */
export const MAX_VALUE_BYTES = 16 * 1024;

/**
 * The gist_generate language model tool's input comes from a model that may have read hostile
 * text: values per call and the size of one value are refused past these.
 */
export const MAX_TOOL_VALUES = 64;
export const MAX_TOOL_VALUE_BYTES = 64 * 1024;
/** Characters of one value the tool's confirmation shows; the rest is counted, not shown. */
export const MAX_CONFIRMATION_VALUE_CHARS = 2_000;
/** gist_list's reply (UTF-8): gists past it are counted, not listed. */
export const MAX_TOOL_LIST_BYTES = 64 * 1024;

/** History: entries, generated text per entry, one whole entry, and all entries together. */
export const MAX_HISTORY_ENTRIES = 100;
export const MAX_CONTENT_BYTES = 64 * 1024;
export const MAX_HISTORY_ENTRY_BYTES = 128 * 1024;
/** What older versions kept of the history in global state, all entries together (read once, to move it to files). */
export const MAX_HISTORY_BYTES = 2 * 1024 * 1024;
/**
 * What global state keeps per history entry (as JSON): the view's title, first line and call id,
 * cut to fit. 100 entries stay under 52 KB; the entries themselves are files (history/callHistory.ts).
 */
export const MAX_HISTORY_ITEM_BYTES = 512;

/**
 * A generation shorter than this shows neither the status bar spinner nor the progress
 * notification: both only flash for a fast call, and in the web workbench the status bar changing
 * while the generated text went in made that edit ~8 ms slower (~15 ms while spinning), the
 * notification ~1.6 ms (npm run bench). VS Code waits as long before it shows its own window progress.
 */
export const FEEDBACK_DELAY_MS = 150;

/**
 * The variant lab (issue 26): data files and results files come from the workspace or a
 * repository, so every size is capped before anything is kept or sent. A call's values are capped
 * as the gist_generate tool's are (a data file is as hostile as a model's input).
 */
/** Data rows one run reads; a larger file is refused with a message that says so. */
export const MAX_RUN_ROWS = 100_000;
/** Variants (Automatic included) and samples per cell of one run, and the calls they make together. */
export const MAX_RUN_VARIANTS = 32;
export const MAX_RUN_SAMPLES = 100;
export const MAX_RUN_CALLS = 1_000_000;
/**
 * Checks: within every per-file cap a test file orders tests × variants × samples calls (10,000 ×
 * 32 × 100 = 32 million), so a run counts its calls before any is sent. The Test Explorer asks
 * before a run of more than CHECK_RUN_ASK_CALLS and refuses one of more than MAX_CHECK_RUN_CALLS
 * (each cell is a state the workbench shows: past that, a results file and the lab are the place).
 * gist-check refuses a run over `--max-calls`, DEFAULT_MAX_CALLS unless raised, up to MAX_RUN_CALLS:
 * at a few calls a second (a model-backed service's rate limit), 5,000 calls are about half an hour of a CI job and fit
 * a suite of 200 tests × 5 variants × 5 samples; more is a decision to state on the command line.
 */
export const CHECK_RUN_ASK_CALLS = 1_000;
export const MAX_CHECK_RUN_CALLS = 100_000;
export const DEFAULT_MAX_CALLS = 5_000;
/**
 * `gist.lab.concurrency`: calls at once, the ceiling the engine adapts under (it starts with 4 and
 * finds the service's capacity). High enough not to be the limit: a model-backed service answering
 * in 5–8 s at a few hundred requests a minute needs 20–40 at once, one allowing 50 a second at
 * 2–5 s needs 100–250. 256 covers that; 512 leaves room while staying far under the sockets and
 * memory one process has (each waiting call holds one connection and one row).
 */
export const MIN_LAB_CONCURRENCY = 1;
export const MAX_LAB_CONCURRENCY = 512;
export const DEFAULT_LAB_CONCURRENCY = 256;
/** A cell the service keeps refusing (429, 503) this long in a row fails; before, a refusal does not use its retries. */
export const RATE_LIMIT_PATIENCE_MS = 5 * 60_000;
/** `gist.lab.maxRetries`: further attempts of one call after a 429, a 5xx or a network error. */
export const MAX_LAB_RETRIES = 10;
export const DEFAULT_LAB_RETRIES = 3;
/** Columns of a data file (a CSV header, the keys of a JSON row) and the bytes of one column name. */
export const MAX_DATA_COLUMNS = 1_024;
export const MAX_COLUMN_NAME_BYTES = MAX_VARIABLE_NAME_BYTES;
/** Values one call sends (variables mapped) and the bytes of one: as for the gist_generate tool. */
export const MAX_CALL_VALUES = MAX_TOOL_VALUES;
export const MAX_CALL_VALUE_BYTES = MAX_TOOL_VALUE_BYTES;
/** One row of a data file as read (a CSV record, a JSON object, a JSONL line). */
export const MAX_DATA_ROW_BYTES = 4 * 1024 * 1024;
/**
 * How deep objects and arrays of outside JSON may nest (a data row, a test file, a catalog, a schema
 * given as text): `{"a":[1]}` is 2 deep. Walks over JSON recurse (JSON.stringify, jsonc-parser, the
 * checks' trees), and a row nested a million deep overflows the stack; nothing real comes near this.
 */
export const MAX_JSON_DEPTH = 1_000;
/** A call's content as a results file keeps it; longer content is cut there (and marked). */
export const MAX_RESULT_CONTENT_BYTES = 1024 * 1024;
/**
 * One line of a results file: values (64 of 64 KiB) and content (1 MiB) fit even when JSON
 * escapes every character (6 bytes for one), so what the writer writes the reader reads.
 */
export const MAX_RESULT_LINE_BYTES = 32 * 1024 * 1024;
/**
 * JSON values (objects, arrays, their members and items) of one results line: a run's line holds a
 * few hundred (64 values, the checks' assertions). Past this a line is skipped before it is parsed:
 * JSON.parse takes about 1 µs a member, so a 32 MiB line of members held the extension host 12 s.
 */
export const MAX_RESULT_LINE_VALUES = 10_000;

/**
 * The votes files beside one results file (one per reviewer and per judge model; review/votes.ts
 * caps each at 64 MiB and 200,000 lines): how many are looked at, and their bytes together. The
 * largest votes file (~58 MB: ~1.4 s and ~170 MB of heap to read) and as much again are read;
 * twenty links to it (43 s and 2 GiB of heap on the extension host) are not. A team's files (ten
 * reviewers of 5,000 votes, ~15 MB) fit many times over. Past either cap the rest are named, not read.
 */
export const MAX_VOTES_FILES = 64;
export const MAX_VOTES_BYTES = 128 * 1024 * 1024;

/** `gist.requestTimeoutSeconds`: the range declared in package.json. */
export const MIN_TIMEOUT_SECONDS = 1;
export const MAX_TIMEOUT_SECONDS = 600;
export const DEFAULT_TIMEOUT_SECONDS = 60;

/** Bytes of `text` in UTF-8 (a lone surrogate counts as U+FFFD, 3 bytes), counted without encoding it. */
export function utf8Length(text: string): number {
  return Buffer.byteLength(text, 'utf8');
}
