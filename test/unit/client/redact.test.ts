// The key is redacted in every form it can be written in, and every key the extension accepts is
// long enough to be redacted (issue 13, item 6).
import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { validateApiKey } from '../../../src/client/apiKey';
import { errorFromFailure } from '../../../src/client/failureErrors';
import { responseWithoutKey } from '../../../src/client/keyEcho';
import { MAY_DECODE_PATTERN, MIN_API_KEY_LENGTH, mayDecode, redactSecrets, redactSecretsFully } from '../../../src/shared/redact';

/** A key with the characters JSON and URLs escape: `"`, `\`, `%`, `/`, `+`, `&`. */
const AWKWARD_KEY = 'gk_"q\\u/%+&x';

function assertNoForm(text: string, key: string): void {
  for (const form of [key, JSON.stringify(key).slice(1, -1), encodeURIComponent(key)]) {
    assert.ok(!text.includes(form), `${JSON.stringify(form)} in ${JSON.stringify(text)}`);
  }
}

describe('redaction of the API key', function () {
  it('redacts a key as JSON.stringify writes it (a trace line of values)', function () {
    const line = `generate echo values=${JSON.stringify({ text: `my key is ${AWKWARD_KEY}` })}`;
    const redacted = redactSecrets(line, [AWKWARD_KEY]);
    assertNoForm(redacted, AWKWARD_KEY);
    assert.equal(redacted, 'generate echo values={"text":"my key is ***"}');
  });

  it('redacts a key JSON-escaped twice (a service error quoted in a log line)', function () {
    const twice = JSON.stringify(JSON.stringify({ error: `Key ${AWKWARD_KEY} is suspended` }));
    assert.equal(redactSecrets(`service error ${twice}`, [AWKWARD_KEY]).includes('***'), true);
    assertNoForm(redactSecrets(twice, [AWKWARD_KEY]), AWKWARD_KEY);
    assert.ok(!redactSecrets(twice, [AWKWARD_KEY]).includes('gk_\\\\\\"q'), redactSecrets(twice, [AWKWARD_KEY]));
  });

  it('redacts a percent-encoded key (a URL or path that carries it), in upper and lower case hex', function () {
    const url = `http://127.0.0.1/v1/generate/${encodeURIComponent(AWKWARD_KEY)}`;
    assert.equal(redactSecrets(url, [AWKWARD_KEY]), 'http://127.0.0.1/v1/generate/***');
    assert.equal(redactSecrets(encodeURIComponent(AWKWARD_KEY).toLowerCase(), [AWKWARD_KEY]), '***');
  });

  it('a low-level network error quoting the key JSON-escaped does not carry it into the message', function () {
    const error = errorFromFailure(new Error(`invalid header value ${JSON.stringify(AWKWARD_KEY)}`), { host: 'h', timeoutMs: 1000, secret: AWKWARD_KEY });
    assertNoForm(error.message, AWKWARD_KEY);
  });

  it('rejects keys shorter than the redacted length, without repeating them', function () {
    for (const key of ['q', 'qz', 'qzj', 'Q'.repeat(MIN_API_KEY_LENGTH - 1)]) {
      const result = validateApiKey(key);
      assert.equal(result.ok, false, `${key} was accepted`);
      assert.ok(!result.ok && !result.reason.includes(key), result.ok ? '' : result.reason);
    }
    assert.equal(validateApiKey('x'.repeat(MIN_API_KEY_LENGTH)).ok, true);
  });

  it('every key validateApiKey accepts is redacted wherever it appears (property)', function () {
    const visibleAscii = fc.string({ unit: fc.integer({ min: 0x21, max: 0x7e }).map((code) => String.fromCharCode(code)), minLength: 1, maxLength: 24 });
    fc.assert(
      fc.property(visibleAscii, fc.string(), fc.string(), (key, before, after) => {
        if (!validateApiKey(key).ok) {
          return;
        }
        for (const written of [key, JSON.stringify(key), JSON.stringify(JSON.stringify(key)), encodeURIComponent(key)]) {
          assertNoForm(redactSecrets(`${before}${written}${after}`, [key]), key);
        }
      }),
      { numRuns: 3000 },
    );
  });

  it('redacts each written form of a key that itself holds escape syntax (counterexamples of the property test above)', function () {
    // Decoding the text's escapes changed these keys too (`%5f` became `_`), so only their literal
    // written forms can be found; the property test found them with random seeds.
    for (const key of ['%5f_\\!!!', ':!!!\\!!!']) {
      for (const written of [key, JSON.stringify(key), JSON.stringify(JSON.stringify(key)), encodeURIComponent(key)]) {
        for (const before of ['', '\\', '%']) {
          assertNoForm(redactSecrets(`${before}${written}`, [key]), key);
        }
      }
    }
  });

  it('redacts a key with line breaks, spaces or invisible characters inside, written as they are or escaped as a sink writes them (issue 46)', function () {
    const key = 'gk_demo_ada';
    const gaps = ['\n', '\r\n', ' ', '\t', '\u200b', '\u2028', '\u0085', '\\n', '\\\\r\\\\n', '\\u000a', '%0A', '%0d%0a', '&#10;', '&#x2028;', '⟨U+200B⟩', '\n  \n'];
    for (const gap of gaps) {
      for (const at of [1, 4, 10]) {
        const written = `${key.slice(0, at)}${gap}${key.slice(at)}`;
        const redacted = redactSecrets(`before ${written} after`, [key]);
        assert.equal(redacted, 'before *** after', JSON.stringify(written));
        assert.equal(redactSecretsFully(`before ${written} after`, [key]), redacted);
      }
    }
    assert.equal(redactSecrets(`gk_de\nmo\u200b_a\\nda`, [key]), '***', 'several gaps of several kinds');
    assert.equal(redactSecrets('a gk_demo_ad\nb c', [key]), 'a gk_demo_ad\nb c', 'not the key: nothing changed');
    assert.equal(redactSecrets('gk_demo_ada\n b', [key]), '***\n b', 'a gap after the key is no part of it');
  });

  it('redacts a key as Markdown escapes it (`\\_`) and as XML escapes it (`&amp;`, `&lt;`, `&quot;`…) (issue 46)', function () {
    const key = 'gk_<&"\'>_x';
    const markdown = key.replace(/[!"#$%&'()*+,\-./:;<=>?@[\\\]^_`{|}~]/g, (char) => `\\${char}`);
    const xml = key.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
    for (const written of [markdown, xml, xml.replace('&amp;', '&amp;\n'), JSON.stringify(markdown).slice(1, -1)]) {
      assert.equal(redactSecrets(`| ${written} |`, [key]), '| *** |', written);
    }
    assert.equal(redactSecrets('gk\\_demo\\_ada', ['gk_demo_ada']), '***');
  });

  it('leaves text without the key alone', function () {
    assert.equal(redactSecrets('nothing secret here', ['gk_demo_ada', undefined]), 'nothing secret here');
  });
  it('the cheap proof that a text holds no key agrees with the full layered search (property)', function () {
    // Texts made of a key's characters, its written forms, escapes of its characters in every
    // syntax the decoder reads (and near misses: `\n`, `%G1`, `&#`), and other text: wherever the
    // proof says "nothing to find", the full search must find nothing either.
    const keyChar = fc.constantFrom(...'gk_"q\\u/%+&x5fAa0*:!#;'.split(''));
    const plainChar = fc.constantFrom(...'gk_demoa0123456789'.split(''));
    const markChar = fc.constantFrom(...'gk_demo01/!:'.split(''));
    const key = fc.oneof(...[keyChar, plainChar, markChar].map((unit) => fc.string({ unit, minLength: MIN_API_KEY_LENGTH, maxLength: 14 })));
    const hex = (code: number, width: number): string => code.toString(16).padStart(width, '0');
    const escapeOf = (char: string, syntax: number): string => {
      const code = char.charCodeAt(0);
      return [
        `\\u${hex(code, 4)}`,
        `\\u${hex(code, 4).toUpperCase()}`,
        `\\x${hex(code, 2)}`,
        `\\${char}`,
        `\\\\${char}`,
        `%${hex(code, 2)}`,
        `%25${hex(code, 2)}`,
        `&#${code};`,
        `&#x${hex(code, 2)}`,
        `\\u0025${hex(code, 2)}`,
      ][syntax % 10] as string;
    };
    fc.assert(
      fc.property(
        key,
        fc.array(fc.oneof(fc.string(), fc.constantFrom('\\n', '\\t', '%G1', '&#', '&amp;', '&lt;', '&quot', '\\', '\\\\', '***', '"', '%', '\n', ' ', '%0A', '\\\\n', '&#10;', '\u200b', '⟨U+200B⟩', '\\_'), fc.tuple(fc.nat(), fc.nat(), fc.nat()).map(([a, b, c]) => [a, b, c]), fc.nat()), { maxLength: 12 }),
        (secret, parts) => {
          const pieces = parts.map((part) => {
            if (typeof part === 'string') {
              return part;
            }
            if (typeof part === 'number') {
              const forms = [secret, JSON.stringify(secret).slice(1, -1), encodeURIComponent(secret), Buffer.from(secret).toString('base64')];
              return forms[part % forms.length] as string;
            }
            const [start, length, syntax] = part;
            // The key, or a stretch of it, with one character escaped: a key in a mix of forms.
            const from = (start ?? 0) % 2 === 0 ? 0 : (start ?? 0) % secret.length;
            const slice = (length ?? 0) % 2 === 0 ? secret.slice(from) : secret.slice(from, from + 1 + ((length ?? 0) % secret.length));
            const escaped = (syntax ?? 0) % slice.length;
            return `${slice.slice(0, escaped)}${escapeOf(slice[escaped] as string, syntax ?? 0)}${slice.slice(escaped + 1)}`;
          });
          const text = pieces.join('');
          assert.equal(redactSecrets(text, [secret]), redactSecretsFully(text, [secret]), JSON.stringify({ secret, text }));
        },
      ),
      { numRuns: 3000 },
    );
  });
  it('finds where a text may decode exactly where the escape pattern does (the fast scan and the pattern agree)', function () {
    // Backslashes, percents, ampersands and hashes among word characters, u and x, hex digits and every kind of space JavaScript's \s knows.
    const unit = fc.constantFrom(...'\\%&#ux0aFgG_ -!"\n\t\u00a0\u2028\ufeff\u3000\u1680mpltqos;'.split(''));
    fc.assert(
      fc.property(fc.oneof(fc.string({ unit, maxLength: 16 }), fc.string()), (text) => {
        assert.equal(mayDecode(text), MAY_DECODE_PATTERN.test(text), JSON.stringify(text));
      }),
      { numRuns: 20000 },
    );
    for (const text of ['&amp;', '&amp', '&lt;', '&apos;', '\\_', '\\', 'a\\', '\\n', '\\\\', '\\u', '\\ ', '\\\u00a0', '%', '%4', '%4g', '%4F', '&', '&#', '#&']) {
      assert.equal(mayDecode(text), MAY_DECODE_PATTERN.test(text), JSON.stringify(text));
    }
  });

  it('takes every form of a key out of response headers, single or repeated, and copies the rest as they are', function () {
    const clean = { 'content-type': 'application/json', 'x-call-id': 'c_1', 'set-cookie': ['a=1', 'b=2'] };
    const kept = responseWithoutKey({ status: 200, headers: clean, body: '{}' }, [AWKWARD_KEY]);
    assert.deepEqual(kept.headers, clean);
    assert.notEqual(kept.headers, clean, 'a copy, never the object undici made');
    for (const written of [AWKWARD_KEY, JSON.stringify(AWKWARD_KEY), encodeURIComponent(AWKWARD_KEY), Buffer.from(`x${AWKWARD_KEY}`).toString('base64')]) {
      const headers = { 'content-type': 'application/json', location: `https://h/${written}`, 'x-echo': ['fine', `k=${written}`] };
      const redacted = responseWithoutKey({ status: 302, headers, body: '' }, ['gk_other_key', AWKWARD_KEY]).headers;
      assert.equal(redacted['content-type'], 'application/json');
      assert.equal(redacted['x-echo']?.[0], 'fine');
      for (const value of [redacted.location, ...(redacted['x-echo'] as string[])]) {
        assert.ok(value !== undefined && !value.includes(written), `${written} in ${String(value)}`);
      }
    }
    // A header named __proto__ (undici keeps it as a member) is copied as a member, never as the copy's prototype.
    for (const value of ['x', AWKWARD_KEY]) {
      // JSON.parse makes __proto__ an own member, as undici's header parsing does.
      const hostile = JSON.parse(`{"content-type":"application/json","__proto__":${JSON.stringify(value)}}`) as Record<string, string>;
      const copied = responseWithoutKey({ status: 200, headers: hostile, body: '' }, [AWKWARD_KEY]).headers;
      assert.equal(Object.getPrototypeOf(copied), Object.prototype);
      assert.deepEqual(Object.keys(copied).sort(), ['__proto__', 'content-type']);
      assert.equal(Object.getOwnPropertyDescriptor(copied, '__proto__')?.value, redactSecrets(value, [AWKWARD_KEY]));
      assert.notEqual(redactSecrets(AWKWARD_KEY, [AWKWARD_KEY]), AWKWARD_KEY);
    }
  });
});
