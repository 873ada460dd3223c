import { describe, expect, it } from 'vitest';
import type { Settings } from '../src/api';
import { dictionaries } from '../src/i18n';
import { $, backend, choose, click, fail, info, mountApp, must, settings, settle, type, waitFor } from './helpers';

const AGENTS = [{ name: 'claude-code', present: true, user_folder: '/home/u/.claude/skills', default_folder: '/home/u/.claude/skills', project_folder: '.claude/skills' }];

describe('language', () => {
  it('starts in the language app_info gives, and sets <html lang>', async () => {
    backend({ app_info: () => info({ language: 'fr' }) });
    await mountApp();
    await waitFor(() => must('[data-nav="settings"]').textContent === 'Réglages');
    expect(document.documentElement.lang).toBe('fr');
    expect(must('[data-nav="search"]').textContent).toBe('Recherche');
    expect((must('#search') as HTMLInputElement).placeholder).toContain('Chercher');
  });

  it('switching to French in Settings saves it and re-renders everything at once', async () => {
    let stored: Settings = settings();
    const b = backend({
      get_settings: () => stored,
      agents: () => AGENTS,
      save_settings: ({ settings: s }) => (stored = { ...stored, ...s }),
    });
    await mountApp();
    click(must('[data-nav="settings"]'));
    await waitFor(() => $('#settings-language'));
    expect(document.documentElement.lang).toBe('en');
    choose(must('#settings-language'), 'fr');
    type(must('#settings-model-url'), 'http://127.0.0.1:11434/v1');
    type(must('[data-agent="claude-code"]'), '/custom/skills');
    await settle(20);
    click(must('[data-testid="settings-save"]'));
    await waitFor(() => document.documentElement.lang === 'fr');
    expect(b.callsOf('save_settings')[0].settings).toEqual({
      language: 'fr',
      model_url: 'http://127.0.0.1:11434/v1',
      model_name: null,
      agent_folders: { 'claude-code': '/custom/skills' },
      snapshot_url: null,
      snapshot_key: null,
      default_publisher_removed: false,
      catalog_offer_declined: false,
    });
    await waitFor(() => must('[data-nav="search"]').textContent === 'Recherche');
    expect(must('.settings-screen h1').textContent).toBe('Réglages');
    expect(must('[data-testid="settings-save"]').textContent).toBe('Enregistrer');
  });

  it('"same as the system" saves null and asks the shell which language that is', async () => {
    let lang: 'en' | 'fr' = 'fr';
    const b = backend({
      app_info: () => info({ language: lang }),
      get_settings: () => settings({ language: 'fr' }),
      save_settings: ({ settings: s }) => {
        lang = 'en';
        return settings(s);
      },
    });
    await mountApp();
    await waitFor(() => document.documentElement.lang === 'fr');
    click(must('[data-nav="settings"]'));
    await waitFor(() => $('#settings-language'));
    choose(must('#settings-language'), '');
    await settle(20);
    click(must('[data-testid="settings-save"]'));
    await waitFor(() => document.documentElement.lang === 'en');
    expect(b.callsOf('save_settings')[0].settings.language).toBeNull();
    expect(must('[data-nav="settings"]').textContent).toBe('Settings');
  });

  it('has a complete French dictionary, different from the English one', () => {
    const { en, fr } = dictionaries;
    const keys = Object.keys(en);
    expect(Object.keys(fr).sort()).toEqual([...keys].sort());
    const untranslated = keys.filter((k) => fr[k as keyof typeof fr] === en[k as keyof typeof en] && /[a-z]{4,}/.test(en[k as keyof typeof en]));
    // Words that are the same in both languages.
    const same = new Set(['card.description', 'tab.source', 'content.source', 'score.structure', 'score.total', 'check.instructions', 'sync.sources', 'sync.options', 'settings.secrets', 'install.agent', 'nav.skills.one', 'nav.skills.other', 'search.count.one', 'search.count.other']);
    expect(untranslated.filter((k) => !same.has(k))).toEqual([]);
  });
});

describe('catalog snapshot', () => {
  it('shows the saved address and key, and sends both on save', async () => {
    let stored: Settings = settings({ snapshot_url: 'https://old.example.org/snapshot', snapshot_key: 'RWQold' });
    const b = backend({
      get_settings: () => stored,
      save_settings: ({ settings: s }) => (stored = { ...stored, ...s }),
    });
    await mountApp();
    click(must('[data-nav="settings"]'));
    await waitFor(() => $('#settings-snapshot-url'));
    expect((must('#settings-snapshot-url') as HTMLInputElement).value).toBe('https://old.example.org/snapshot');
    expect((must('#settings-snapshot-key') as HTMLInputElement).value).toBe('RWQold');
    // The key is public: a plain field, with hints saying what both are.
    expect((must('#settings-snapshot-key') as HTMLInputElement).type).not.toBe('password');
    const group = must('fieldset.snapshot').textContent!;
    expect(group).toContain('Catalog snapshot');
    expect(group).toContain('someone you trust has crawled and verified');
    expect(group).toContain('starting with RWQ');

    type(must('#settings-snapshot-url'), '  /mnt/share/snapshot ');
    type(must('#settings-snapshot-key'), 'RWQnewkey\n');
    await settle(20);
    click(must('[data-testid="settings-save"]'));
    await waitFor(() => b.callsOf('save_settings').length === 1);
    expect(b.callsOf('save_settings')[0].settings).toMatchObject({
      snapshot_url: '/mnt/share/snapshot',
      snapshot_key: 'RWQnewkey',
    });
    await waitFor(() => $('[data-testid="settings-saved"]'));

    // Emptied fields are sent as null (no snapshot).
    type(must('#settings-snapshot-url'), '');
    type(must('#settings-snapshot-key'), ' ');
    await settle(20);
    click(must('[data-testid="settings-save"]'));
    await waitFor(() => b.callsOf('save_settings').length === 2);
    expect(b.callsOf('save_settings')[1].settings).toMatchObject({ snapshot_url: null, snapshot_key: null });
  });

  it('shows a refused address or key as the other fields’ errors are, and keeps what was typed', async () => {
    backend({
      save_settings: () =>
        fail('bad_input', 'the snapshot publisher key: not a minisign public key (expected a line like RWQ…)'),
    });
    await mountApp();
    click(must('[data-nav="settings"]'));
    await waitFor(() => $('#settings-snapshot-key'));
    type(must('#settings-snapshot-key'), 'garbage');
    await settle(20);
    click(must('[data-testid="settings-save"]'));
    await waitFor(() => $('.settings-screen [data-testid="error"]'));
    const error = must('.settings-screen [data-testid="error"]');
    expect(error.dataset.kind).toBe('bad_input');
    expect(error.textContent).toContain('not a minisign public key');
    expect((must('#settings-snapshot-key') as HTMLInputElement).value).toBe('garbage');
    expect($('[data-testid="settings-saved"]')).toBeNull();
  });
});

describe('secrets', () => {
  it('says where each secret lives and that without a keyring they last only this session', async () => {
    const b = backend({
      get_settings: () => settings({ keyring: false, secrets: { github_token: 'environment', model_key: 'session' } }),
      set_secret: ({ name, value }) => settings({ keyring: false, secrets: { github_token: 'environment', model_key: value ? 'session' : 'none' }, ...(name ? {} : {}) }),
    });
    await mountApp();
    click(must('[data-nav="settings"]'));
    await waitFor(() => $('[data-testid="no-keyring"]'));
    expect(must('[data-testid="no-keyring"]').textContent).toContain('only for this session');
    expect(must('[data-testid="settings-model-key-place"]').textContent).toContain('this session only');
    expect(must('[data-testid="settings-github-token-place"]').textContent).toContain('environment variable');
    expect((must('#settings-model-key') as HTMLInputElement).type).toBe('password');

    type(must('#settings-model-key'), 'sk-secret');
    await waitFor(() => !(must('[data-testid="settings-model-key-set"]') as HTMLButtonElement).disabled);
    click(must('[data-testid="settings-model-key-set"]'));
    await waitFor(() => b.callsOf('set_secret').length === 1);
    expect(b.callsOf('set_secret')[0]).toEqual({ name: 'model_key', value: 'sk-secret' });
    await waitFor(() => (must('#settings-model-key') as HTMLInputElement).value === '');

    click(must('[data-testid="settings-model-key-forget"]'));
    await waitFor(() => b.callsOf('set_secret').length === 2);
    expect(b.callsOf('set_secret')[1]).toEqual({ name: 'model_key', value: null });
    await waitFor(() => must('[data-testid="settings-model-key-place"]').dataset.place === 'none');
  });
});
