// The bounds the capacity bench holds each client to (docs/performance.md, "The bound of a run").
import * as assert from 'node:assert/strict';
import { CAPACITY_PROFILES, boundOf } from '../../../bench/capacityProfiles';

const close = (actual: number, expected: number, tolerance = 0.05): void => assert.ok(Math.abs(actual - expected) < tolerance, `${actual} is not ${expected}`);

describe('capacity bench bounds', () => {
  it('gives the issue’s 29.6 s for 600 calls through a bucket of 20 a second, burst 20, at a mean latency of about 0.55 s', () => {
    const issue = CAPACITY_PROFILES.find((profile) => profile.name === 'bucket');
    assert.ok(issue);
    const bound = boundOf(issue);
    close(bound.seconds, 580 / 20 + 0.552);
    assert.match(bound.formula, /^\(N − B\)\/R \+ L = \(600 − 20\)\/20 \+ 0\.55/);
  });

  it('divides the calls’ total latency by the calls in flight or the workers, and takes the largest limit', () => {
    const latency = { mu: Math.log(1000), sigma: 0 };
    close(boundOf({ cells: 100, service: { latency, maxInFlight: 10 } }).seconds, 10);
    close(boundOf({ cells: 100, service: { latency, queueWorkers: 4 } }).seconds, 25);
    // A bucket of 100 a second lets the calls go faster than 10 in flight do: the cap is the bound.
    close(boundOf({ cells: 100, service: { latency, rate: { perSecond: 100, burst: 1 }, maxInFlight: 10 } }).seconds, 10);
    // Fewer calls than the burst: one latency.
    close(boundOf({ cells: 5, service: { latency, rate: { perSecond: 1, burst: 20 } } }).seconds, 1);
  });

  it('with no limit, is the slowest of the calls: more calls, a later bound, never under the mean', () => {
    const service = { latency: { medianMs: 400, p95Ms: 1500 } };
    const few = boundOf({ cells: 10, service }).seconds;
    const many = boundOf({ cells: 600, service }).seconds;
    assert.ok(few > 0.552 && many > few, `${few} then ${many}`);
    close(many, 4.25, 0.1);
  });
});
