import { describe, expect, it } from 'vitest';
import type { Readings, SyncResult } from '../src/api';
import { $, $$, backend, click, deferred, fail, info, mountApp, must, progressSender, settle, type, waitFor } from './helpers';

function summary(over: Partial<SyncResult['summary']> = {}): SyncResult {
  return {
    summary: {
      sources: ['awesome'],
      discovered: 10,
      new_skills: 3,
      new_versions: 1,
      unchanged: 6,
      excluded: 2,
      copies_marked: 1,
      errors: [{ path: 'o/r/SKILL.md', reason: 'HTTP 404' }],
      not_reached: 0,
      stopped_at_limit: false,
      cancelled: false,
      skipped: ['github: no token'],
      catalog_size: 15,
      ...over,
    },
    readings: { model: 'test-model', read: 3, published: 2, pending: 1, rejected: 0, failed: [], cancelled: false, stopped: null },
  };
}

async function openSync(handlers: Record<string, (a: any) => unknown>) {
  const b = backend(handlers);
  await mountApp();
  click(must('[data-nav="sync"]'));
  await waitFor(() => $('[data-testid="sync-start"]'));
  return b;
}

describe('sync screen', () => {
  it('sends the chosen sources, local folders, no_llm and limit', async () => {
    const b = await openSync({ start_sync: () => new Promise(() => {}) });
    click(must('[data-source="github"]'));
    click(must('[data-source="installed"]'));
    type(must('#sync-folder'), '/home/u/my skills');
    await settle(20);
    click(must('[data-testid="sync-add-folder"]'));
    type(must('#sync-folder'), '/tmp/other');
    await settle(20);
    click(must('[data-testid="sync-add-folder"]'));
    await waitFor(() => $$('.folder-list li').length === 2);
    // Remove one again.
    click($$('[data-testid="sync-remove-folder"]')[1]);
    await waitFor(() => $$('.folder-list li').length === 1);
    click(must('#sync-no-llm'));
    type(must('#sync-limit'), '25');
    await settle(20);
    click(must('[data-testid="sync-start"]'));
    await waitFor(() => b.callsOf('start_sync').length === 1);
    expect(b.callsOf('start_sync')[0].request).toEqual({
      sources: ['awesome', 'registry', 'installed', 'dir:/home/u/my skills'],
      no_llm: true,
      limit: 25,
    });
  });

  it('without a snapshot address, the snapshot source is listed first, unticked and disabled, pointing to Settings', async () => {
    const b = await openSync({ start_sync: () => new Promise(() => {}) });
    const boxes = $$('[data-source]') as HTMLInputElement[];
    expect(boxes.map((x) => x.dataset.source)).toEqual(['snapshot', 'awesome', 'registry', 'github', 'installed']);
    const snap = must('[data-source="snapshot"]') as HTMLInputElement;
    expect(snap.checked).toBe(false);
    expect(snap.disabled).toBe(true);
    expect(snap.closest('label')!.textContent).toContain('Verified catalog snapshot');
    expect(must('[data-testid="sync-no-snapshot"]').textContent).toContain('Settings');
    click(must('[data-testid="sync-start"]'));
    await waitFor(() => b.callsOf('start_sync').length === 1);
    expect(b.callsOf('start_sync')[0].request.sources).toEqual(['awesome', 'registry', 'github']);
    // The hint's button opens Settings.
    click(must('[data-testid="sync-open-settings"]'));
    await waitFor(() => $('.settings-screen'));
  });

  it('with a snapshot address, the snapshot is ticked and the public sources are not; it sends `snapshot`', async () => {
    const b = await openSync({ app_info: () => info({ snapshot: true, github_token: false }), start_sync: () => new Promise(() => {}) });
    await waitFor(() => (must('[data-source="snapshot"]') as HTMLInputElement).checked);
    expect((must('[data-source="snapshot"]') as HTMLInputElement).disabled).toBe(false);
    for (const s of ['awesome', 'registry', 'github', 'installed']) {
      expect((must(`[data-source="${s}"]`) as HTMLInputElement).checked).toBe(false);
    }
    expect($('[data-testid="sync-no-snapshot"]')).toBeNull();
    click(must('[data-source="registry"]'));
    await settle(20);
    click(must('[data-testid="sync-start"]'));
    await waitFor(() => b.callsOf('start_sync').length === 1);
    expect(b.callsOf('start_sync')[0].request.sources).toEqual(['snapshot', 'registry']);
  });

  it('the snapshot can be unticked like any source', async () => {
    const b = await openSync({ app_info: () => info({ snapshot: true }), start_sync: () => new Promise(() => {}) });
    await waitFor(() => (must('[data-source="snapshot"]') as HTMLInputElement).checked);
    click(must('[data-source="snapshot"]'));
    await settle(20);
    expect((must('[data-testid="sync-start"]') as HTMLButtonElement).disabled).toBe(true);
    click(must('[data-source="awesome"]'));
    await settle(20);
    click(must('[data-testid="sync-start"]'));
    await waitFor(() => b.callsOf('start_sync').length === 1);
    expect(b.callsOf('start_sync')[0].request.sources).toEqual(['awesome']);
  });

  it('names the snapshot stages and sums up what the snapshot gave', async () => {
    const done = deferred<SyncResult>();
    let send: ReturnType<typeof progressSender> = () => {};
    await openSync({
      app_info: () => info({ snapshot: true }),
      start_sync: ({ onProgress }) => {
        send = progressSender(onProgress);
        return done.promise;
      },
    });
    await waitFor(() => (must('[data-source="snapshot"]') as HTMLInputElement).checked);
    click(must('[data-testid="sync-start"]'));
    await waitFor(() => $('#sync-progress'));
    send({ event: 'stage', stage: 'fetch', total: 120 });
    send({ event: 'advance', stage: 'fetch', done: 30, total: 120 });
    await waitFor(() => must('#sync-stage').textContent === 'Downloading the snapshot');
    expect(must('[data-stage="fetch"]').textContent).toContain('Downloading the snapshot');
    expect(must('[data-stage="fetch"]').textContent).toContain('30 / 120');
    send({ event: 'stage', stage: 'apply', total: 128 });
    await waitFor(() => must('#sync-stage').textContent === 'Applying the snapshot');
    expect(must('[data-stage="apply"]').textContent).toContain('Applying the snapshot');

    done.resolve(
      summary({
        sources: ['snapshot:https://skills.example.org/snapshot'],
        errors: [],
        skipped: [],
        snapshots: [
          {
            address: 'https://skills.example.org/snapshot',
            key_id: '0123456789ABCDEF',
            sequence: 42,
            published_at: 1760000000,
            up_to_date: false,
            entries: 5200,
            requests: 130,
            bytes: 1_572_864,
            records_fetched: 120,
            records_from_cache: 8,
            applied: 128,
            removed: 3,
            kept_local: 0,
            rolled_back: false,
          },
        ],
      }),
    );
    await waitFor(() => $('[data-testid="snapshot-stats"]'));
    const stats = must('[data-testid="snapshot-stats"]');
    expect(stats.textContent).toContain('publication 42');
    expect(stats.textContent).toContain('https://skills.example.org/snapshot');
    expect(must('[data-testid="snapshot-applied"]').textContent).toBe('128 skills applied, 3 removed');
    expect(must('[data-stat="fetched"]').textContent).toBe('Records downloaded120');
    expect(must('[data-stat="from-cache"]').textContent).toBe('Downloaded by an earlier try8');
    expect(must('[data-stat="requests"]').textContent).toBe('Requests130');
    expect(must('[data-stat="bytes"]').textContent).toBe('Data received1.6 MB');
    expect($('[data-stat="kept-local"]')).toBeNull();
    expect($('[data-testid="snapshot-up-to-date"]')).toBeNull();
  });

  it('says an unchanged publication is up to date', async () => {
    const stats = {
      address: '/mnt/share/snapshot', key_id: 'AB', sequence: 7, published_at: 1760000000, up_to_date: true, entries: 10,
      requests: 1, bytes: 512, records_fetched: 0, records_from_cache: 0, applied: 0, removed: 0, kept_local: 0, rolled_back: false,
    };
    await openSync({ app_info: () => info({ snapshot: true }), start_sync: () => summary({ snapshots: [stats] }) });
    await waitFor(() => (must('[data-source="snapshot"]') as HTMLInputElement).checked);
    click(must('[data-testid="sync-start"]'));
    await waitFor(() => $('[data-testid="snapshot-up-to-date"]'));
    expect(must('[data-testid="snapshot-stats"]').textContent).toContain('publication 7');
    expect($('[data-testid="snapshot-applied"]')).toBeNull();
    expect(must('[data-stat="bytes"]').textContent).toBe('Data received512 B');
    expect($('[data-stat="from-cache"]')).toBeNull();
  });

  it('cannot start with no source at all', async () => {
    await openSync({});
    for (const s of ['awesome', 'registry', 'github']) click(must(`[data-source="${s}"]`));
    await settle(20);
    expect((must('[data-testid="sync-start"]') as HTMLButtonElement).disabled).toBe(true);
  });

  it('follows progress events: stage, bar, per-stage counts, notes, then the summary', async () => {
    const done = deferred<SyncResult>();
    let send: ReturnType<typeof progressSender> = () => {};
    const b = await openSync({
      start_sync: ({ onProgress }) => {
        send = progressSender(onProgress);
        return done.promise;
      },
    });
    click(must('[data-testid="sync-start"]'));
    await waitFor(() => $('#sync-progress'));
    send({ event: 'stage', stage: 'discover', total: null });
    await waitFor(() => must('#sync-stage').textContent === 'Discovering');
    // Total unknown: an indeterminate bar (no value attribute).
    expect(must('#sync-progress').tagName).toBe('PROGRESS');
    expect(must('#sync-progress').hasAttribute('value')).toBe(false);
    send({ event: 'note', message: 'github: no token, code search skipped' });
    send({ event: 'stage', stage: 'import', total: 120 });
    send({ event: 'advance', stage: 'import', done: 40, total: 120 });
    await waitFor(() => must('#sync-stage').textContent === 'Importing');
    await waitFor(() => (must('#sync-progress') as HTMLProgressElement).value === 40);
    expect((must('#sync-progress') as HTMLProgressElement).max).toBe(120);
    expect(must('[data-stage="import"]').textContent).toContain('40 / 120');
    expect(must('[data-stage="discover"]')).not.toBeNull();
    expect(must('[data-testid="sync-notes"]').textContent).toContain('code search skipped');
    // The top bar shows a job is running.
    expect($('[data-nav="sync"] .dot')).not.toBeNull();
    expect($('#sync-summary')).toBeNull();

    done.resolve(summary());
    await waitFor(() => $('#sync-summary'));
    const text = must('#sync-summary').textContent!;
    expect(text).toContain('New skills3');
    expect(text).toContain('New versions1');
    expect(text).toContain('Unchanged6');
    expect(text).toContain('Catalog size15');
    expect(text).toContain('o/r/SKILL.md: HTTP 404');
    expect(text).toContain('Skipped (1)');
    expect(must('[data-testid="readings"]').textContent).toContain('Readings by test-model');
    expect($('[data-testid="sync-cancel"]')).toBeNull();
    // The catalog size is asked again once the job ends.
    await waitFor(() => b.callsOf('app_info').length >= 2);
  });

  it('cancel calls cancel_job and the summary says it was cancelled', async () => {
    const done = deferred<SyncResult>();
    const b = await openSync({ start_sync: () => done.promise });
    click(must('[data-testid="sync-start"]'));
    await waitFor(() => $('[data-testid="sync-cancel"]'));
    click(must('[data-testid="sync-cancel"]'));
    await waitFor(() => b.callsOf('cancel_job').length === 1);
    await waitFor(() => must('#sync-stage').textContent?.startsWith('Cancelling'));
    done.resolve(summary({ cancelled: true }));
    await waitFor(() => $('[data-testid="summary-cancelled"]'));
  });

  it('runs the verification and the index rebuild through the same view', async () => {
    const readings: Readings = { model: 'm', read: 2, published: 1, pending: 0, rejected: 1, failed: [{ id: 'x', name: 'bad', reason: 'invalid JSON' }], cancelled: false, stopped: null };
    const b = await openSync({ start_verify: () => readings, rebuild_index: () => null });
    click(must('[data-testid="verify-start"]'));
    await waitFor(() => $('#sync-summary [data-testid="readings"]'));
    expect(b.callsOf('start_verify')[0].request).toEqual({ ids: [], pending: true, unverified: true, all: false });
    expect(must('#sync-summary').textContent).toContain('bad: invalid JSON');
    click(must('[data-testid="rebuild-index"]'));
    await waitFor(() => must('#sync-summary').textContent?.includes('index was rebuilt'));
    expect(b.callsOf('rebuild_index').length).toBe(1);
  });

  it('a busy start shows the calm banner', async () => {
    await openSync({ start_sync: () => fail('busy', 'another job') });
    click(must('[data-testid="sync-start"]'));
    await waitFor(() => $('.sync-screen [data-testid="busy-banner"]'));
    expect($('.sync-screen [data-testid="error"]')).toBeNull();
  });

  it('says a job started elsewhere is running and can cancel it', async () => {
    const b = await openSync({ app_info: () => info({ job: 'verify' }) });
    await waitFor(() => (must('[data-testid="sync-start"]') as HTMLButtonElement).disabled);
    expect(must('.sync-screen').textContent).toContain('Verification by the model');
    click(must('[data-testid="sync-cancel"]'));
    await waitFor(() => b.callsOf('cancel_job').length === 1);
  });

  it('keeps following a running sync while the user searches', async () => {
    const done = deferred<SyncResult>();
    let send: ReturnType<typeof progressSender> = () => {};
    await openSync({
      start_sync: ({ onProgress }) => {
        send = progressSender(onProgress);
        return done.promise;
      },
    });
    click(must('[data-testid="sync-start"]'));
    await waitFor(() => $('#sync-progress'));
    click(must('[data-nav="search"]'));
    send({ event: 'stage', stage: 'index', total: 4 });
    send({ event: 'advance', stage: 'index', done: 3, total: 4 });
    await settle(30);
    click(must('[data-nav="sync"]'));
    await waitFor(() => (must('#sync-progress') as HTMLProgressElement).value === 3);
    done.resolve(summary());
    await waitFor(() => $('#sync-summary'));
  });
});
