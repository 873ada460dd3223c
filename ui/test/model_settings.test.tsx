import { describe, expect, it } from 'vitest';
import type { ModelCheck } from '../src/api';
import { $, $$, backend, choose, click, deferred, fail, info, mountApp, must, settings, settle, type, waitFor } from './helpers';

/** A check_model answer shaped like IPC.md's: a llama.cpp server that works. */
function check(over: Partial<ModelCheck> = {}): ModelCheck {
  return {
    url: 'http://127.0.0.1:8080/v1',
    model: 'qwen3-8b',
    server: {
      kind: 'llama-cpp',
      models: ['qwen3-8b'],
      context_tokens: 4096,
      context_source: 'llama.cpp /props n_ctx',
      slots: 1,
      slots_source: 'llama.cpp /props total_slots',
    },
    model_listed: true,
    concurrency: 1,
    card_chars: 4000,
    audit_chars: 5200,
    card_chars_full: 4000,
    audit_chars_full: 40000,
    answer: {
      response_format: 'json_schema',
      seconds: 1.25,
      attempts: 1,
      prompt_tokens: 420,
      completion_tokens: 30,
      tokens_per_second: 24,
      title: 'Changelog writer',
    },
    error: null,
    ok: true,
    key: 'none',
    key_withheld: false,
    ...over,
  };
}

async function openSettings(): Promise<void> {
  await mountApp();
  click(must('[data-nav="settings"]'));
  await waitFor(() => $('#settings-model-url'));
}

const url = () => (must('#settings-model-url') as HTMLInputElement).value;
const modelName = () => (must('#settings-model-name') as HTMLInputElement).value;
const preset = (id: string) => must(`input[data-preset="${id}"]`) as HTMLInputElement;

describe('the model presets', () => {
  it('fill the address in one click, and the saved settings send it', async () => {
    const b = backend({ save_settings: ({ settings: s }) => settings(s) });
    await openSettings();
    // Five choices, one radio group, each with its own label.
    expect($$('[role="radiogroup"] input[type="radio"]').map((r) => r.dataset.preset)).toEqual(['ollama', 'llama-cpp', 'lm-studio', 'deepseek', 'other']);
    expect(must('[role="radiogroup"]').textContent).toContain('llama.cpp server');
    expect(must('[role="radiogroup"]').textContent).toContain('Other OpenAI-compatible address');

    click(preset('ollama'));
    await waitFor(() => url() === 'http://127.0.0.1:11434/v1');
    expect(preset('ollama').checked).toBe(true);
    click(preset('llama-cpp'));
    await waitFor(() => url() === 'http://127.0.0.1:8080/v1');
    click(preset('lm-studio'));
    await waitFor(() => url() === 'http://127.0.0.1:1234/v1');
    // DeepSeek: its API and its model name.
    click(preset('deepseek'));
    await waitFor(() => url() === 'https://api.deepseek.com');
    expect(modelName()).toBe('deepseek-chat');
    // A local server again: the DeepSeek model name goes (the Test lists the server's).
    click(preset('ollama'));
    await waitFor(() => url() === 'http://127.0.0.1:11434/v1');
    expect(modelName()).toBe('');

    // Other: a free address, typed; the focus goes to the field.
    click(preset('other'));
    await waitFor(() => url() === '');
    expect(document.activeElement).toBe(must('#settings-model-url'));
    expect(preset('other').checked).toBe(true);
    type(must('#settings-model-url'), 'http://10.0.0.5:8000/v1');
    await settle(20);
    expect(preset('other').checked).toBe(true);

    click(preset('llama-cpp'));
    await waitFor(() => url() === 'http://127.0.0.1:8080/v1');
    click(must('[data-testid="settings-save"]'));
    await waitFor(() => b.callsOf('save_settings').length === 1);
    expect(b.callsOf('save_settings')[0].settings.model_url).toBe('http://127.0.0.1:8080/v1');
  });

  it('show the saved address as its preset', async () => {
    backend({ get_settings: () => settings({ model_url: 'http://127.0.0.1:1234/v1/' }) });
    await openSettings();
    expect(preset('lm-studio').checked).toBe(true);
  });

  it('show DeepSeek when only a key is set (no address: its API is used)', async () => {
    backend({ get_settings: () => settings({ secrets: { github_token: 'none', model_key: 'keyring' } }) });
    await openSettings();
    expect(preset('deepseek').checked).toBe(true);
    expect($('[data-testid="model-needs-key"]')).toBeNull();
  });

  it('ask for the DeepSeek key when it is missing', async () => {
    backend({ get_settings: () => settings({ secrets: { github_token: 'none', model_key: 'none' } }) });
    await openSettings();
    expect($$('input[name="model-preset"]').some((r) => (r as HTMLInputElement).checked)).toBe(false);
    click(preset('deepseek'));
    await waitFor(() => $('[data-testid="model-needs-key"]'));
    expect(must('[data-testid="model-needs-key"]').textContent).toContain('API key');
  });
});

describe('the Test button', () => {
  it('checks the form as typed, busy meanwhile, then says what works in plain words', async () => {
    const answer = deferred<ModelCheck>();
    const b = backend({ check_model: () => answer.promise });
    await openSettings();
    click(preset('llama-cpp'));
    type(must('#settings-model-name'), ' qwen3-8b ');
    type(must('#settings-model-key'), 'sk-typed-not-saved');
    await settle(20);
    const live = must('[data-testid="model-report-region"]');
    expect(live.getAttribute('aria-live')).toBe('polite');

    const button = must('[data-testid="model-test"]') as HTMLButtonElement;
    expect(button.textContent).toBe('Test');
    click(button);
    await waitFor(() => b.callsOf('check_model').length === 1);
    expect(b.callsOf('check_model')[0]).toEqual({
      request: { model_url: 'http://127.0.0.1:8080/v1', model_name: 'qwen3-8b', model_key: 'sk-typed-not-saved' },
    });
    // Nothing was saved by testing.
    expect(b.callsOf('save_settings')).toEqual([]);
    expect(b.callsOf('set_secret')).toEqual([]);
    await waitFor(() => button.disabled);
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(button.textContent).toBe('Testing…');
    expect(must('[data-testid="model-testing"]').textContent).toContain('short answer');

    answer.resolve(check());
    const report = await waitFor(() => $('[data-testid="model-report"]'));
    expect(live.contains(report)).toBe(true);
    expect(button.disabled).toBe(false);
    expect(button.getAttribute('aria-busy')).toBe('false');
    expect(report.dataset.ok).toBe('true');
    expect(must('[data-testid="model-verdict"]').textContent).toBe('It works: this model can read skills.');
    expect(must('[data-testid="model-kind"]').textContent).toBe('llama.cpp server at http://127.0.0.1:8080/v1');
    expect(must('[data-testid="model-models"]').textContent).toBe('qwen3-8b');
    expect(must('[data-testid="model-listed"]').textContent).toBe('qwen3-8b — listed by the server');
    expect(must('[data-testid="model-context"]').textContent).toBe('4,096 tokens (from llama.cpp /props n_ctx)');
    // The audit reads less than its full 40,000 characters: said so.
    const reads = must('[data-testid="model-reads"]');
    expect(reads.dataset.cut).toBe('true');
    expect(reads.textContent).toBe(
      'only the first 4,000 characters (of 4,000) for the card and 5,200 (of 40,000) for the audit: the context is small, longer skills are cut',
    );
    expect(must('[data-testid="model-concurrency"]').textContent).toBe('1 (the server has 1 slot)');
    expect(must('[data-testid="model-format"]').textContent).toBe('works (JSON schema)');
    expect(must('[data-testid="model-speed"]').textContent).toBe('24.0 tokens/s (1.3 s for a short answer)');
    expect(must('[data-testid="model-title"]').textContent).toBe('“Changelog writer”');
    expect($('[data-testid="model-key-withheld"]')).toBeNull();
  });

  it('says when the whole skill is read, and which fallback worked', async () => {
    backend({
      check_model: () =>
        check({
          server: { kind: 'other', models: [], context_tokens: null, context_source: null, slots: null, slots_source: null },
          model_listed: false,
          concurrency: 4,
          card_chars: 4000,
          audit_chars: 40000,
          answer: { ...check().answer!, response_format: 'json_object', tokens_per_second: null, attempts: 2, seconds: 0.0042 },
        }),
    });
    await openSettings();
    click(must('[data-testid="model-test"]'));
    await waitFor(() => $('[data-testid="model-report"]'));
    expect(must('[data-testid="model-kind"]').textContent).toContain('OpenAI-compatible server');
    expect(must('[data-testid="model-models"]').textContent).toBe('none');
    expect(must('[data-testid="model-listed"]').textContent).toContain('not listed by the server');
    expect(must('[data-testid="model-context"]').textContent).toContain('unknown');
    expect(must('[data-testid="model-reads"]').dataset.cut).toBe('false');
    expect(must('[data-testid="model-reads"]').textContent).toBe('all of it, up to 4,000 characters for the card and 40,000 for the audit');
    expect(must('[data-testid="model-concurrency"]').textContent).toBe('4');
    expect(must('[data-testid="model-format"]').textContent).toBe('JSON schema refused; JSON mode works');
    expect(must('[data-testid="model-speed"]').textContent).toBe('4 ms for a short answer in 2 attempts');
    // No picker without a list.
    expect($('#settings-model-pick')).toBeNull();
  });

  it('shows a failing server’s error as text, never as HTML', async () => {
    const hostile = '<img src=x onerror="window.__pwned=1"> HTTP 401: invalid key';
    backend({
      check_model: () =>
        check({
          server: { kind: 'other', models: null, models_error: '<b>refused</b>', context_tokens: null, context_source: null, slots: null, slots_source: null },
          model_listed: null,
          answer: null,
          error: hostile,
          ok: false,
          key_withheld: true,
        }),
    });
    await openSettings();
    click(must('[data-testid="model-test"]'));
    const report = await waitFor(() => $('[data-testid="model-report"]'));
    expect(report.dataset.ok).toBe('false');
    expect(must('[data-testid="model-verdict"]').textContent).toContain('It does not work yet:');
    expect(must('[data-testid="model-error"]').textContent).toBe(hostile);
    expect(must('[data-testid="model-models"]').textContent).toBe('it did not list them (<b>refused</b>)');
    expect(report.querySelector('img, b')).toBeNull();
    expect((window as any).__pwned).toBeUndefined();
    // No answer: no format, speed or sample.
    expect($('[data-testid="model-format"]')).toBeNull();
    expect($('[data-testid="model-speed"]')).toBeNull();
    // The saved key was for another address.
    expect(must('[data-testid="model-key-withheld"]').textContent).toContain('not sent');
  });

  it('shows settings the shell refuses, and the button works again', async () => {
    backend({ check_model: () => fail('bad_input', 'the server URL must be http or https, not ftp') });
    await openSettings();
    click(preset('other'));
    type(must('#settings-model-url'), 'ftp://x');
    await settle(20);
    click(must('[data-testid="model-test"]'));
    const report = await waitFor(() => $('[data-testid="model-report"]'));
    expect(report.dataset.ok).toBe('false');
    expect(report.dataset.kind).toBe('bad_input');
    expect(report.textContent).toBe('These settings cannot work: the server URL must be http or https, not ftp');
    expect((must('[data-testid="model-test"]') as HTMLButtonElement).disabled).toBe(false);
  });

  it('offers the server’s models in a picker that sets the model name', async () => {
    const names = ['qwen3:8b', 'llama3.2:3b', '<script>x</script>'];
    const b = backend({
      check_model: () =>
        check({
          url: 'http://127.0.0.1:11434/v1',
          model: 'deepseek-chat',
          server: { kind: 'ollama', models: names, context_tokens: 4096, context_source: "Ollama's default num_ctx", slots: null, slots_source: null },
          model_listed: false,
        }),
      save_settings: ({ settings: s }) => settings(s),
    });
    await openSettings();
    click(preset('ollama'));
    await settle(20);
    click(must('[data-testid="model-test"]'));
    await waitFor(() => $('#settings-model-pick'));
    expect(must('[data-testid="model-kind"]').textContent).toBe('Ollama at http://127.0.0.1:11434/v1');
    expect(must('[data-testid="model-listed"]').textContent).toContain('pick one of its models');
    const pick = must('#settings-model-pick') as HTMLSelectElement;
    // A label names it, the first choice says how many there are.
    expect(pick.closest('label')!.textContent).toContain('Models this server lists');
    expect([...pick.options].map((o) => o.value)).toEqual(['', ...names]);
    expect(pick.options[0].textContent).toBe('Choose one of 3…');
    expect(pick.value).toBe('');
    expect(pick.querySelector('script')).toBeNull();

    choose(pick, 'llama3.2:3b');
    await waitFor(() => modelName() === 'llama3.2:3b');
    expect((must('#settings-model-pick') as HTMLSelectElement).value).toBe('llama3.2:3b');
    click(must('[data-testid="settings-save"]'));
    await waitFor(() => b.callsOf('save_settings').length === 1);
    expect(b.callsOf('save_settings')[0].settings).toMatchObject({ model_url: 'http://127.0.0.1:11434/v1', model_name: 'llama3.2:3b' });
  });

  it('speaks French', async () => {
    backend({ app_info: () => info({ language: 'fr' }), check_model: () => check() });
    await openSettings();
    await waitFor(() => must('[data-testid="model-test"]').textContent === 'Tester');
    click(must('[data-testid="model-test"]'));
    await waitFor(() => $('[data-testid="model-report"]'));
    expect(must('[data-testid="model-verdict"]').textContent).toBe('Ça fonctionne : ce modèle peut lire les skills.');
    expect(must('[data-testid="model-kind"]').textContent).toBe('serveur llama.cpp à l’adresse http://127.0.0.1:8080/v1');
    expect(must('[data-testid="model-format"]').textContent).toBe('fonctionne (schéma JSON)');
    expect(must('[data-testid="model-context"]').textContent).toMatch(/^4\s096 jetons/);
  });
});
