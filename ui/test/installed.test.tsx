import { describe, expect, it } from 'vitest';
import type { Install, Uninstalled, UpdateOutcome } from '../src/api';
import { translate } from '../src/i18n';
import { setLang } from '../src/state';
import { $, $$, backend, click, deferred, fail, key, mountApp, must, progressSender, settle, waitFor, type Handler } from './helpers';

const FOLDER = '/home/u/.claude/skills';

function install(over: Partial<Install> = {}): Install {
  const name = over.name ?? 'pdf-tools';
  const folder = over.folder ?? FOLDER;
  return {
    name,
    agent: 'claude-code',
    scope: 'user',
    folder,
    path: `${folder}/${name}/SKILL.md`,
    skill_id: `id-${name}`,
    sha256: 'a1'.repeat(32),
    status: 'published',
    allowed_unverified: false,
    installed_at: 1760000000,
    local: 'clean',
    upstream_changed: false,
    upstream_sha256: 'a1'.repeat(32),
    upstream_status: 'published',
    upstream_verified: true,
    upstream_safety: 'safe',
    update: 'up-to-date',
    skip: null,
    ...over,
  };
}

/** The four cases of the screen: a newer published version, an edited file, a rejected version, a missing file. */
const LIST: Install[] = [
  install({ name: 'fresh', upstream_changed: true, upstream_sha256: 'b2'.repeat(32), update: 'update' }),
  install({
    name: 'edited',
    local: 'edited',
    files: [
      { path: 'SKILL.md', sha256: 'a1'.repeat(32), bytes: 900, executable: false },
      { path: 'references/a.md', sha256: 'a2'.repeat(32), bytes: 90, executable: false },
      { path: 'scripts/run.sh', sha256: 'a3'.repeat(32), bytes: 40, executable: true },
    ],
    changes: [
      { path: 'node_modules', change: 'added', kind: 'folder' },
      { path: 'notes.md', change: 'added', kind: 'file' },
      { path: 'references/a.md', change: 'removed' },
      { path: 'scripts/run.sh', change: 'edited' },
    ],
    upstream_changed: true,
    upstream_sha256: 'c3'.repeat(32),
    update: 'skip',
    skip: 'edited',
  }),
  install({
    name: 'kept',
    agent: 'custom',
    scope: null,
    folder: '/home/u/my-skills',
    upstream_changed: true,
    upstream_sha256: 'd4'.repeat(32),
    upstream_status: 'rejected',
    upstream_verified: false,
    upstream_safety: 'risky',
    update: 'skip',
    skip: 'rejected',
  }),
  install({ name: 'gone', agent: 'cursor', scope: 'project', folder: '/work/p/.cursor/skills', local: 'missing' }),
];

function outcome(i: Install, over: Partial<UpdateOutcome>): UpdateOutcome {
  return {
    name: i.name,
    agent: i.agent,
    folder: i.folder,
    path: i.path,
    from_sha256: i.sha256,
    to_sha256: i.upstream_sha256,
    result: 'skipped',
    skip: null,
    reason: null,
    status: i.upstream_status,
    safety: i.upstream_safety,
    ...over,
  };
}

const row = (name: string) => must(`[data-testid="install-row"][data-name="${name}"]`);
const inRow = (name: string, sel: string) => row(name).querySelector<HTMLElement>(sel)!;

async function openInstalled(handlers: Record<string, Handler> = {}) {
  const b = backend({ installed: () => LIST, ...handlers });
  await mountApp();
  click(must('[data-nav="installed"]'));
  await waitFor(() => $('.installed-screen [data-testid="install-row"]') || $('.installed-screen [data-testid="empty"]'));
  return b;
}

describe('installed screen', () => {
  it('is in the main navigation and lists every install: agent, scope, folder, file, versions, local state, plan', async () => {
    await openInstalled();
    const nav = $$('.topbar [data-nav]').map((b) => b.dataset.nav);
    expect(nav).toEqual(['search', 'installed', 'sync', 'settings']);
    expect(must('[data-nav="installed"]').getAttribute('aria-current')).toBe('page');
    expect($$('[data-testid="install-row"]').map((r) => r.dataset.name)).toEqual(['fresh', 'edited', 'kept', 'gone']);

    expect(inRow('fresh', '[data-testid="install-agent"]').textContent).toBe('claude-code, user scope');
    expect(inRow('fresh', '.install-facts').textContent).toContain(FOLDER);
    expect(inRow('fresh', '.install-dir').textContent).toBe(`${FOLDER}/fresh`);
    expect(inRow('fresh', '.install-files').textContent).toBe('SKILL.md');
    expect(inRow('fresh', '.install-facts').textContent).toContain('a1a1a1a1a1a1');
    expect(inRow('fresh', '[data-testid="install-upstream"]').textContent).toContain('Newer version b2b2b2b2b2b2');
    expect(inRow('fresh', '[data-testid="install-upstream"] [data-status]').dataset.status).toBe('published');
    expect(inRow('fresh', '[data-testid="install-plan"]').textContent).toContain('replaces it with the newer version');

    expect(inRow('edited', '[data-testid="install-local"]').textContent).toBe('Changed since installed');
    expect(inRow('edited', '[data-testid="install-plan"]').textContent).toContain('changed since it was installed');
    // Each file with what changed since; the entries added after the files written.
    const files = [...inRow('edited', '[data-testid="install-files"]').querySelectorAll('li')].map((li) => [li.dataset.path, li.dataset.change]);
    expect(files).toEqual([
      ['SKILL.md', 'none'],
      ['references/a.md', 'removed'],
      ['scripts/run.sh', 'edited'],
      ['node_modules', 'added'],
      ['notes.md', 'added'],
    ]);
    expect(inRow('edited', '[data-testid="install-files"]').textContent).toContain('node_modules added (folder)');
    expect(inRow('edited', '[data-testid="install-files"] [data-change="edited"]').textContent).toBe('scripts/run.sh edited');
    expect(inRow('kept', '[data-testid="install-agent"]').textContent).toBe('Own folder');
    expect(inRow('kept', '[data-testid="install-upstream"] [data-status]').dataset.status).toBe('rejected');
    expect(inRow('kept', '[data-testid="install-plan"]').textContent).toContain('rejected by its verification');
    expect(inRow('gone', '[data-testid="install-agent"]').textContent).toBe('cursor, project scope');
    expect(inRow('gone', '[data-testid="install-local"]').dataset.local).toBe('missing');
    expect(inRow('gone', '[data-testid="install-local"]').textContent).toBe('Missing');

    // Update only where the catalog's plan says it replaces; Uninstall everywhere.
    const updates = $$('[data-testid="install-update"]') as HTMLButtonElement[];
    expect(updates.map((b) => b.disabled)).toEqual([false, true, true, true]);
    expect(updates[0].getAttribute('aria-label')).toBe('Update fresh');
    expect(($$('[data-testid="install-uninstall"]') as HTMLButtonElement[]).every((b) => !b.disabled)).toBe(true);
    expect((must('[data-testid="update-all"]') as HTMLButtonElement).disabled).toBe(false);
  });

  it('updates one install by its folder and name, with progress, then shows the outcome and asks again', async () => {
    const done = deferred<UpdateOutcome[]>();
    let send: ReturnType<typeof progressSender> = () => {};
    const b = await openInstalled({
      start_update: ({ onProgress }) => {
        send = progressSender(onProgress);
        return done.promise;
      },
    });
    click(inRow('fresh', '[data-testid="install-update"]'));
    await waitFor(() => b.callsOf('start_update').length === 1);
    expect(b.callsOf('start_update')[0].request).toEqual({ names: ['fresh'], folder: FOLDER });
    await waitFor(() => $('#update-progress'));
    send({ event: 'stage', stage: 'read', total: 1 });
    await waitFor(() => must('#update-stage').textContent === 'Reading with the model');
    // One job at a time, and no uninstall while the installs are written.
    expect((must('[data-testid="update-all"]') as HTMLButtonElement).disabled).toBe(true);
    expect((inRow('fresh', '[data-testid="install-update"]') as HTMLButtonElement).disabled).toBe(true);
    expect((inRow('gone', '[data-testid="install-uninstall"]') as HTMLButtonElement).disabled).toBe(true);
    expect(must('.topbar [data-nav="installed"] .dot')).toBeTruthy();

    const before = b.callsOf('installed').length;
    done.resolve([outcome(LIST[0], { result: 'updated', status: 'published' })]);
    await waitFor(() => $('[data-testid="install-outcome"]'));
    expect(inRow('fresh', '[data-testid="install-outcome"]').dataset.result).toBe('updated');
    expect(inRow('fresh', '[data-testid="install-outcome"]').textContent).toBe('Updated: a1a1a1a1a1a1 → b2b2b2b2b2b2.');
    expect(must('[data-testid="update-summary"]').textContent).toContain('1 updated, 0 skipped');
    await waitFor(() => b.callsOf('installed').length > before);
  });

  it('"Update all clean installs" updates every install and says why it skipped each other one', async () => {
    const b = await openInstalled({
      start_update: () => [
        outcome(LIST[0], { result: 'updated' }),
        outcome(LIST[1], { skip: 'edited', reason: 'edited since it was installed (--force replaces it)' }),
        outcome(LIST[2], { skip: 'rejected', status: 'rejected' }),
        outcome(LIST[3], { skip: 'missing', to_sha256: LIST[3].sha256 }),
      ],
    });
    click(must('[data-testid="update-all"]'));
    await waitFor(() => $$('[data-testid="install-outcome"]').length === 4);
    expect(b.callsOf('start_update')[0].request).toEqual({ names: [], folder: null });
    expect(inRow('edited', '[data-testid="install-outcome"]').textContent).toBe(
      'Skipped: its files were changed since it was installed (edited, removed or added), and your changes are kept.',
    );
    expect(inRow('edited', '[data-testid="install-outcome"]').textContent).not.toContain('--force');
    expect(inRow('kept', '[data-testid="install-outcome"]').textContent).toContain('rejected by its verification');
    expect(inRow('gone', '[data-testid="install-outcome"]').textContent).toContain('removed from the folder');
    expect(must('[data-testid="update-summary"]').textContent).toContain('1 updated, 3 skipped');
  });

  it('a new version not read yet: Update reads first; not vetted: says so with its status', async () => {
    await openInstalled({
      installed: () => [
        install({ name: 'unread', upstream_changed: true, upstream_status: 'unverified', update: 'read-first' }),
        install({ name: 'held', upstream_changed: true, upstream_status: 'pending', update: 'skip', skip: 'not-vetted' }),
      ],
    });
    expect(inRow('unread', '[data-testid="install-plan"]').textContent).toContain('has the model read it first');
    expect((inRow('unread', '[data-testid="install-update"]') as HTMLButtonElement).disabled).toBe(false);
    expect(inRow('held', '[data-testid="install-plan"]').textContent).toContain('the new version is pending, not vetted');
    expect((inRow('held', '[data-testid="install-update"]') as HTMLButtonElement).disabled).toBe(true);
  });

  it('uninstalls a clean install after a confirmation that starts on Cancel; Escape closes and gives the focus back', async () => {
    const removed: Uninstalled = {
      name: 'fresh',
      path: `${FOLDER}/fresh/SKILL.md`,
      local: 'clean',
      file_removed: true,
      folder_removed: false,
      removed: ['SKILL.md'],
      left: [`${FOLDER}/fresh/helper.sh`],
    };
    let list = LIST;
    const b = await openInstalled({ installed: () => list, uninstall: () => removed });
    const button = inRow('fresh', '[data-testid="install-uninstall"]');
    button.focus();
    click(button);
    await waitFor(() => $('#uninstall-dialog'));
    expect(must('#uninstall-dialog').getAttribute('role')).toBe('dialog');
    // The focus moves once the dialog's effect has run (later on a busy machine).
    await waitFor(() => document.activeElement === $('[data-testid="uninstall-cancel"]'));
    expect(document.activeElement).toBe(must('[data-testid="uninstall-cancel"]'));
    expect(must('#uninstall-dialog').textContent).toContain(`Files Skills Guide wrote in ${FOLDER}/fresh:`);
    expect($$('[data-testid="uninstall-files"] li').map((li) => li.textContent)).toEqual(['SKILL.md']);
    expect(must('#uninstall-dialog').textContent).toContain('Files you added stay');
    expect($('[data-testid="uninstall-force"]')).toBeNull();
    // Tab stays in the dialog.
    must('[data-testid="uninstall-cancel"]').focus();
    key(document.activeElement!, 'Tab');
    expect(document.activeElement).toBe(must('[data-testid="uninstall-confirm"]'));
    key(document.activeElement!, 'Escape');
    await waitFor(() => !$('#uninstall-dialog'));
    expect(document.activeElement).toBe(inRow('fresh', '[data-testid="install-uninstall"]'));
    expect(b.callsOf('uninstall')).toEqual([]);

    click(inRow('fresh', '[data-testid="install-uninstall"]'));
    await waitFor(() => $('[data-testid="uninstall-confirm"]'));
    list = LIST.slice(1);
    click(must('[data-testid="uninstall-confirm"]'));
    await waitFor(() => $('[data-testid="uninstall-done"]'));
    expect(b.callsOf('uninstall')[0].request).toEqual({ folder: FOLDER, name: 'fresh', force: false });
    expect(must('[data-testid="uninstall-done"]').textContent).toContain(`Removed 1 file(s) from ${FOLDER}/fresh.`);
    expect(must('[data-testid="uninstall-done"]').textContent).toContain(`${FOLDER}/fresh/helper.sh`);
    await waitFor(() => !$('[data-testid="install-row"][data-name="fresh"]'));
    expect($('#uninstall-dialog')).toBeNull();
  });

  it('an edited SKILL.md is removed only through the explicit "with my changes" button (force)', async () => {
    const b = await openInstalled({
      uninstall: ({ request }) =>
        request.force
          ? { name: 'edited', path: `${FOLDER}/edited/SKILL.md`, local: 'edited', file_removed: true, folder_removed: true, left: [] }
          : fail('policy', 'edited'),
    });
    click(inRow('edited', '[data-testid="install-uninstall"]'));
    await waitFor(() => $('#uninstall-dialog'));
    expect(must('[data-testid="uninstall-edited"]').textContent).toContain('loses those changes');
    // What it removes: the files it wrote that are there, the edited one marked; what was added stays.
    expect($$('[data-testid="uninstall-files"] li').map((li) => [li.firstChild?.textContent, li.dataset.change])).toEqual([
      ['SKILL.md', 'none'],
      ['scripts/run.sh', 'edited'],
    ]);
    expect(must('#uninstall-dialog').textContent).toContain('The entries you added there stay.');
    expect($('[data-testid="uninstall-confirm"]')).toBeNull();
    click(must('[data-testid="uninstall-force"]'));
    await waitFor(() => $('[data-testid="uninstall-done"]'));
    expect(b.callsOf('uninstall').map((a) => a.request)).toEqual([{ folder: FOLDER, name: 'edited', force: true }]);
  });

  it('a file found edited only when removing: nothing is forced, the dialog then asks', async () => {
    const calls: boolean[] = [];
    const b = await openInstalled({
      uninstall: ({ request }) => {
        calls.push(request.force);
        if (!request.force) throw { kind: 'policy', reason: 'edited', message: 'edited since; nothing was removed' };
        return { name: 'fresh', path: `${FOLDER}/fresh/SKILL.md`, local: 'edited', file_removed: true, folder_removed: true, left: [] };
      },
    });
    click(inRow('fresh', '[data-testid="install-uninstall"]'));
    await waitFor(() => $('[data-testid="uninstall-confirm"]'));
    click(must('[data-testid="uninstall-confirm"]'));
    await waitFor(() => $('[data-testid="uninstall-force"]'));
    expect(calls).toEqual([false]);
    expect(must('[data-testid="uninstall-edited"]')).toBeTruthy();
    click(must('[data-testid="uninstall-force"]'));
    await waitFor(() => $('[data-testid="uninstall-done"]'));
    expect(calls).toEqual([false, true]);
    expect(b.callsOf('uninstall').length).toBe(2);
  });

  it('a missing install is shown as missing; uninstalling it only forgets the record', async () => {
    const b = await openInstalled({
      uninstall: () => ({ name: 'gone', path: '/work/p/.cursor/skills/gone/SKILL.md', local: 'missing', file_removed: false, folder_removed: false, left: [] }),
    });
    click(inRow('gone', '[data-testid="install-uninstall"]'));
    await waitFor(() => $('#uninstall-dialog'));
    expect(must('#uninstall-what').textContent).toContain('already gone');
    click(must('[data-testid="uninstall-confirm"]'));
    await waitFor(() => $('[data-testid="uninstall-done"]'));
    expect(b.callsOf('uninstall')[0].request.force).toBe(false);
    expect(must('[data-testid="uninstall-done"]').textContent).toContain('nothing on disk was touched');
  });

  it('says when nothing is installed, and points to the search', async () => {
    await openInstalled({ installed: () => [] });
    expect(must('.installed-screen [data-testid="empty"]').textContent).toContain('Nothing installed');
    click(must('[data-testid="installed-find"]'));
    await waitFor(() => must('[data-nav="search"]').getAttribute('aria-current') === 'page');
  });

  it('escapes every text from the catalog and the disk', async () => {
    const hostile = '<img src=x onerror="window.__pwned=1">';
    const changes = [{ path: `${hostile}.md`, change: 'added' as const, kind: 'file' as const }];
    await openInstalled({ installed: () => [install({ name: hostile, folder: `/tmp/<b>x</b>`, changes })] });
    const r = must('[data-testid="install-row"]');
    expect(r.querySelector('img, b')).toBeNull();
    expect(r.textContent).toContain(hostile);
    expect((window as any).__pwned).toBeUndefined();
  });

  it('opens the skill from its name, unless the catalog no longer has it', async () => {
    const b = await openInstalled({
      installed: () => [install({ name: 'fresh' }), install({ name: 'orphan', upstream_status: null, upstream_sha256: null, update: 'skip', skip: 'gone' })],
      skill: () => fail('not_found'),
    });
    expect(inRow('orphan', '[data-testid="install-upstream"]').textContent).toBe('No longer in the catalog');
    expect(inRow('orphan', '[data-testid="install-open"]')).toBeNull();
    click(inRow('fresh', '[data-testid="install-open"]'));
    await waitFor(() => b.callsOf('skill').length === 1);
    expect(b.callsOf('skill')[0].id).toBe('id-fresh');
  });

  it('speaks French', async () => {
    await openInstalled();
    setLang('fr');
    await settle(30);
    expect(must('[data-nav="installed"]').textContent).toBe('Installés');
    expect(must('.installed-screen h1').textContent).toBe('Skills installés');
    expect(inRow('edited', '[data-testid="install-local"]').textContent).toBe('Changé depuis l’installation');
    expect(inRow('edited', '[data-testid="install-files"] [data-change="edited"] .chip').textContent).toBe('modifié');
    expect(inRow('fresh', '[data-testid="install-update"]').textContent).toBe('Mettre à jour');
    expect(translate('fr', 'skip.rejected')).not.toBe(translate('en', 'skip.rejected'));
  });
});
