import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppInfo, CatalogOffer, SyncResult } from '../src/api';
import { $, backend, click, deferred, info, mountApp, must, progressSender, settings, settle, waitFor } from './helpers';

const PUBLISHER = { address: 'https://skills-guide.github.io/catalog', key_id: '3DA5970BB9977B47', origin: 'default' as const };

function firstLaunch(over: Partial<AppInfo> = {}): AppInfo {
  return info({ skills: 12, snapshot: true, github_token: false, publisher: PUBLISHER, catalog_offer: true, ...over });
}

function offer(over: Partial<CatalogOffer> = {}): CatalogOffer {
  return {
    address: PUBLISHER.address,
    key_id: PUBLISHER.key_id,
    origin: 'default',
    sequence: 42,
    published_at: 1_796_040_000,
    entries: 18_250,
    download_bytes: 45_600_000,
    ...over,
  };
}

function result(cancelled: boolean): SyncResult {
  return {
    summary: {
      sources: [`snapshot:${PUBLISHER.address}`],
      discovered: 18_250,
      new_skills: 0,
      new_versions: 0,
      unchanged: 0,
      excluded: 0,
      copies_marked: 0,
      errors: [],
      not_reached: 18_250,
      stopped_at_limit: false,
      cancelled,
      skipped: [],
      catalog_size: 12,
    },
    readings: null,
  };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the first launch’s offer', () => {
  it('says what the verified catalog is, from its signed index, as text', async () => {
    const b = backend({
      app_info: () => firstLaunch(),
      catalog_offer: () => offer({ address: 'https://h.example/<img src=x onerror="window.__pwned=1">' }),
    });
    await mountApp();
    const title = await waitFor(() => $('[data-testid="offer-title"]'));
    expect(title.textContent).toBe('The verified catalog: 18,250 skills, 45.6 MB, published Nov 30, 2026');
    expect(must('[data-testid="offer-from"]').textContent).toContain('<img src=x');
    expect(document.querySelector('[data-testid="offer"] img')).toBeNull();
    expect((window as any).__pwned).toBeUndefined();
    expect(must('[data-testid="offer"]').textContent).toContain(PUBLISHER.key_id);
    expect(b.callsOf('catalog_offer')).toHaveLength(1);
  });

  it('without a size, says the rest; in French too', async () => {
    backend({
      app_info: () => firstLaunch({ language: 'fr' }),
      catalog_offer: () => offer({ download_bytes: null, entries: 1234 }),
    });
    await mountApp();
    const title = await waitFor(() => $('[data-testid="offer-title"]'));
    await waitFor(() => must('[data-testid="offer-take"]').textContent === 'Obtenir le catalogue vérifié');
    expect(title.textContent).toMatch(/^Le catalogue vérifié : 1\u202f?\s?234 skills, publié le /);
  });

  it('is not offered, nor asked for, past a first launch', async () => {
    const b = backend({ app_info: () => firstLaunch({ catalog_offer: false }), catalog_offer: () => offer() });
    await mountApp();
    await settle();
    expect($('[data-testid="offer"]')).toBeNull();
    expect(b.callsOf('catalog_offer')).toHaveLength(0);
  });

  it('takes it with one button, shows bytes, rate and time left, cancels, and resumes', async () => {
    let now = 1_000_000;
    vi.spyOn(Date, 'now').mockImplementation(() => now);
    let done = deferred<SyncResult>();
    let send: ReturnType<typeof progressSender> = () => {};
    const b = backend({
      app_info: () => firstLaunch(),
      catalog_offer: () => offer(),
      start_sync: ({ onProgress }) => {
        send = progressSender(onProgress);
        return done.promise;
      },
    });
    await mountApp();
    await waitFor(() => !(must('[data-testid="offer-take"]') as HTMLButtonElement).disabled);
    click(must('[data-testid="offer-take"]'));
    await waitFor(() => b.callsOf('start_sync').length === 1);
    expect(b.callsOf('start_sync')[0].request).toEqual({ sources: ['snapshot'], no_llm: true, limit: null });
    await waitFor(() => $('[data-testid="offer"][data-state="running"]'));

    send({ event: 'stage', stage: 'fetch', total: 18_250 });
    send({ event: 'advance', stage: 'fetch', done: 100, total: 18_250 });
    send({ event: 'bytes', stage: 'fetch', done: 0, total: 45_600_000 });
    await waitFor(() => must('[data-testid="offer-stage"]').textContent === 'Downloading the snapshot');
    now += 2000;
    send({ event: 'bytes', stage: 'fetch', done: 4_000_000, total: 45_600_000 });
    // 4 MB in 2 s: 2 MB/s; 41.6 MB left: 21 s.
    await waitFor(() => must('[data-testid="transfer"]').textContent === '4 MB of 45.6 MB · 2 MB/s · 21 s left');
    const bar = must('[data-testid="offer-progress"]') as HTMLProgressElement;
    expect(bar.value).toBe(4_000_000);
    expect(bar.max).toBe(45_600_000);

    click(must('[data-testid="offer-cancel"]'));
    await waitFor(() => b.callsOf('cancel_job').length === 1);
    done.resolve(result(true));
    await waitFor(() => $('[data-testid="offer"][data-state="stopped"]'));
    expect(must('[data-testid="offer-stopped"]').textContent).toContain('kept');

    done = deferred<SyncResult>();
    click(must('[data-testid="offer-resume"]'));
    await waitFor(() => b.callsOf('start_sync').length === 2);
    expect(b.callsOf('start_sync')[1].request).toEqual({ sources: ['snapshot'], no_llm: true, limit: null });
    // Taken: the shell no longer offers it, and the offer goes.
    b.handlers.app_info = () => firstLaunch({ catalog_offer: false, skills: 18_262 });
    done.resolve(result(false));
    await waitFor(() => !$('[data-testid="offer"]'));
  });

  it('a failed sync says nothing changed and offers to resume', async () => {
    const b = backend({
      app_info: () => firstLaunch(),
      catalog_offer: () => offer(),
      start_sync: () => Promise.reject({ kind: 'failed', message: 'the snapshot index’s signature does not verify with the publisher key' }),
    });
    await mountApp();
    await waitFor(() => !(must('[data-testid="offer-take"]') as HTMLButtonElement).disabled);
    click(must('[data-testid="offer-take"]'));
    await waitFor(() => $('[data-testid="offer"][data-state="failed"]'));
    expect(must('[data-testid="offer-failed"]').textContent).toContain('nothing in your catalog changed');
    expect(must('[data-testid="error"]').textContent).toContain('signature does not verify');
    click(must('[data-testid="offer-resume"]'));
    await waitFor(() => b.callsOf('start_sync').length === 2);
  });

  it('declining hides it, and the shell keeps that', async () => {
    let declined = false;
    const b = backend({
      app_info: () => firstLaunch({ catalog_offer: !declined }),
      catalog_offer: () => offer(),
      decline_catalog_offer: () => {
        declined = true;
        return firstLaunch({ catalog_offer: false });
      },
    });
    await mountApp();
    await waitFor(() => $('[data-testid="offer-title"]'));
    click(must('[data-testid="offer-decline"]'));
    await waitFor(() => !$('[data-testid="offer"]'));
    expect(b.callsOf('decline_catalog_offer')).toHaveLength(1);
    expect(b.callsOf('start_sync')).toHaveLength(0);
  });

  it('an unreachable publisher is said, and asked again on demand', async () => {
    let calls = 0;
    backend({
      app_info: () => firstLaunch(),
      catalog_offer: () => {
        calls += 1;
        if (calls === 1) throw { kind: 'failed', message: 'snapshot https://h/index.json.zst: connection refused' };
        return offer();
      },
    });
    await mountApp();
    const note = await waitFor(() => $('[data-testid="offer-unreachable"]'));
    expect(note.textContent).toContain('connection refused');
    click(must('[data-testid="offer-retry"]'));
    await waitFor(() => $('[data-testid="offer-title"]'));
    expect(calls).toBe(2);
  });
});

describe('the publisher in Settings', () => {
  it('shows the default publisher and the last publication, and removes it or takes it back', async () => {
    let current = settings({
      publisher: PUBLISHER,
      default_publisher: { address: PUBLISHER.address, key_id: PUBLISHER.key_id },
      last_applied: { address: PUBLISHER.address, sequence: 41, published_at: 1_796_040_000 },
    });
    const b = backend({
      get_settings: () => current,
      set_publisher: ({ choice }) => {
        current =
          choice === 'none'
            ? { ...current, publisher: null, default_publisher_removed: true, last_applied: null }
            : { ...current, publisher: PUBLISHER, default_publisher_removed: false };
        return current;
      },
    });
    await mountApp();
    click(must('[data-nav="settings"]'));
    const shown = await waitFor(() => $('[data-testid="publisher-current"]'));
    expect(shown.textContent).toContain(PUBLISHER.address);
    expect(shown.textContent).toContain(`key ${PUBLISHER.key_id}`);
    expect(shown.textContent).toContain('the default publisher, built in');
    expect(must('[data-testid="publisher-applied"]').textContent).toBe('Last publication applied: number 41, published Nov 30, 2026');
    expect($('[data-testid="publisher-default-again"]')).toBeNull();

    click(must('[data-testid="publisher-remove"]'));
    await waitFor(() => $('[data-testid="publisher-none"]'));
    expect(b.callsOf('set_publisher')[0]).toEqual({ choice: 'none' });
    expect(must('[data-testid="publisher-default"]').textContent).toContain(PUBLISHER.address);

    click(must('[data-testid="publisher-default-again"]'));
    await waitFor(() => $('[data-testid="publisher-current"]'));
    expect(b.callsOf('set_publisher')[1]).toEqual({ choice: 'default' });
  });
});

describe('the Sync screen', () => {
  it('takes the default publisher as its snapshot source and names it', async () => {
    const b = backend({ app_info: () => firstLaunch({ catalog_offer: false }), start_sync: () => new Promise(() => {}) });
    await mountApp();
    click(must('[data-nav="sync"]'));
    const snap = (await waitFor(() => $('[data-source="snapshot"]'))) as HTMLInputElement;
    await waitFor(() => snap.checked);
    expect(snap.disabled).toBe(false);
    expect(must('[data-testid="sync-publisher"]').textContent).toBe(`From ${PUBLISHER.address} (key ${PUBLISHER.key_id})`);
    expect($('[data-testid="sync-no-snapshot"]')).toBeNull();
    click(must('[data-testid="sync-start"]'));
    await waitFor(() => b.callsOf('start_sync').length === 1);
    expect(b.callsOf('start_sync')[0].request.sources).toEqual(['snapshot']);
  });
});
