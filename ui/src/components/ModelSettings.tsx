// Settings → the language model: one-click presets that fill the server's
// address, the address and model fields, and a Test button that asks the
// shell to check the server the form names now (check_model) and says, in
// plain words, what works. Everything in the report that the server sent
// (model names, its error messages, the sample title) is shown as text only.
import { useEffect, useRef, useState } from 'preact/hooks';
import { api, toApiError, type ApiError, type ModelCheck, type SecretPlace, type ServerKind } from '../api';
import { useT, type Key, type T } from '../i18n';
import { app } from '../state';
import { useStore } from '../store';
import { fmtNumber } from './common';

export type PresetId = 'ollama' | 'llama-cpp' | 'lm-studio' | 'deepseek';

/** The usual addresses of the servers people run, and DeepSeek's API (the default). */
export const PRESETS: { id: PresetId; url: string }[] = [
  { id: 'ollama', url: 'http://127.0.0.1:11434/v1' },
  { id: 'llama-cpp', url: 'http://127.0.0.1:8080/v1' },
  { id: 'lm-studio', url: 'http://127.0.0.1:1234/v1' },
  { id: 'deepseek', url: 'https://api.deepseek.com' },
];

const DEEPSEEK_MODEL = 'deepseek-chat';
/** At most this many model ids are named in the report (the picker has them all). */
const NAMED_MODELS = 12;

/** Product names are the same in every language. */
const PRODUCTS: Partial<Record<ServerKind | PresetId, string>> = { ollama: 'Ollama', 'lm-studio': 'LM Studio', vllm: 'vLLM', deepseek: 'DeepSeek' };

function presetOf(url: string): PresetId | null {
  const u = url.trim().replace(/\/+$/, '');
  return PRESETS.find((p) => p.url === u)?.id ?? null;
}

function kindName(t: T, kind: ServerKind): string {
  return PRODUCTS[kind] ?? t(`model.kind.${kind as 'llama-cpp' | 'other'}`);
}

function presetName(t: T, id: PresetId): string {
  if (id === 'llama-cpp') return t('model.kind.llama-cpp');
  if (id === 'deepseek') return t('model.preset.deepseek');
  return PRODUCTS[id]!;
}

export function ModelSettings({
  url,
  name,
  keyDraft,
  keyPlace,
  onUrl,
  onName,
}: {
  url: string;
  name: string;
  /** The model key typed under Secrets and not saved yet. */
  keyDraft: string;
  keyPlace: SecretPlace;
  onUrl: (v: string) => void;
  onName: (v: string) => void;
}) {
  const t = useT();
  const urlInput = useRef<HTMLInputElement>(null);
  // "Other" chosen on purpose stays chosen while the address is typed.
  const [other, setOther] = useState(false);
  const [testing, setTesting] = useState(false);
  const [report, setReport] = useState<ModelCheck | null>(null);
  const [failure, setFailure] = useState<ApiError | null>(null);
  const region = useRef<HTMLDivElement>(null);

  // A report that arrives below the fold is brought into view (as little
  // as needed); the live region also reads it out.
  useEffect(() => {
    if (report || failure) region.current?.querySelector<HTMLElement>('[data-testid="model-report"]')?.scrollIntoView?.({ block: 'nearest' });
  }, [report, failure]);

  const matched = presetOf(url);
  // No address and a key: the DeepSeek API is what will be used.
  const current: PresetId | 'other' | null = other
    ? 'other'
    : (matched ?? (url.trim() ? 'other' : keyPlace !== 'none' ? 'deepseek' : null));

  const choose = (id: PresetId | 'other') => {
    if (id === 'other') {
      setOther(true);
      if (matched) onUrl('');
      urlInput.current?.focus();
      return;
    }
    setOther(false);
    onUrl(PRESETS.find((p) => p.id === id)!.url);
    // A DeepSeek model name means nothing to a local server, and the reverse.
    const deepseekName = name.trim().startsWith('deepseek');
    if (id === 'deepseek' && !deepseekName) onName(DEEPSEEK_MODEL);
    if (id !== 'deepseek' && deepseekName) onName('');
  };

  const test = async () => {
    setTesting(true);
    setFailure(null);
    setReport(null);
    try {
      setReport(
        await api.checkModel({
          model_url: url.trim() || null,
          model_name: name.trim() || null,
          model_key: keyDraft.trim() || null,
        }),
      );
    } catch (e) {
      setFailure(toApiError(e));
    } finally {
      setTesting(false);
    }
  };

  const models = report?.server.models ?? [];

  return (
    <fieldset class="model-settings">
      <legend>{t('settings.model')}</legend>
      <div class="presets" role="radiogroup" aria-labelledby="model-presets-label">
        <span id="model-presets-label" class="presets-label">
          {t('model.presets')}
        </span>
        {PRESETS.map((p) => (
          <label class="preset" key={p.id}>
            <input type="radio" name="model-preset" data-preset={p.id} checked={current === p.id} onChange={() => choose(p.id)} />
            <span class="preset-name">{presetName(t, p.id)}</span>
            <span class="preset-url">{p.url.replace(/^https?:\/\//, '')}</span>
          </label>
        ))}
        <label class="preset">
          <input type="radio" name="model-preset" data-preset="other" checked={current === 'other'} onChange={() => choose('other')} />
          <span class="preset-name">{t('model.preset.other')}</span>
        </label>
      </div>
      {current === 'deepseek' && keyPlace === 'none' && !keyDraft.trim() && (
        <p class="hint" data-testid="model-needs-key">
          {t('model.deepseekKey')}
        </p>
      )}
      <label>
        {t('settings.modelUrl')}
        <input
          id="settings-model-url"
          ref={urlInput}
          value={url}
          placeholder="https://api.deepseek.com"
          spellcheck={false}
          autocomplete="off"
          onInput={(e) => onUrl((e.target as HTMLInputElement).value)}
        />
      </label>
      <label>
        {t('settings.modelName')}
        <input
          id="settings-model-name"
          value={name}
          placeholder={DEEPSEEK_MODEL}
          spellcheck={false}
          autocomplete="off"
          onInput={(e) => onName((e.target as HTMLInputElement).value)}
        />
      </label>
      {models.length > 0 && (
        <label>
          {t('model.pick')}
          <select id="settings-model-pick" value={models.includes(name.trim()) ? name.trim() : ''} onChange={(e) => onName((e.target as HTMLSelectElement).value)}>
            <option value="" disabled>
              {t('model.pickPrompt', { n: models.length })}
            </option>
            {models.map((m) => (
              <option key={m} value={m}>
                {m}
              </option>
            ))}
          </select>
        </label>
      )}
      <div class="actions">
        <button data-testid="model-test" aria-busy={testing} aria-describedby="model-test-hint" disabled={testing} onClick={test}>
          {testing ? t('model.testing') : t('model.test')}
        </button>
        <span id="model-test-hint" class="hint">
          {t('model.testHint')}
        </span>
      </div>
      <div id="model-report" ref={region} class="model-report-region" aria-live="polite" data-testid="model-report-region">
        {testing && (
          <p class="hint" data-testid="model-testing">
            {t('model.testingLong')}
          </p>
        )}
        {failure && (
          <div class="banner banner-error" data-testid="model-report" data-ok="false" data-kind={failure.kind}>
            <strong>{t(failure.kind === 'bad_input' ? 'model.badInput' : 'model.fails')}</strong> {failure.message}
          </div>
        )}
        {report && <Report report={report} />}
      </div>
    </fieldset>
  );
}

function Report({ report: r }: { report: ModelCheck }) {
  const t = useT();
  const { lang } = useStore(app);
  const n = (v: number) => fmtNumber(v, lang);
  const decimal = (v: number) => v.toLocaleString(lang, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  // Under a second in milliseconds, so a quick answer does not read "0.0 s".
  const time = (secs: number) => (secs < 1 ? `${n(Math.max(1, Math.round(secs * 1000)))} ms` : `${decimal(secs)} s`);
  const s = r.server;
  const models = s.models;
  const a = r.answer;
  const cut = r.card_chars < r.card_chars_full || r.audit_chars < r.audit_chars_full;
  const format: Key | null = a ? `model.format.${a.response_format}` : null;

  return (
    <div class={`model-report ${r.ok ? 'works' : 'fails'}`} data-testid="model-report" data-ok={String(r.ok)}>
      <p class={`banner ${r.ok ? 'banner-ok' : 'banner-error'}`} data-testid="model-verdict">
        <strong>{r.ok ? t('model.works') : t('model.fails')}</strong>
        {!r.ok && r.error && (
          <>
            {' '}
            <span data-testid="model-error" class="model-error">
              {r.error}
            </span>
          </>
        )}
      </p>
      {/* Said only when it matters: the server did not answer without it. */}
      {r.key_withheld && !r.ok && (
        <p class="note note-warn" data-testid="model-key-withheld">
          {t('model.keyWithheld')}
        </p>
      )}
      <dl class="model-facts">
        <dt>{t('model.server')}</dt>
        <dd data-testid="model-kind" data-kind={s.kind}>
          {t('model.serverAt', { kind: kindName(t, s.kind), url: r.url })}
        </dd>

        <dt>{t('model.models')}</dt>
        <dd data-testid="model-models">
          {models == null
            ? s.models_error
              ? t('model.modelsError', { error: s.models_error })
              : t('model.modelsUnknown')
            : models.length === 0
              ? t('model.modelsNone')
              : models.length > NAMED_MODELS
                ? t('model.modelsMore', { list: models.slice(0, NAMED_MODELS).join(', '), n: n(models.length - NAMED_MODELS) })
                : models.join(', ')}
        </dd>

        <dt>{t('model.model')}</dt>
        <dd data-testid="model-listed" data-listed={String(r.model_listed)}>
          {r.model}
          {r.model_listed === true && ` — ${t('model.listed')}`}
          {r.model_listed === false && <span class="warn-text"> — {t(models && models.length > 0 ? 'model.notListedPick' : 'model.notListed')}</span>}
        </dd>

        <dt>{t('model.context')}</dt>
        <dd data-testid="model-context" data-tokens={s.context_tokens ?? ''}>
          {s.context_tokens != null
            ? s.context_source
              ? t('model.contextFrom', { n: n(s.context_tokens), source: s.context_source })
              : t('model.contextTokens', { n: n(s.context_tokens) })
            : t('model.contextUnknown')}
        </dd>

        <dt>{t('model.reads')}</dt>
        <dd data-testid="model-reads" data-cut={String(cut)}>
          {cut
            ? t('model.readsCut', { card: n(r.card_chars), cardFull: n(r.card_chars_full), audit: n(r.audit_chars), auditFull: n(r.audit_chars_full) })
            : t('model.readsFull', { card: n(r.card_chars), audit: n(r.audit_chars) })}
        </dd>

        <dt>{t('model.concurrency')}</dt>
        <dd data-testid="model-concurrency">
          {n(r.concurrency)}
          {s.slots != null && ` ${t(s.slots === 1 ? 'model.slots.one' : 'model.slots.other', { n: n(s.slots) })}`}
        </dd>

        {a && format && (
          <>
            <dt>{t('model.structured')}</dt>
            <dd data-testid="model-format" data-format={a.response_format}>
              {t(format)}
            </dd>

            <dt>{t('model.speed')}</dt>
            <dd data-testid="model-speed">
              {a.tokens_per_second != null
                ? t('model.speedTokens', { tps: decimal(a.tokens_per_second), time: time(a.seconds) })
                : t('model.speedSeconds', { time: time(a.seconds) })}
              {a.attempts > 1 && ` ${t('model.attempts', { n: n(a.attempts) })}`}
            </dd>

            <dt>{t('model.sample')}</dt>
            <dd data-testid="model-title" class="model-title">
              “{a.title}”
            </dd>
          </>
        )}
      </dl>
    </div>
  );
}
