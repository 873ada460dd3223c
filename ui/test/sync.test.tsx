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
