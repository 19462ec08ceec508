import { strict as assert } from 'node:assert';
import { baseUrlProfileName, chooseProfile, readProfiles, validateProfileName, withEntryChanged } from '../../../src/account/profileList';

const names = (list: ReturnType<typeof readProfiles>): string[] => list.profiles.map((profile) => profile.name);

describe('profileList', () => {
  describe('the setup from before profiles is the first profile', () => {
    it('gist.baseUrl alone: one profile named after its host, its key where the one key always was', () => {
      const list = readProfiles({ baseUrl: 'https://gists.example.com', apiKeyHeader: 'X-Key', profiles: undefined });
      assert.deepEqual(list.profiles, [{ name: 'gists.example.com', baseUrl: 'https://gists.example.com', apiKeyHeader: 'X-Key', secretKey: 'gist.apiKey', fromBaseUrl: true }]);
      assert.deepEqual(list.problems, []);
    });

    it('nothing set yet: one profile "Default" without a URL (the key flow asks for it)', () => {
      assert.deepEqual(names(readProfiles({ baseUrl: '', apiKeyHeader: '', profiles: [] })), ['Default']);
    });

    it('the port and a path prefix are part of the name', () => {
      assert.equal(baseUrlProfileName('http://127.0.0.1:8787'), '127.0.0.1:8787');
      assert.equal(baseUrlProfileName('https://example.com/gists/v1'), 'example.com/gists');
      assert.equal(baseUrlProfileName('not a url'), 'Default');
    });
  });

  it('gist.profiles entries follow, each with its own secret and the default header', () => {
    const list = readProfiles({
      baseUrl: 'https://prod.example.com',
      apiKeyHeader: 'SERVICE-API-KEY',
      profiles: [{ name: ' Staging ', baseUrl: 'https://staging.example.com' }, { name: 'Globex', baseUrl: 'https://gists.globex.com', apiKeyHeader: 'X-Api-Key' }],
    });
    assert.deepEqual(names(list), ['prod.example.com', 'Staging', 'Globex']);
    assert.deepEqual(
      list.profiles.map((profile) => [profile.secretKey, profile.apiKeyHeader, profile.fromBaseUrl]),
      [
        ['gist.apiKey', 'SERVICE-API-KEY', true],
        ['gist.apiKey/Staging', 'SERVICE-API-KEY', false],
        ['gist.apiKey/Globex', 'X-Api-Key', false],
      ],
    );
  });

  it('with only gist.profiles, there is no empty "Default" profile in front', () => {
    assert.deepEqual(names(readProfiles({ baseUrl: '', apiKeyHeader: '', profiles: [{ name: 'A', baseUrl: 'https://a.example' }] })), ['A']);
  });

  it('entries without a usable name or URL are left out, with a reason; duplicate names too, whatever their case', () => {
    const list = readProfiles({
      baseUrl: 'https://prod.example.com',
      apiKeyHeader: '',
      profiles: ['text', { baseUrl: 'https://x.example' }, { name: 'NoUrl' }, { name: 'a\nb', baseUrl: 'https://x.example' }, { name: 'PROD.example.com', baseUrl: 'https://x.example' }, { name: 'B', baseUrl: 'https://b.example' }, { name: 'b', baseUrl: 'https://c.example' }],
    });
    assert.deepEqual(names(list), ['prod.example.com', 'B']);
    assert.equal(list.problems.length, 6, list.problems.join('\n'));
  });

  it('an entry keeps an invalid URL (its check says why), so plain http to another machine is refused where it is used', () => {
    const list = readProfiles({ baseUrl: '', apiKeyHeader: '', profiles: [{ name: 'Clear', baseUrl: 'http://gists.example.com' }] });
    assert.equal(list.profiles[0]?.baseUrl, 'http://gists.example.com');
  });

  it('a key written into an entry is never used, and the warning does not repeat it', () => {
    const list = readProfiles({ baseUrl: '', apiKeyHeader: '', profiles: [{ name: 'A', baseUrl: 'https://a.example', apiKey: 'gk_secret_value_123' }] });
    assert.deepEqual(Object.keys(list.profiles[0] ?? {}).sort(), ['apiKeyHeader', 'baseUrl', 'fromBaseUrl', 'name', 'secretKey']);
    assert.equal(list.problems.length, 1);
    assert.match(list.problems[0] ?? '', /keychain/);
    assert.ok(!list.problems.join('').includes('gk_secret_value_123'));
  });

  it('a name is one line of at most 64 characters, not taken', () => {
    assert.equal(validateProfileName('  Staging ', []).ok, true);
    assert.equal(validateProfileName('', []).ok, false);
    assert.equal(validateProfileName('x'.repeat(65), []).ok, false);
    assert.equal(validateProfileName('a\u2028b', []).ok, false);
    assert.equal(validateProfileName('staging', ['Staging']).ok, false);
  });

  describe('the window’s profile', () => {
    const { profiles } = readProfiles({ baseUrl: 'https://prod.example.com', apiKeyHeader: '', profiles: [{ name: 'Staging', baseUrl: 'https://staging.example.com' }] });

    it('the one picked in the workspace, over the settings’ suggestion', () => {
      assert.deepEqual(chooseProfile(profiles, { picked: 'prod.example.com', suggested: 'Staging' }).source, 'picked');
      assert.equal(chooseProfile(profiles, { picked: 'prod.example.com', suggested: 'Staging' }).profile.name, 'prod.example.com');
    });

    it('else the suggested one, if it is a profile of the user’s', () => {
      assert.equal(chooseProfile(profiles, { suggested: 'Staging' }).profile.name, 'Staging');
      assert.equal(chooseProfile(profiles, { picked: 'Gone', suggested: 'Nowhere' }).profile.name, 'prod.example.com');
    });
  });

  it('changes one gist.profiles entry and keeps the others as written', () => {
    const raw = [{ name: 'A', baseUrl: 'https://a' }, 'junk', { name: 'B', baseUrl: 'https://b', apiKeyHeader: 'X' }];
    assert.deepEqual(withEntryChanged(raw, 'B', (entry) => ({ ...entry, baseUrl: 'https://b2' })), [raw[0], 'junk', { name: 'B', baseUrl: 'https://b2', apiKeyHeader: 'X' }]);
  });
});
