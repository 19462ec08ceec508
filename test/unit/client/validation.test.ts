import { strict as assert } from 'node:assert';
import { validateApiKey, validateHeaderName } from '../../../src/client/apiKey';
import { oneLine } from '../../../src/shared/oneLine';
import { encodeSegment, generateTarget, generateUrl, meTarget, meUrl, validateBaseUrl } from '../../../src/client/urls';
import { parseRetryAfter } from '../../../src/client/retryAfter';

describe('validateBaseUrl', function () {
  const accepted: Array<[string, string]> = [
    ['https://gists.example.com', 'https://gists.example.com'],
    ['  https://gists.example.com/  ', 'https://gists.example.com'],
    ['https://gists.example.com/v1/', 'https://gists.example.com'],
    ['https://example.com/api/gists/', 'https://example.com/api/gists'],
    ['http://127.0.0.1:8080', 'http://127.0.0.1:8080'],
    ['http://localhost:3000/v1', 'http://localhost:3000'],
    ['http://[::1]:9000', 'http://[::1]:9000'],
    ['http://127.8.9.10', 'http://127.8.9.10'],
    ['HTTPS://Gists.Example.COM:443/v1', 'https://gists.example.com'],
    ['https://example.com/v1/v1', 'https://example.com/v1'],
  ];
  for (const [input, url] of accepted) {
    it(`accepts ${input}`, function () {
      assert.deepEqual(validateBaseUrl(input), { ok: true, url });
    });
  }
  const rejected: Array<[string, RegExp]> = [
    ['', /Enter the service URL/],
    ['gists.example.com', /not a URL/],
    ['ftp://example.com', /https/],
    ['http://gists.example.com', /clear text/],
    ['http://10.0.0.5', /clear text/],
    ['https://user:pw@example.com', /user name or password/],
    ['https://example.com/?a=1', /query/],
    ['https://example.com/#x', /fragment/],
    ['https://user@example.com', /user name or password/],
    ['http://localhost.evil.com', /clear text/],
    ['http://128.0.0.1', /clear text/],
    ['file:///etc/passwd', /https/],
    ['javascript:alert(1)', /https/],
  ];
  for (const [input, reason] of rejected) {
    it(`rejects ${JSON.stringify(input)}`, function () {
      const result = validateBaseUrl(input);
      assert.equal(result.ok, false);
      assert.match(result.ok ? '' : result.reason, reason);
    });
  }
});

describe('validateApiKey', function () {
  it('trims and accepts visible ASCII', function () {
    assert.deepEqual(validateApiKey('  gk_demo_ada\n'), { ok: true, key: 'gk_demo_ada' });
  });
  const rejected = ['', '   ', 'abc\u0000def', 'line\nbreak', 'two words', 'clé', 'key\u007f'];
  for (const key of rejected) {
    it(`rejects ${JSON.stringify(key)} without repeating it`, function () {
      const result = validateApiKey(key);
      assert.equal(result.ok, false);
      if (!result.ok && key.trim() !== '') {
        assert.ok(!result.reason.includes(key.trim()));
      }
    });
  }
});

describe('validateHeaderName', function () {
  for (const name of ['SERVICE-API-KEY', 'x-api-key', 'Authorization']) {
    it(`accepts ${name}`, function () {
      assert.deepEqual(validateHeaderName(` ${name} `), { ok: true, name });
    });
  }
  for (const name of ['', 'two words', 'X-Key:', 'naïve', 'a\nb', 'Host', 'content-type', 'User-Agent']) {
    it(`rejects ${JSON.stringify(name)}`, function () {
      const result = validateHeaderName(name);
      assert.equal(result.ok, false);
      assert.ok(!result.ok && !result.reason.includes('\n'));
    });
  }
});

describe('oneLine', function () {
  it('flattens line breaks and control characters, and cuts long text', function () {
    assert.equal(oneLine(' a\r\nb\u2028c\u0000d\te '), 'a b c d e');
    assert.equal(oneLine('x'.repeat(50), 10), `${'x'.repeat(9)}…`);
  });
});

describe('paths and Retry-After', function () {
  it('keeps `.` and `..` as segments by writing their dots as %2E', function () {
    assert.equal(encodeSegment('.'), '%2E');
    assert.equal(encodeSegment('..'), '%2E%2E');
    assert.equal(encodeSegment('...'), '...');
    assert.equal(encodeSegment('%2e%2e'), '%252e%252e');
    assert.deepEqual(generateTarget('https://x', '..', '.'), { origin: 'https://x', path: '/v1/generate/%2E%2E/%2E' });
  });

  it('keeps a base URL’s path prefix and splits origin from path', function () {
    assert.deepEqual(meTarget('https://example.com:8443/api/gists'), { origin: 'https://example.com:8443', path: '/api/gists/v1/me' });
    assert.equal(meUrl('http://127.0.0.1:8787'), 'http://127.0.0.1:8787/v1/me');
    assert.equal(generateUrl('https://x/p', 'a/b', '?x=1'), 'https://x/p/v1/generate/a%2Fb/%3Fx%3D1');
  });

  it('encodes reserved characters inside a segment', function () {
    assert.equal(encodeSegment('a/b?c#d%'), 'a%2Fb%3Fc%23d%25');
    assert.equal(generateUrl('https://x', 'g'), 'https://x/v1/generate/g');
    assert.equal(generateUrl('https://x', 'g', 'v 1'), 'https://x/v1/generate/g/v%201');
  });

  it('reads seconds and HTTP dates', function () {
    const now = Date.parse('2026-11-22T12:00:00Z');
    assert.equal(parseRetryAfter('120', now), 120);
    assert.equal(parseRetryAfter('Sun, 22 Nov 2026 12:01:00 GMT', now), 60);
    assert.equal(parseRetryAfter('Sun, 22 Nov 2026 11:00:00 GMT', now), 0);
    assert.equal(parseRetryAfter('soon', now), undefined);
    assert.equal(parseRetryAfter(undefined, now), undefined);
  });
});
