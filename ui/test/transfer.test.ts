import { describe, expect, it } from 'vitest';
import { addSample, fmtDuration, fmtRate, rateOf, secondsLeft, transferParts, type ByteCount } from '../src/transfer';

/** Samples of one stage: [ms, bytes done] pairs, of `total` bytes. */
function count(points: [number, number][], total: number | null = null): ByteCount {
  let c: ByteCount | null = null;
  for (const [t, done] of points) c = addSample(c, 'fetch', done, total, t);
  return c!;
}

describe('time left', () => {
  it('reads like a person would say it, rounded up', () => {
    expect(fmtDuration(0.2, 'en')).toBe('1 s');
    expect(fmtDuration(45, 'en')).toBe('45 s');
    expect(fmtDuration(59.1, 'en')).toBe('1 min');
    expect(fmtDuration(180, 'en')).toBe('3 min');
    expect(fmtDuration(200, 'en')).toBe('3 min 20 s');
    expect(fmtDuration(605, 'en')).toBe('11 min');
    expect(fmtDuration(1500, 'en')).toBe('25 min');
    expect(fmtDuration(3599.5, 'en')).toBe('1 h');
    expect(fmtDuration(3900, 'en')).toBe('1 h 05 min');
    expect(fmtDuration(7200, 'fr')).toBe('2 h');
    expect(fmtDuration(36_000 + 60, 'fr')).toBe('10 h 01 min');
  });
});

describe('rate', () => {
  it('is bytes per second in the language’s units', () => {
    expect(fmtRate(1_234_567, 'en')).toBe('1.2 MB/s');
    expect(fmtRate(1_234_567, 'fr')).toBe('1,2 Mo/s');
    expect(fmtRate(950, 'en')).toBe('950 B/s');
  });

  it('is measured over the last seconds, not since the start', () => {
    // 10 MB in the first 5 s, then 1 MB/s.
    const c = count([
      [0, 0],
      [5000, 10_000_000],
      [6000, 11_000_000],
      [8000, 13_000_000],
      [10_000, 15_000_000],
    ]);
    expect(rateOf(c)).toBe(1_000_000);
    expect(c.samples[0].t).toBe(5000);
  });

  it('waits for enough time before saying one, and starts over with a new stage or a count that went back', () => {
    expect(rateOf(count([[0, 0], [100, 5_000_000]]))).toBeNull();
    const c = count([[0, 0], [2000, 4_000_000]]);
    expect(rateOf(c)).toBe(2_000_000);
    const apply = addSample(c, 'apply', 10, null, 2500);
    expect(apply.samples).toHaveLength(1);
    const back = addSample(c, 'fetch', 100, null, 3000);
    expect(back.samples).toEqual([{ t: 3000, done: 100 }]);
  });
});

describe('a progress line', () => {
  it('gives how much of how much, the rate and the time left', () => {
    const c = count([[0, 0], [1000, 1_000_000]], 10_000_000);
    expect(secondsLeft(c, rateOf(c))).toBe(9);
    expect(transferParts(c, 'en')).toEqual({ done: '1 MB', total: '10 MB', rate: '1 MB/s', left: '9 s' });
    expect(transferParts(c, 'fr')).toEqual({ done: '1 Mo', total: '10 Mo', rate: '1 Mo/s', left: '9 s' });
  });

  it('leaves out what is not known yet', () => {
    const early = count([[0, 500_000]], 10_000_000);
    expect(transferParts(early, 'en')).toEqual({ done: '500 kB', total: '10 MB', rate: null, left: null });
    const open = count([[0, 0], [2000, 3_000_000]]);
    expect(transferParts(open, 'en')).toEqual({ done: '3 MB', total: null, rate: '1.5 MB/s', left: null });
  });
});
