// Pure text helpers for hostile skill text. Everything here returns plain
// strings or segments that components render as JSX text, never as HTML.
import type { Highlight } from './api';

export interface Segment {
  text: string;
  mark: boolean;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** True for a UTF-8 continuation byte (10xxxxxx): not the start of a character. */
const isContinuation = (b: number | undefined) => b !== undefined && (b & 0xc0) === 0x80;

/**
 * Splits `text` into plain and marked segments from BYTE ranges into its
 * UTF-8 encoding (what the search index reports). Ranges are clamped, sorted,
 * merged when they overlap, and widened to whole characters so a range that
 * cuts a multi-byte character never yields a replacement character.
 */
export function highlightSegments(text: string, highlights: Highlight[]): Segment[] {
  const bytes = encoder.encode(text);
  const n = bytes.length;
  const ranges = highlights
    .map(({ start, end }) => {
      let s = Math.max(0, Math.min(n, Math.floor(start)));
      let e = Math.max(0, Math.min(n, Math.floor(end)));
      while (s > 0 && isContinuation(bytes[s])) s--;
      while (e < n && isContinuation(bytes[e])) e++;
      return [s, e] as const;
    })
    .filter(([s, e]) => e > s)
    .sort((a, b) => a[0] - b[0]);

  const out: Segment[] = [];
  let pos = 0;
  for (const [s, e] of ranges) {
    if (e <= pos) continue;
    const from = Math.max(s, pos);
    if (from > pos) out.push({ text: decoder.decode(bytes.subarray(pos, from)), mark: false });
    out.push({ text: decoder.decode(bytes.subarray(from, e)), mark: true });
    pos = e;
  }
  if (pos < n) out.push({ text: decoder.decode(bytes.subarray(pos)), mark: false });
  // Merge neighbours of the same kind (touching ranges become one mark).
  return out.reduce<Segment[]>((acc, seg) => {
    const last = acc[acc.length - 1];
    if (last && last.mark === seg.mark) last.text += seg.text;
    else acc.push({ ...seg });
    return acc;
  }, []);
}

// Characters that can hide or reorder text on screen: bidi controls,
// zero-width characters, Unicode tag characters, the BOM. In the source view
// they are shown as visible codes so what you read is what the file says.
const INVISIBLE = /[\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]|\uDB40[\uDC00-\uDC7F]/g;

export interface Piece {
  text: string;
  hidden: boolean;
}

export function revealInvisible(line: string): Piece[] {
  const out: Piece[] = [];
  let last = 0;
  for (const m of line.matchAll(INVISIBLE)) {
    const i = m.index ?? 0;
    if (i > last) out.push({ text: line.slice(last, i), hidden: false });
    const cp = m[0].codePointAt(0) ?? 0;
    out.push({ text: `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`, hidden: true });
    last = i + m[0].length;
  }
  if (last < line.length) out.push({ text: line.slice(last), hidden: false });
  return out;
}

/** The file's lines, for the numbered source view (a final newline adds no line). */
export function splitLines(content: string): string[] {
  const lines = content.split('\n').map((l) => (l.endsWith('\r') ? l.slice(0, -1) : l));
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}
