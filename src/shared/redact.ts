// Keeps the API key out of text that is shown, logged or stored: every form it can be written in
// becomes `***`. Pure: no `vscode`.
//
// Forms, character by character and mixed freely (a service can escape half a key): the character
// itself; `\uXXXX` or `\xXX` behind backslashes (JSON and JavaScript, escaped once or more); a
// backslash before a punctuation mark (JSON's `\/`, `\"`, `\\`); `%XX` percent-encoded once or
// more (`%5F`, `%255F`); HTML's `&#95;` and `&#x5F;`, XML's `&amp;` `&lt;` `&gt;` `&quot;` `&apos;`;
// Markdown's backslash before any punctuation mark, `\_` too; any of these inside another (a `%`
// written as `\u0025`). Hex digits in either case. And the key in base64 (standard or URL-safe),
// whatever its alignment. The text's escapes are decoded layer by layer, each decoded layer is
// searched for the key, and what is found is mapped back to the text as written, whole escapes
// included. A key holds no space or control character (validateApiKey), so one found with line
// breaks, spaces or invisible characters inside (as they are, or escaped: `\n`, `%0A`, `&#10;`,
// `⟨U+200B⟩`) is the key broken by a service or a wrap, and is redacted with them. Text is redacted
// before it is cut or formatted, so no cut or escape can leave a part of the key behind.
import { recordOf } from './keyedRecord';

/**
 * The shortest key the extension accepts (validateApiKey) and therefore the shortest it redacts:
 * one constant, so no accepted key is too short to be redacted.
 */
export const MIN_API_KEY_LENGTH = 8;

export const REDACTED = '***';

/** True when `secret` is long enough to be redacted (every accepted key is). */
export function isRedactable(secret: string | undefined): secret is string {
  return secret !== undefined && secret.length >= MIN_API_KEY_LENGTH;
}

/**
 * One escape, decoded one level at a time as its syntax says: a run of backslashes (JSON and
 * JavaScript: pairs are escaped backslashes, an odd one escapes what follows: `\uXXXX`, `\xXX`, a
 * punctuation mark), `%XX`, `&#NN;`, `&#xHH;`. Bounded repetitions keep the scan linear.
 */
const ESCAPE = /(\\{1,16})(?:u([0-9a-fA-F]{4})|x([0-9a-fA-F]{2})|([^\w\s\\]|_))?|%([0-9a-fA-F]{2})|&#(?:([0-9]{1,7})|[xX]([0-9a-fA-F]{1,6}));?|&(amp|lt|gt|quot|apos);/g;

/** XML's named entities (HTML's too), as junit-report-builder and others write them. */
const NAMED_ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/**
 * A text with its escapes decoded once. Escape `i` starts at `at[i]` of `text`, is `length[i]`
 * units long there, and was `sourceLength[i]` units at `sourceAt[i]` of the text one layer down
 * (parallel number arrays: a megabyte of JSON holds tens of thousands of escapes).
 */
interface Layer {
  readonly text: string;
  readonly at: readonly number[];
  readonly length: readonly number[];
  readonly sourceAt: readonly number[];
  readonly sourceLength: readonly number[];
}

/** What one escape stands for, one level down; undefined when it stands for itself. */
function decodedText(match: RegExpExecArray): string | undefined {
  const [whole, backslashes, unicode, hex2, punctuation, percent, decimal, hex, named] = match;
  if (named !== undefined) {
    return NAMED_ENTITIES[named];
  }
  if (backslashes !== undefined) {
    const pairs = '\\'.repeat(backslashes.length >> 1);
    const escaped = unicode !== undefined || hex2 !== undefined || punctuation !== undefined;
    if (backslashes.length % 2 === 0) {
      return `${pairs}${whole.slice(backslashes.length)}`;
    }
    if (!escaped) {
      return backslashes.length === 1 ? undefined : `${pairs}\\`;
    }
    const code = unicode ?? hex2;
    return `${pairs}${code === undefined ? (punctuation ?? '') : String.fromCharCode(Number.parseInt(code, 16))}`;
  }
  const code = percent ?? hex;
  if (code !== undefined) {
    const point = Number.parseInt(code, 16);
    return point <= 0x10ffff ? String.fromCodePoint(point) : undefined;
  }
  const point = Number(decimal);
  return point <= 0x10ffff ? String.fromCodePoint(point) : undefined;
}

const ESCAPE_SYNTAX = [...'\\%&#;uxX0123456789abcdefABCDEF'];
const wantedCache = new Map<string, ReadonlySet<string>>();

/** What an escape must decode to for a key to be in the layer: the keys' characters, and escape syntax (a `%` written `\u0025`). */
function wantedCharacters(secrets: readonly string[]): ReadonlySet<string> {
  const key = secrets.join('\u0000');
  let wanted = wantedCache.get(key);
  if (wanted === undefined) {
    if (wantedCache.size > 64) {
      wantedCache.clear();
    }
    wanted = new Set([...secrets.join(''), ...ESCAPE_SYNTAX]);
    wantedCache.set(key, wanted);
  }
  return wanted;
}

/**
 * `source` with each escape that decodes to a `wanted` character decoded once (an escaped quote of
 * a JSON body cannot be part of a key that holds none); undefined when there is none.
 */
function decodeLayer(source: string, wanted: ReadonlySet<string>): Layer | undefined {
  // One shared global pattern: decoding is synchronous, so its lastIndex is never shared.
  const pattern = ESCAPE;
  pattern.lastIndex = 0;
  const parts: string[] = [];
  const layer = { at: [] as number[], length: [] as number[], sourceAt: [] as number[], sourceLength: [] as number[] };
  let last = 0;
  let decodedLength = 0;
  for (let match = pattern.exec(source); match !== null; match = pattern.exec(source)) {
    const char = decodedText(match);
    if (char === undefined || char === match[0] || ![...char].some((one) => wanted.has(one))) {
      continue;
    }
    parts.push(source.slice(last, match.index), char);
    decodedLength += match.index - last;
    layer.at.push(decodedLength);
    layer.length.push(char.length);
    layer.sourceAt.push(match.index);
    layer.sourceLength.push(match[0].length);
    decodedLength += char.length;
    last = match.index + match[0].length;
  }
  if (layer.at.length === 0) {
    return undefined;
  }
  parts.push(source.slice(last));
  return { text: parts.join(''), ...layer };
}

/** The last escape that starts at or before `index` of the layer's text, or -1. */
function escapeBefore(layer: Layer, index: number): number {
  let low = 0;
  let high = layer.at.length - 1;
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if ((layer.at[middle] ?? 0) <= index) {
      found = middle;
      low = middle + 1;
    } else {
      high = middle - 1;
    }
  }
  return found;
}

/** Where `[start, end)` of a layer's text was in the text one layer down: whole escapes included. */
function spanBelow(layer: Layer, start: number, end: number): [number, number] {
  const below = (index: number, edge: 'start' | 'end'): number => {
    const char = edge === 'start' ? index : index - 1;
    const escape = escapeBefore(layer, char);
    if (escape === -1) {
      return index;
    }
    const at = layer.at[escape] ?? 0;
    const sourceAt = layer.sourceAt[escape] ?? 0;
    const sourceEnd = sourceAt + (layer.sourceLength[escape] ?? 0);
    const decodedEnd = at + (layer.length[escape] ?? 0);
    if (char < decodedEnd) {
      return edge === 'start' ? sourceAt : sourceEnd;
    }
    return index + sourceEnd - decodedEnd;
  };
  return [below(start, 'start'), below(end, 'end')];
}

/**
 * The forms a writer makes of a key (JSON-escaped once to three times, percent-encoded in either
 * hex case; XML's and HTML's entities, Markdown's backslashes, a workflow command's percent
 * escapes), searched for literally in the text as written. Decoding the text's escapes finds the
 * key in any mix of them, but a key that itself holds escape syntax (`%5f`, `\\!`) is changed by
 * the decoding too; its written forms are found as they stand (one of them escaped again is not).
 */
function writtenForms(secret: string): string[] {
  const forms = new Set<string>();
  let escaped = secret;
  for (let depth = 0; depth < 3; depth++) {
    escaped = JSON.stringify(escaped).slice(1, -1);
    forms.add(escaped);
  }
  const percent = encodeURIComponent(secret);
  forms.add(percent);
  forms.add(percent.replace(/%[0-9A-F]{2}/g, (code) => code.toLowerCase()));
  // XML text and attributes as xmlbuilder writes them, and with every entity.
  const amp = secret.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  forms.add(amp.replace(/>/g, '&gt;'));
  forms.add(amp.replace(/"/g, '&quot;'));
  forms.add(amp.replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;'));
  forms.add(secret.replace(/[!"#$%&'()*+,\-./:;<=>?@[\\\]^_`{|}~]/g, (char) => `\\${char}`));
  const data = secret.replace(/%/g, '%25');
  forms.add(data);
  forms.add(data.replace(/:/g, '%3A').replace(/,/g, '%2C'));
  forms.delete(secret);
  return [...forms];
}

const base64Cache = new Map<string, readonly string[]>();

/** `base64Forms` and `writtenForms`, worked out once per key: every response and log line is redacted. */
function cachedForms(secret: string): readonly string[] {
  let forms = base64Cache.get(secret);
  if (forms === undefined) {
    if (base64Cache.size > 64) {
      base64Cache.clear();
    }
    forms = [...base64Forms(secret), ...writtenForms(secret)];
    base64Cache.set(secret, forms);
  }
  return forms;
}

/** The parts of a base64 encoding of any text holding `secret` that depend on the secret alone, for each alignment. */
export function base64Forms(secret: string): string[] {
  const bytes = Buffer.from(secret, 'utf8');
  const forms = new Set<string>();
  for (const offset of [0, 1, 2]) {
    const padded = Buffer.concat([Buffer.alloc(offset), bytes]);
    const encoded = padded.toString('base64');
    // Whole groups of three bytes only, and not the first group when it holds padding bytes.
    const firstGroup = offset === 0 ? 0 : 4;
    const lastGroup = Math.floor(padded.length / 3) * 4;
    const middle = encoded.slice(firstGroup, lastGroup);
    if (middle.length >= MIN_API_KEY_LENGTH) {
      forms.add(middle);
      forms.add(middle.replace(/\+/g, '-').replace(/\//g, '_'));
    }
  }
  return [...forms];
}

/** Escapes are decoded this many times over: a key percent-encoded twice inside a JSON string escaped three times. */
const MAX_LAYERS = 6;

/** The keys of one call, with what their search needs worked out once (every response and results line is redacted). */
interface SecretSet {
  readonly secrets: readonly string[];
  /** Each key and its written and base64 forms: searched for literally in the text as written. */
  readonly forms: readonly string[];
  readonly wanted: ReadonlySet<string>;
}

let lastSet: SecretSet | undefined;

/** The set for `secrets`, the last one again when the keys are the same (a run redacts with the same keys thousands of times a second). */
function secretSet(secrets: readonly string[]): SecretSet {
  const last = lastSet;
  if (last !== undefined && last.secrets.length === secrets.length && last.secrets.every((secret, index) => secret === secrets[index])) {
    return last;
  }
  const set = { secrets: [...secrets], forms: secrets.flatMap((secret) => [secret, ...cachedForms(secret)]), wanted: wantedCharacters(secrets) };
  lastSet = set;
  return set;
}

/**
 * Where the ESCAPE pattern could decode something: a backslash before `u`, `x`, `_` or a mark (a
 * pair of backslashes included), `%XX`, `&#`, a named entity. A backslash before another letter, a
 * digit or a space (`\n`) stands for itself to `decodedText`. A text with none of these has no
 * layer below it.
 */
const MAY_DECODE = /\\[^\w\s]|\\[ux_]|%[0-9a-fA-F]{2}|&#|&(?:amp|lt|gt|quot|apos);/;
const ESCAPE_AT = /\\(?:[^\w\s]|[ux_])/y;
const PERCENT_AT = /%[0-9a-fA-F]{2}/y;
const ENTITY_AT = /&(?:#|amp;|lt;|gt;|quot;|apos;)/y;

/**
 * `MAY_DECODE.test(text)`, found by jumping from one `\`, `%` or `&#` to the next: the pattern
 * tried at every character cost ~0.7 µs on a results line, a third of a redaction (a property
 * test holds the two equal).
 */
export function mayDecode(text: string): boolean {
  for (let at = text.indexOf('&'); at !== -1; at = text.indexOf('&', at + 1)) {
    ENTITY_AT.lastIndex = at;
    if (ENTITY_AT.test(text)) {
      return true;
    }
  }
  for (let at = text.indexOf('\\'); at !== -1; at = text.indexOf('\\', at + 1)) {
    ESCAPE_AT.lastIndex = at;
    if (ESCAPE_AT.test(text)) {
      return true;
    }
  }
  for (let at = text.indexOf('%'); at !== -1; at = text.indexOf('%', at + 1)) {
    PERCENT_AT.lastIndex = at;
    if (PERCENT_AT.test(text)) {
      return true;
    }
  }
  return false;
}

/** The pattern `mayDecode` finds, for the property test that holds them equal. */
export const MAY_DECODE_PATTERN = MAY_DECODE;

/** What a key can never hold, so what sits inside one only where it was broken: spaces, line breaks, controls, invisible characters. */
const GAP_CHARACTER = /^[\s\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}]$/u;
const GAP_RAW = /[\s\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}]+/uy;
/**
 * Such a character escaped as a sink writes it: `\n` `\r` `\t` behind any backslashes (JSON,
 * escaped once or more), `\u000a`, `\x0a`, `%0A` (a workflow command, a URL), `&#10;`, `&#xA;`, or
 * `⟨U+200B⟩` (how outside text shows an invisible character). What it stands for is checked apart.
 */
const GAP_ESCAPE = /\\+(?:[nrtfv]|u([0-9a-fA-F]{4})|x([0-9a-fA-F]{2}))|%([0-9a-fA-F]{2})|&#(?:([0-9]{1,7})|[xX]([0-9a-fA-F]{1,6}));?|⟨U\+([0-9A-F]{4,6})⟩/y;

/** True when no gap can start with the character `code`: visible ASCII other than `\`, `%` and `&` (most characters of most texts). */
function cannotStartGap(code: number): boolean {
  return code > 0x20 && code < 0x7f && code !== 0x5c && code !== 0x25 && code !== 0x26;
}

/**
 * The length of the gap that starts at `at` of `text`, 0 when none does: a run of raw gap
 * characters (never a key's), or one escape (made of characters a key can hold, so the caller
 * looks for the key's next character after each one).
 */
function gapAt(text: string, at: number): number {
  const code = text.charCodeAt(at);
  if (at >= text.length || cannotStartGap(code)) {
    return 0;
  }
  let end = at;
  // Spaces and line breaks without a regular expression: the common gaps.
  for (let next = code; next === 0x20 || next === 0x0a || next === 0x0d || next === 0x09; next = text.charCodeAt(end)) {
    end += 1;
  }
  // Other raw gap characters are controls or beyond ASCII: the pattern only for those.
  const after = text.charCodeAt(end);
  if (after < 0x20 || after >= 0x7f) {
    GAP_RAW.lastIndex = end;
    if (GAP_RAW.test(text)) {
      end = GAP_RAW.lastIndex;
    }
  }
  if (end > at) {
    return end - at;
  }
  GAP_ESCAPE.lastIndex = at;
  const escape = GAP_ESCAPE.exec(text);
  if (escape === null) {
    return 0;
  }
  const hex = escape[1] ?? escape[2] ?? escape[3] ?? escape[5] ?? escape[6];
  const point = hex !== undefined ? Number.parseInt(hex, 16) : escape[4] !== undefined ? Number(escape[4]) : 0x0a;
  return point <= 0x10ffff && GAP_CHARACTER.test(String.fromCodePoint(point)) ? escape[0].length : 0;
}

/**
 * Where a stretch of `text` from `at` that spells `secret` with gaps inside it (never at its ends)
 * ends, or -1: the key with a line break a service put in, or the `\n` a sink wrote for it. A
 * character of the key is taken as itself before it is taken as a gap. By character codes: this
 * runs at every place the key's first character is, in every text redacted.
 */
function gappedEnd(text: string, secret: string, at: number): number {
  let end = at + 1;
  let matched = 1;
  let gaps = false;
  while (matched < secret.length) {
    if (text.charCodeAt(end) === secret.charCodeAt(matched)) {
      end += 1;
      matched += 1;
      continue;
    }
    const gap = gapAt(text, end);
    if (gap === 0) {
      return -1;
    }
    end += gap;
    gaps = true;
  }
  return gaps ? end : -1;
}

/** Each `[start, end)` of `text` that spells `secret` with gaps inside it (gappedEnd). */
function gappedSpans(text: string, secret: string, found: (start: number, end: number) => void): void {
  const first = secret[0] ?? '';
  for (let at = text.indexOf(first); at !== -1; at = text.indexOf(first, at + 1)) {
    const end = gappedEnd(text, secret, at);
    if (end !== -1) {
      found(at, end);
    }
  }
}

/** True when `secret` is in `text` with gaps inside. */
function hasGappedSpan(text: string, secret: string): boolean {
  const first = secret[0] ?? '';
  for (let at = text.indexOf(first); at !== -1; at = text.indexOf(first, at + 1)) {
    if (gappedEnd(text, secret, at) !== -1) {
      return true;
    }
  }
  return false;
}

/**
 * True when `secretSpans` would find nothing, proved cheaply: no literal form of a key in the text,
 * no key with gaps inside, and nothing in it that decodes. Exactly the first step of the search,
 * without the decoding.
 */
function provablyClean(text: string, set: SecretSet): boolean {
  if (mayDecode(text)) {
    return false;
  }
  for (const form of set.forms) {
    if (text.includes(form)) {
      return false;
    }
  }
  for (const secret of set.secrets) {
    if (hasGappedSpan(text, secret)) {
      return false;
    }
  }
  return true;
}

/** Every `[start, end)` of `text` that writes one of `secrets`, in any form. */
function secretSpans(text: string, set: SecretSet): Array<[number, number]> {
  const spans: Array<[number, number]> = [];
  const layers: Layer[] = [];
  const { secrets, wanted } = set;
  const literal = (layerText: string, found: (start: number, end: number) => void): void => {
    for (const form of layers.length === 0 ? set.forms : secrets) {
      for (let at = layerText.indexOf(form); at !== -1; at = layerText.indexOf(form, at + 1)) {
        found(at, at + form.length);
      }
    }
    for (const secret of secrets) {
      gappedSpans(layerText, secret, found);
    }
  };
  literal(text, (start, end) => spans.push([start, end]));
  for (let source = text; layers.length < MAX_LAYERS; ) {
    const layer = decodeLayer(source, wanted);
    if (layer === undefined) {
      break;
    }
    layers.push(layer);
    literal(layer.text, (start, end) => {
      let span: [number, number] = [start, end];
      for (let index = layers.length - 1; index >= 0; index--) {
        span = spanBelow(layers[index] as Layer, span[0], span[1]);
      }
      spans.push(span);
    });
    source = layer.text;
  }
  return spans;
}

/** `text` with `spans` (which may overlap) replaced by `***`. */
function replaceSpans(text: string, spans: ReadonlyArray<[number, number]>): string {
  const sorted = [...spans].sort((a, b) => a[0] - b[0]);
  let result = '';
  let last = 0;
  for (const [start, end] of sorted) {
    if (end <= last) {
      continue;
    }
    result += start >= last ? `${text.slice(last, start)}${REDACTED}` : '';
    last = end;
  }
  return result + text.slice(last);
}

/** `text` with every written form of each secret replaced by `***`. */
export function redactSecrets(text: string, secrets: Iterable<string | undefined>): string {
  const redactable = redactableOf(secrets);
  if (redactable.length === 0) {
    return text;
  }
  const set = secretSet(redactable);
  return provablyClean(text, set) ? text : redactSpans(text, set);
}

/**
 * True when `text` provably holds no form of any of `secrets` (the cheap proof alone); false when
 * it may. What holds for a text holds for every stretch of it: many short texts are proved at once.
 */
export function provablyWithoutSecrets(text: string, secrets: Iterable<string | undefined>): boolean {
  const redactable = redactableOf(secrets);
  return redactable.length === 0 || provablyClean(text, secretSet(redactable));
}

/**
 * `redactSecrets` without the cheap proof that there is nothing to find: the layered search every
 * time. What the proof must agree with (a property test holds them equal).
 */
export function redactSecretsFully(text: string, secrets: Iterable<string | undefined>): string {
  const redactable = redactableOf(secrets);
  return redactable.length === 0 ? text : redactSpans(text, secretSet(redactable));
}

function redactableOf(secrets: Iterable<string | undefined>): string[] {
  const redactable: string[] = [];
  for (const secret of secrets) {
    if (isRedactable(secret)) {
      redactable.push(secret);
    }
  }
  return redactable;
}

function redactSpans(text: string, set: SecretSet): string {
  let result = text;
  // Again until gone: `***` next to the text around it could spell a key that holds `*`.
  for (let spans = secretSpans(result, set); spans.length > 0; spans = secretSpans(result, set)) {
    result = replaceSpans(result, spans);
  }
  return result;
}

/** Redacts one secret; `undefined` leaves the text as it is. */
export function redactSecret(text: string, secret: string | undefined): string {
  return redactSecrets(text, [secret]);
}

/**
 * Values as kept or handed out (the history, the last values remembered for a prefill, the public
 * API's outcomes, Compare Variants' result): a key typed into one (`SERVICE_API_KEY=gk_…`) is
 * redacted by `redact`, the extension's one redaction of every known key, in names too. What is
 * sent is what was typed; only what is kept or handed out is redacted.
 */
export function redactValues(values: Readonly<Record<string, string>>, redact: (text: string) => string): Record<string, string> {
  return recordOf(Object.entries(values).map(([name, value]) => [redact(name), redact(value)] as const));
}
