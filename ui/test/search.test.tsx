import { describe, expect, it } from 'vitest';
import type { SearchResponse } from '../src/api';
import { app } from '../src/state';
import {
  $,
  $$,
  backend,
  choose,
  click,
  deferred,
  entry,
  fail,
  hit,
  info,
  key,
  mountApp,
  must,
  response,
  settle,
  skillView,
  type,
  waitFor,
} from './helpers';

const A = entry({ id: 'a1', title: 'PDF tools', description: 'Work with PDF files' });
const B = entry({ id: 'b2', title: null, name: 'git-helper', verified: false, safety: null, quality: null, status: 'unverified', source: { kind: 'dir', repo: null, path: '/home/u/skills/git/SKILL.md', url: null } });
const C = entry({ id: 'c3', title: 'Pending one', verified: false, safety: 'caution', quality: 70, status: 'pending' });

describe('search screen', () => {
  it('renders hits from the search command, with count, status and source', async () => {
    const b = backend({ search: () => response([hit(A), hit(B)], { total: 2 }) });
    await mountApp();
    await waitFor(() => $$('.hit').length === 2);
    expect(must('#result-count').textContent).toBe('2 skills');
    const first = must('.hit[data-id="a1"]');
    expect(first.textContent).toContain('PDF tools');
    expect(first.textContent).toContain('Work with PDF files');
    expect(first.textContent).toContain('owner/pdf');
    expect(first.querySelector('[data-status="published"]')).not.toBeNull();
    // A hit without title shows its name; a local skill shows its path.
    const second = must('.hit[data-id="b2"]');
    expect(second.textContent).toContain('git-helper');
    expect(second.textContent).toContain('/home/u/skills/git/SKILL.md');
    // The first query asks for everything, default sort, no filter keys.
    expect(b.callsOf('search')[0].query).toEqual({ text: '', sort: 'relevance', limit: 20, offset: 0 });
  });

  it('shows the Verified badge only for verified entries, and a not-read note when safety is null', async () => {
    backend({ search: () => response([hit(A), hit(B), hit(C)]) });
    await mountApp();
    await waitFor(() => $$('.hit').length === 3);
    const a = must('.hit[data-id="a1"]');
    expect(a.querySelector('[data-testid="verified"]')?.textContent).toContain('Verified');
    expect(a.querySelector('[data-testid="verified"]')?.textContent).toContain('88/100');
    const b = must('.hit[data-id="b2"]');
    expect(b.querySelector('[data-testid="verified"]')).toBeNull();
    expect(b.querySelector('[data-testid="not-read"]')).not.toBeNull();
    // Read but not verified (pending): a rating, no badge.
    const c = must('.hit[data-id="c3"]');
    expect(c.querySelector('[data-testid="verified"]')).toBeNull();
    expect(c.querySelector('[data-safety="caution"]')).not.toBeNull();
  });

  it('searches once for keys typed in the same moment, with the latest text', async () => {
    const b = backend({ search: () => response([hit(A)]) });
    await mountApp();
    const before = b.callsOf('search').length;
    const input = must('#search');
    type(input, 'p');
    type(input, 'pd');
    type(input, 'pdf');
    await settle(200);
    const after = b.callsOf('search').slice(before);
    expect(after.map((a) => a.query.text)).toEqual(['pdf']);
  });

  it('ignores a stale answer that arrives after a newer one', async () => {
    const slow = deferred<SearchResponse>();
    const b = backend({
      search: ({ query }) => {
        if (query.text === 'old') return slow.promise;
        if (query.text === 'new') return response([hit(entry({ id: 'new1', title: 'Newest' }))]);
        return response([]);
      },
    });
    await mountApp();
    type(must('#search'), 'old');
    await waitFor(() => b.callsOf('search').some((a) => a.query.text === 'old'));
    type(must('#search'), 'new');
    await waitFor(() => $('.hit[data-id="new1"]'));
    slow.resolve(response([hit(entry({ id: 'old1', title: 'Stale' }))]));
    await settle(50);
    expect($('.hit[data-id="old1"]')).toBeNull();
    expect($('.hit[data-id="new1"]')).not.toBeNull();
    expect(b.callsOf('search').map((a) => a.query.text)).toEqual(['', 'old', 'new']);
  });

  it('renders byte-range highlights correctly in multi-byte text', async () => {
    const text = 'Génère un résumé 📄 du PDF';
    const enc = (s: string) => new TextEncoder().encode(s).length;
    const s1 = enc('Génère un ');
    const s2 = enc('Génère un résumé 📄 du ');
    backend({
      search: () => response([hit(A, { text, highlights: [{ start: s1, end: s1 + enc('résumé') }, { start: s2, end: s2 + 3 }] })]),
    });
    await mountApp();
    await waitFor(() => $('.hit .snippet'));
    const marks = $$('.hit .snippet mark').map((m) => m.textContent);
    expect(marks).toEqual(['résumé', 'PDF']);
    expect(must('.hit .snippet').textContent).toBe(text);
  });

  it('shows hostile snippet and title text as text, creating no element', async () => {
    const evil = '<script>window.__pwned=1</script><img src=x onerror="window.__pwned=2">';
    backend({
      search: () =>
        response([hit(entry({ id: 'x1', title: evil, description: '<b>bold</b>' }), { text: evil, highlights: [{ start: 0, end: 8 }] })]),
    });
    await mountApp();
    await waitFor(() => $('.hit[data-id="x1"]'));
    const h = must('.hit[data-id="x1"]');
    expect(h.querySelector('script, img, b')).toBeNull();
    expect(h.querySelector('.snippet')?.textContent).toBe(evil);
    expect(h.querySelector('.snippet mark')?.textContent).toBe('<script>');
    expect(h.querySelector('.hit-title')?.textContent).toBe(evil);
    expect((window as any).__pwned).toBeUndefined();
  });

  it('sends a facet filter on click and clears it on a second click', async () => {
    const b = backend({ search: () => response([hit(A)]) });
    await mountApp();
    await waitFor(() => $('[data-facet="safety"][data-value="safe"]'));
    click(must('[data-facet="safety"][data-value="safe"]'));
    await waitFor(() => b.callsOf('search').some((a) => a.query.safety === 'safe'));
    expect(must('[data-facet="safety"][data-value="safe"]').getAttribute('aria-pressed')).toBe('true');
    click(must('[data-facet="status"][data-value="published"]'));
    await waitFor(() => b.callsOf('search').some((a) => a.query.status?.[0] === 'published'));
    const last = b.callsOf('search').at(-1)!.query;
    expect(last.safety).toBe('safe');
    expect(last.status).toEqual(['published']);
    click(must('[data-facet="safety"][data-value="safe"]'));
    await settle(50);
    const cleared = b.callsOf('search').at(-1)!.query;
    expect('safety' in cleared).toBe(false);
    expect(cleared.status).toEqual(['published']);
  });

  it('maps the tags and tools facets to the tag and tool keys, and sends the sort', async () => {
    const b = backend({ search: () => response([hit(A)]) });
    await mountApp();
    await waitFor(() => $('[data-facet="tags"]'));
    click(must('[data-facet="tags"][data-value="pdf"]'));
    await settle(30);
    click(must('[data-facet="tools"][data-value="Bash"]'));
    await settle(30);
    choose(must('#sort'), 'stars');
    await settle(50);
    const last = b.callsOf('search').at(-1)!.query;
    expect(last).toMatchObject({ tag: 'pdf', tool: 'Bash', sort: 'stars' });
  });

  it('shows a calm busy banner, not an error, when a job holds the catalog', async () => {
    backend({ search: () => fail('busy', 'sync running') });
    await mountApp();
    await waitFor(() => $('[data-testid="busy-banner"]'));
    expect(must('[data-testid="busy-banner"]').textContent).toContain('A sync is running');
    expect($('[data-testid="error"]')).toBeNull();
  });

  it('resumes searching by itself when the sync that held the catalog ends', async () => {
    let busy = true;
    const done = deferred<any>();
    const b = backend({
      search: () => (busy ? fail('busy', 'sync running') : response([hit(A)])),
      start_sync: () => done.promise,
    });
    await mountApp();
    await waitFor(() => $('[data-testid="busy-banner"]'));
    click(must('[data-nav="sync"]'));
    click(must('[data-testid="sync-start"]'));
    await waitFor(() => b.callsOf('start_sync').length === 1);
    click(must('[data-nav="search"]'));
    busy = false;
    done.resolve({ summary: { sources: [], discovered: 1, new_skills: 1, new_versions: 0, unchanged: 0, excluded: 0, copies_marked: 0, errors: [], not_reached: 0, stopped_at_limit: false, cancelled: false, skipped: [], catalog_size: 1 }, readings: null });
    await waitFor(() => $('.hit[data-id="a1"]'));
    expect($('[data-testid="busy-banner"]')).toBeNull();
  });

  it('asks again by itself when the job that made it busy ended before the app could see it', async () => {
    // The catalog was still opening when the search arrived, and had opened
    // by the time app_info was asked: no job is reported, nothing would end.
    let answers = 0;
    const b = backend({
      search: () => (answers++ === 0 ? fail('busy', 'opening the catalog') : response([hit(A)])),
      app_info: () => info({ job: null }),
    });
    await mountApp();
    await waitFor(() => $('.hit[data-id="a1"]'));
    expect($('[data-testid="busy-banner"]')).toBeNull();
    // Once answered, it stops asking (one retry per busy answer, no loop).
    await settle(400);
    const asked = b.callsOf('search').length;
    await settle(600);
    expect(b.callsOf('search').length).toBe(asked);
  });

  it('puts the focus in the search box at start', async () => {
    backend({ search: () => response([hit(A)]) });
    await mountApp();
    await waitFor(() => document.activeElement?.id === 'search');
  });

  it('says how to fill an empty catalog and starts a sync from there', async () => {
    const b = backend({
      app_info: () => info({ skills: 0 }),
      search: () => response([], { total: 0 }),
      start_sync: () => new Promise(() => {}),
    });
    await mountApp();
    await waitFor(() => $('[data-testid="empty"]'));
    expect(must('[data-testid="empty"]').textContent).toContain('The catalog is empty');
    expect($('[data-testid="empty-add-folder"]')).not.toBeNull();
    click(must('[data-testid="empty-sync"]'));
    await waitFor(() => b.callsOf('start_sync').length === 1);
    expect(b.callsOf('start_sync')[0].request).toEqual({ sources: [], no_llm: false, limit: null });
    expect(app.get().route.screen).toBe('sync');
  });

  it('offers to add a local folder when a search finds nothing', async () => {
    backend({ search: () => response([], { total: 0 }) });
    await mountApp();
    type(must('#search'), 'zzz');
    await waitFor(() => $('[data-testid="empty"]')?.textContent?.includes('No skill matches'));
    click(must('[data-testid="empty-add-folder"]'));
    await waitFor(() => document.activeElement?.id === 'sync-folder');
    expect(app.get().route.screen).toBe('sync');
  });
});

describe('keyboard', () => {
  it('focuses the search box with / and Ctrl-K', async () => {
    backend({ search: () => response([hit(A)]) });
    await mountApp();
    (document.activeElement as HTMLElement | null)?.blur();
    key(document.body, '/');
    await waitFor(() => document.activeElement?.id === 'search');
    must('#search').blur();
    key(document.body, 'k', { ctrlKey: true });
    await waitFor(() => document.activeElement?.id === 'search');
  });

  it('does not steal / while typing in another field', async () => {
    backend({ search: () => response([hit(A)]) });
    await mountApp();
    click(must('[data-nav="sync"]'));
    await settle(20);
    const folder = must('#sync-folder');
    folder.focus();
    const notCancelled = key(folder, '/');
    expect(notCancelled).toBe(true);
    expect(document.activeElement).toBe(folder);
  });

  it('moves the selection with the arrows, opens with Enter and comes back with Escape', async () => {
    const b = backend({
      search: () => response([hit(A), hit(B), hit(C)]),
      skill: ({ id }) => skillView({ id, title: `Skill ${id}` }),
    });
    await mountApp();
    await waitFor(() => $$('.hit').length === 3);
    const input = must('#search');
    input.focus();
    expect(must('.hit.selected').dataset.id).toBe('a1');
    key(input, 'ArrowDown');
    await settle(20);
    key(input, 'ArrowDown');
    await settle(20);
    expect(must('.hit.selected').dataset.id).toBe('c3');
    key(input, 'ArrowUp');
    await settle(20);
    expect(must('.hit.selected').dataset.id).toBe('b2');
    key(input, 'Enter');
    await waitFor(() => $('#skill[data-id="b2"] h1'));
    expect(b.callsOf('skill')).toEqual([{ id: 'b2' }]);
    expect(must('#skill h1').textContent).toBe('Skill b2');
    key(document.body, 'Escape');
    await waitFor(() => !$('#skill'));
    expect(app.get().route.screen).toBe('search');
    // The results and the selection are still there.
    expect(must('.hit.selected').dataset.id).toBe('b2');
  });

  it('opens a hit with a click', async () => {
    const b = backend({ search: () => response([hit(A)]), skill: ({ id }) => skillView({ id }) });
    await mountApp();
    await waitFor(() => $('.hit'));
    click(must('.hit[data-id="a1"] .hit-title'));
    await waitFor(() => $('#skill[data-id="a1"] h1'));
    expect(b.callsOf('skill')).toEqual([{ id: 'a1' }]);
  });

  it('opens the kept skill when a search hit is an exact copy (R-DUP-3)', async () => {
    const copy = entry({ id: 'copy1', title: 'Copied', copy_of: 'kept1' });
    const b = backend({
      search: () => response([hit(copy)]),
      skill: ({ id }) => skillView({ id, title: id === 'kept1' ? 'The kept one' : 'Copied' }),
    });
    await mountApp();
    await waitFor(() => $('.hit[data-id="copy1"]'));
    expect(must('.hit[data-id="copy1"]').textContent).toContain('Exact copy');
    click(must('.hit[data-id="copy1"]'));
    await waitFor(() => $('#skill[data-id="kept1"] h1'));
    expect(b.callsOf('skill')).toEqual([{ id: 'kept1' }]);
    expect(must('#skill h1').textContent).toBe('The kept one');
    expect(must('[data-testid="opened-copy"]').textContent).toContain('exact copy');
  });
});
