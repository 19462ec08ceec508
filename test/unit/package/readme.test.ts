// The README is the Marketplace page, for users: no developer sections, every picture there with
// alt text and small, and the way to the developer documentation (CONTRIBUTING.md, docs/).
import { strict as assert } from 'node:assert';
import { existsSync, readFileSync, statSync } from 'node:fs';
import * as path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..', '..', '..');
const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');

describe('README (the Marketplace page)', function () {
  it('has no developer sections', function () {
    const headings = [...readme.matchAll(/^#{1,6} (.+)$/gm)].map((match) => match[1] ?? '');
    for (const developerOnly of [/^Develop/, /^Architecture/, /^Testing/, /^Performance/, /^Build/, /^Local gist service/]) {
      assert.ok(!headings.some((heading) => developerOnly.test(heading)), `${developerOnly.source} in ${headings.join(' | ')}`);
    }
    assert.ok(!/\bmocha\b|test\/integration|npm run test/.test(readme), 'no test suites on the Marketplace page');
  });

  it('links the contributor guide and each page of docs/', function () {
    for (const target of ['CONTRIBUTING.md', 'docs/security.md']) {
      assert.ok(readme.includes(`](${target})`), target);
    }
    const contributing = readFileSync(path.join(ROOT, 'CONTRIBUTING.md'), 'utf8');
    for (const page of ['architecture', 'testing', 'security', 'performance']) {
      assert.ok(contributing.includes(`](docs/${page}.md)`), `CONTRIBUTING links docs/${page}.md`);
      assert.ok(existsSync(path.join(ROOT, 'docs', `${page}.md`)), `docs/${page}.md exists`);
    }
  });

  it('shows pictures that exist, each with alt text that says what it shows, each under 300 KB', function () {
    const images = [...readme.matchAll(/!\[([^\]]*)\]\(([^)]+)\)/g)].map((match) => ({ alt: match[1] ?? '', file: match[2] ?? '' }));
    assert.ok(images.length >= 4, 'a picture per main flow');
    for (const { alt, file } of images) {
      assert.ok(alt.split(' ').length >= 5, `alt text for ${file}: “${alt}”`);
      assert.ok(file.startsWith('docs/images/'), `${file} is in docs/images (outside the .vsix)`);
      assert.ok(statSync(path.join(ROOT, file)).size < 300 * 1024, `${file} is under 300 KB`);
    }
  });
});
