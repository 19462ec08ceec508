import { strict as assert } from 'node:assert';
import fc from 'fast-check';
import { validateApiKey } from '../../../src/client/apiKey';
import type { Profile } from '../../../src/account/profileList';
import { bindingOfPlainKey, decodeStoredKey, encodeStoredKey, keyService, lookupKey, NO_SERVICE, profileNameOfSecret, unusedKeys } from '../../../src/account/storedKey';

function profile(name: string | undefined, baseUrl: string, apiKeyHeader = 'SERVICE-API-KEY'): Profile {
  return { name: name ?? 'gists.example.com', baseUrl, apiKeyHeader, secretKey: name === undefined ? 'gist.apiKey' : `gist.apiKey/${name}`, fromBaseUrl: name === undefined };
}

const work = profile('Work', 'https://gists.work.example');
const workService = keyService(work) ?? assert.fail();

describe('stored keys bound to their service', () => {
  it('a bound key reads back as stored, for every key the key input accepts', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.integer({ min: 0x21, max: 0x7e }).map((code) => String.fromCharCode(code)), minLength: 8, maxLength: 80 }), (key) => {
        fc.pre(validateApiKey(key).ok);
        assert.deepEqual(decodeStoredKey(encodeStoredKey(key, workService)), { kind: 'bound', key, service: workService });
        // What versions before stored: the key itself, never taken for a bound one (no key holds a space).
        assert.deepEqual(decodeStoredKey(key), { kind: 'plain', key });
      }),
    );
  });

  it('nothing stored, or a bound value that is not ours, is no key', () => {
    assert.deepEqual(decodeStoredKey(undefined), { kind: 'none' });
    assert.deepEqual(decodeStoredKey(''), { kind: 'none' });
    assert.deepEqual(decodeStoredKey('gist-key-v1 {"key":1}'), { kind: 'none' });
    assert.deepEqual(decodeStoredKey('gist-key-v1 not json'), { kind: 'none' });
  });

  it('is sent only while its profile names the service it was checked with (URL as validated, header in any case)', () => {
    const stored = decodeStoredKey(encodeStoredKey('gk_live_secret', workService));
    assert.deepEqual(lookupKey(stored, work), { kind: 'usable', key: 'gk_live_secret' });
    assert.deepEqual(lookupKey(stored, { ...work, baseUrl: 'https://gists.work.example/v1/' }), { kind: 'usable', key: 'gk_live_secret' });
    assert.deepEqual(lookupKey(stored, { ...work, apiKeyHeader: 'service-api-key' }), { kind: 'usable', key: 'gk_live_secret' });
    assert.deepEqual(lookupKey(stored, { ...work, baseUrl: 'https://gists.elsewhere.example' }), { kind: 'elsewhere', boundTo: workService });
    assert.deepEqual(lookupKey(stored, { ...work, apiKeyHeader: 'X-Key' }), { kind: 'elsewhere', boundTo: workService });
    assert.deepEqual(lookupKey(stored, { ...work, baseUrl: '' }), { kind: 'elsewhere', boundTo: workService });
    assert.deepEqual(lookupKey(decodeStoredKey(encodeStoredKey('gk_live_secret', NO_SERVICE)), { ...work, baseUrl: '' }), { kind: 'elsewhere', boundTo: NO_SERVICE });
  });

  it('a plain value is never sent: it is bound on the first start, to the service its profile names then, or to none', () => {
    assert.deepEqual(lookupKey({ kind: 'plain', key: 'gk_live_secret' }, work), { kind: 'elsewhere', boundTo: NO_SERVICE });
    assert.deepEqual(bindingOfPlainKey('gist.apiKey/Work', [work]), workService);
    assert.deepEqual(bindingOfPlainKey('gist.apiKey/Gone', [work]), NO_SERVICE);
    assert.deepEqual(bindingOfPlainKey('gist.apiKey', [profile(undefined, '')]), NO_SERVICE, 'no service URL yet');
  });

  it('lists the keys no profile sends: a profile gone, or one that names another service now', () => {
    const first = profile(undefined, 'https://gists.example.com');
    const moved = { ...work, baseUrl: 'https://gists.new.example' };
    const bound = (service = workService) => decodeStoredKey(encodeStoredKey('gk_live_secret', service));
    const stored = [
      { secret: 'gist.apiKey', value: bound(keyService(first)) },
      { secret: 'gist.apiKey/Work', value: bound() },
      { secret: 'gist.apiKey/Gone', value: bound() },
      { secret: 'gist.apiKey/Empty', value: decodeStoredKey(undefined) },
    ];
    assert.deepEqual(unusedKeys(stored, [first, moved]), [
      { secret: 'gist.apiKey/Work', profile: 'Work', reason: 'serviceChanged', boundTo: workService },
      { secret: 'gist.apiKey/Gone', profile: 'Gone', reason: 'profileGone', boundTo: workService },
    ]);
    assert.deepEqual(unusedKeys(stored, [first, work]).map((unused) => unused.secret), ['gist.apiKey/Gone']);
    assert.equal(profileNameOfSecret('gist.apiKey'), undefined);
    assert.equal(profileNameOfSecret('gist.apiKey/A/B'), 'A/B');
  });
});
