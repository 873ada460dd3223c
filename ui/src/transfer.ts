// A download counted in bytes (the `bytes` progress events of a snapshot
// sync): how much of how much, at what rate, and how long is left. Kept
// apart from the components so the arithmetic and the wording are tested
// alone.
import type { Stage } from './api';
import { fmtBytes } from './components/common';

/** One `bytes` event as it arrived: when (ms) and the bytes done then. */
export interface ByteSample {
  t: number;
  done: number;
}

export interface ByteCount {
  stage: Stage;
  done: number;
  total: number | null;
  /** The recent samples the rate is measured over, oldest first. */
  samples: ByteSample[];
}

/**
 * The rate is measured over this much recent time: long enough to smooth
 * the bursts of parallel downloads, short enough to follow a change of
 * network.
 */
export const RATE_WINDOW_MS = 5000;
/** Under this much measured time, no rate is shown (it would jump about). */
export const MIN_SPAN_MS = 500;

/** The count after one more event (a new stage, or a count that went back, starts over). */
export function addSample(c: ByteCount | null, stage: Stage, done: number, total: number | null, now: number): ByteCount {
  const last = c?.samples[c.samples.length - 1];
  if (!c || c.stage !== stage || !last || done < last.done) {
    return { stage, done, total, samples: [{ t: now, done }] };
  }
  const samples = [...c.samples, { t: now, done }];
  // Keep the window, and always the sample just before it as its start.
  let first = 0;
  while (first < samples.length - 2 && samples[first + 1].t <= now - RATE_WINDOW_MS) first++;
  return { stage, done, total, samples: samples.slice(first) };
}

/** Bytes per second over the window, or null while too little was measured. */
export function rateOf(c: ByteCount): number | null {
  const a = c.samples[0];
  const b = c.samples[c.samples.length - 1];
  if (!a || !b || b.t - a.t < MIN_SPAN_MS) return null;
  return ((b.done - a.done) * 1000) / (b.t - a.t);
}

/** Seconds left at `rate`, or null when the total or a rate is unknown. */
export function secondsLeft(c: ByteCount, rate: number | null): number | null {
  if (c.total == null || rate == null || rate <= 0) return null;
  return Math.max(0, (c.total - c.done) / rate);
}

/** A rate for people: 1.2 MB/s (1,2 Mo/s). */
export function fmtRate(bytesPerSecond: number, lang: string): string {
  return `${fmtBytes(bytesPerSecond, lang)}/s`;
}

/** A time left for people, rounded up to what matters: 45 s, 3 min 20 s, 12 min, 1 h 05 min. */
export function fmtDuration(seconds: number, lang: string): string {
  const s = Math.max(1, Math.ceil(seconds));
  const n = (x: number) => x.toLocaleString(lang);
  if (s < 60) return `${n(s)} s`;
  if (s < 600) {
    const m = Math.floor(s / 60);
    const rest = s % 60;
    return rest ? `${n(m)} min ${String(rest).padStart(2, '0')} s` : `${n(m)} min`;
  }
  let h = Math.floor(s / 3600);
  let m = Math.ceil((s % 3600) / 60);
  if (m === 60) {
    h += 1;
    m = 0;
  }
  if (h === 0) return `${n(m)} min`;
  return m === 0 ? `${n(h)} h` : `${n(h)} h ${String(m).padStart(2, '0')} min`;
}

/** What a progress line shows: the size so far (of the total), the rate, the time left. */
export interface TransferParts {
  done: string;
  total: string | null;
  rate: string | null;
  left: string | null;
}

export function transferParts(c: ByteCount, lang: string): TransferParts {
  const rate = rateOf(c);
  const left = secondsLeft(c, rate);
  return {
    done: fmtBytes(c.done, lang),
    total: c.total != null ? fmtBytes(c.total, lang) : null,
    rate: rate != null ? fmtRate(rate, lang) : null,
    left: left != null ? fmtDuration(left, lang) : null,
  };
}
