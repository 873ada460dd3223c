import { describe, expect, it } from 'vitest';
import { allowedUrl } from '../src/links';
import { highlightSegments, revealInvisible, splitLines } from '../src/text';

const bytes = (s: string) => new TextEncoder().encode(s).length;

describe('highlightSegments (byte ranges into UTF-8)', () => {
  it('marks the right characters after multi-byte text', () => {
    const text = 'Créer un résumé 📄 PDF';
    const start = bytes('Créer un ');
    const end = start + bytes('résumé');
    const pdf = bytes('Créer un résumé 📄 ');
    const segs = highlightSegments(text, [
      { start, end },
      { start: pdf, end: pdf + 3 },
    ]);
    expect(segs).toEqual([
      { text: 'Créer un ', mark: false },
      { text: 'résumé', mark: true },
      { text: ' 📄 ', mark: false },
      { text: 'PDF', mark: true },
    ]);
  });

  it('widens a range that cuts a character instead of breaking it', () => {
    // 'é' is two bytes (1..3); a range 2..3 starts inside it.
    const segs = highlightSegments('élan', [{ start: 1, end: 3 }]);
    expect(segs.map((s) => s.text).join('')).toBe('élan');
    expect(segs.find((s) => s.mark)?.text).toBe('él');
    expect(segs.some((s) => s.text.includes('\uFFFD'))).toBe(false);
  });

  it('sorts, merges overlaps, clamps out-of-range and drops empty ranges', () => {
    const segs = highlightSegments('abcdef', [
      { start: 4, end: 99 },
      { start: 0, end: 2 },
      { start: 1, end: 3 },
      { start: 3, end: 3 },
    ]);
    expect(segs).toEqual([
      { text: 'abc', mark: true },
      { text: 'd', mark: false },
      { text: 'ef', mark: true },
    ]);
  });
});

describe('revealInvisible', () => {
  it('shows bidi controls, zero-width and tag characters by code', () => {
    const pieces = revealInvisible('a\u202Eb\u200Bc\u{E0041}');
    expect(pieces).toEqual([
      { text: 'a', hidden: false },
      { text: 'U+202E', hidden: true },
      { text: 'b', hidden: false },
      { text: 'U+200B', hidden: true },
      { text: 'c', hidden: false },
      { text: 'U+E0041', hidden: true },
    ]);
  });

  it('keeps ordinary accented text as is', () => {
    expect(revealInvisible('Étapes à suivre')).toEqual([{ text: 'Étapes à suivre', hidden: false }]);
  });
});

describe('splitLines', () => {
  it('numbers CRLF and LF lines alike, a final newline adds no line', () => {
    expect(splitLines('a\r\nb\nc\n')).toEqual(['a', 'b', 'c']);
    expect(splitLines('')).toEqual(['']);
  });
});

describe('allowedUrl', () => {
  it('allows only https, http and mailto', () => {
    expect(allowedUrl('https://example.com/x')).toBe('https://example.com/x');
    expect(allowedUrl('http://example.com/')).toBe('http://example.com/');
    expect(allowedUrl('mailto:a@b.c')).toBe('mailto:a@b.c');
    expect(allowedUrl('javascript:alert(1)')).toBeNull();
    expect(allowedUrl(' JavaScript:alert(1)')).toBeNull();
    expect(allowedUrl('data:text/html,<script>x</script>')).toBeNull();
    expect(allowedUrl('file:///etc/passwd')).toBeNull();
    expect(allowedUrl('/relative/path')).toBeNull();
    expect(allowedUrl(null)).toBeNull();
  });
});
