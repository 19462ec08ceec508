// The weighted variant draw when no variant is named: reproducible with a seed, and following the weights.
import * as assert from 'node:assert/strict';
import { startService } from '../../../tools/service/index';
import { drawVariant, mulberry32 } from '../../../tools/service/random';
import { generate } from './httpProbe';

async function drawOverHttp(seed: number, draws: number): Promise<string[]> {
  const service = await startService({ seed });
  try {
    for (let i = 0; i < draws; i++) {
      const res = await generate(service.url, '/v1/generate/welcome-email', { name: 'n', product: 'p' });
      assert.equal(res.status, 200);
    }
    return service.calls().map((c) => String(c.variant));
  } finally {
    await service.close();
  }
}

describe('weighted variant draw', () => {
  it('is reproducible over HTTP for a fixed seed, and differs for another seed', async () => {
    const first = await drawOverHttp(42, 40);
    const again = await drawOverHttp(42, 40);
    const other = await drawOverHttp(43, 40);
    assert.deepEqual(again, first);
    assert.notDeepEqual(other, first);
  });

  it('roughly follows the 60/30/10 allocation over 2000 draws with a fixed seed', async () => {
    const variants = await drawOverHttp(2024, 2000);
    const counts = { formal: 0, friendly: 0, short: 0 } as Record<string, number>;
    for (const v of variants) counts[v] = (counts[v] ?? 0) + 1;
    assert.deepEqual(Object.keys(counts).sort(), ['formal', 'friendly', 'short']);
    // About four standard deviations of slack around 1200 / 600 / 200.
    assert.ok(Math.abs((counts.formal ?? 0) - 1200) < 90, `formal ${counts.formal}`);
    assert.ok(Math.abs((counts.friendly ?? 0) - 600) < 85, `friendly ${counts.friendly}`);
    assert.ok(Math.abs((counts.short ?? 0) - 200) < 55, `short ${counts.short}`);
  });

  it('never picks a zero-weight variant and always picks a sole positive one', () => {
    const random = mulberry32(1);
    const variants = [
      { slug: 'off', weight: 0, template: '' },
      { slug: 'on', weight: 3, template: '' },
      { slug: 'also-off', weight: 0, template: '' },
    ];
    for (let i = 0; i < 500; i++) assert.equal(drawVariant(variants, random).slug, 'on');
  });

  it('maps the edges of [0, 1) onto the first and last variants', () => {
    const variants = [
      { slug: 'a', weight: 1, template: '' },
      { slug: 'b', weight: 1, template: '' },
    ];
    assert.equal(drawVariant(variants, () => 0).slug, 'a');
    assert.equal(drawVariant(variants, () => 0.9999999999).slug, 'b');
  });

  it('mulberry32 gives the same floats in [0, 1) for the same seed', () => {
    const a = mulberry32(99);
    const b = mulberry32(99);
    const xs = Array.from({ length: 1000 }, () => a());
    assert.deepEqual(Array.from({ length: 1000 }, () => b()), xs);
    assert.ok(xs.every((x) => x >= 0 && x < 1));
    assert.ok(new Set(xs).size > 990);
  });
});
