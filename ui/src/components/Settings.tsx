// Settings: interface language, the catalog's publisher (the default one,
// built in, or another's address and public key; the last publication
// applied; remove it or take the default back), the model server (presets
// and a Test button, in ModelSettings), secrets (never read back, only where
// they live) and per-agent folder overrides.
import { useEffect, useState } from 'preact/hooks';
import {
  api,
  toApiError,
  type Agent,
  type ApiError,
  type Lang,
  type PublisherChoice,
  type SecretName,
  type Settings as SettingsData,
} from '../api';
import { useT } from '../i18n';
import { app, refreshInfo, setLang } from '../state';
import { useStore } from '../store';
import { ErrorBox, fmtDate, Note } from './common';
import { ModelSettings } from './ModelSettings';

export function Settings() {
  const t = useT();
  const [settings, setSettings] = useState<SettingsData | null>(null);
  const [agents, setAgents] = useState<Agent[]>([]);
  const [language, setLanguage] = useState<Lang | ''>('');
  const [modelUrl, setModelUrl] = useState('');
  const [modelName, setModelName] = useState('');
  // The model key as typed under Secrets, before it is saved: Test sends it.
  const [modelKey, setModelKey] = useState('');
  const [snapshotUrl, setSnapshotUrl] = useState('');
  const [snapshotKey, setSnapshotKey] = useState('');
  const [folders, setFolders] = useState<Record<string, string>>({});
  const [error, setError] = useState<ApiError | null>(null);
  const [saved, setSaved] = useState(false);

  const load = (s: SettingsData) => {
    setSettings(s);
    setLanguage(s.language ?? '');
    setModelUrl(s.model_url ?? '');
    setModelName(s.model_name ?? '');
    setSnapshotUrl(s.snapshot_url ?? '');
    setSnapshotKey(s.snapshot_key ?? '');
    setFolders({ ...s.agent_folders });
  };

  useEffect(() => {
    api.getSettings().then(load, (e) => setError(toApiError(e)));
    api.agents().then(setAgents, () => setAgents([]));
  }, []);

  const save = async () => {
    setError(null);
    setSaved(false);
    const agent_folders: Record<string, string> = {};
    for (const [k, v] of Object.entries(folders)) if (v.trim()) agent_folders[k] = v.trim();
    try {
      const s = await api.saveSettings({
        language: language || null,
        model_url: modelUrl.trim() || null,
        model_name: modelName.trim() || null,
        agent_folders,
        snapshot_url: snapshotUrl.trim() || null,
        snapshot_key: snapshotKey.trim() || null,
        // Changed by their own commands only; sent as they are.
        default_publisher_removed: settings?.default_publisher_removed ?? false,
        catalog_offer_declined: settings?.catalog_offer_declined ?? false,
      });
      load(s);
      setSaved(true);
      // "Follow the system" is resolved by the shell: ask it which one that is.
      const lang = s.language ?? (await refreshInfo())?.language ?? 'en';
      setLang(lang);
      void refreshInfo();
    } catch (e) {
      setError(toApiError(e));
    }
  };

  if (!settings) {
    return (
      <div class="settings-screen">
        <h1>{t('settings.title')}</h1>
        <ErrorBox error={error} />
        {!error && <p class="hint">{t('common.loading')}</p>}
      </div>
    );
  }

  return (
    <div class="settings-screen">
      <h1>{t('settings.title')}</h1>
      <div class="form">
        <label>
          {t('settings.language')}
          <select id="settings-language" value={language} onChange={(e) => setLanguage((e.target as HTMLSelectElement).value as Lang | '')}>
            <option value="">{t('settings.langSystem')}</option>
            <option value="en">English</option>
            <option value="fr">Français</option>
          </select>
        </label>

        <fieldset class="snapshot">
          <legend>{t('settings.snapshot')}</legend>
          <p class="hint">{t('settings.snapshotHint')}</p>
          <PublisherInfo
            settings={settings}
            onChange={(s) => {
              load(s);
              void refreshInfo();
            }}
            onError={setError}
          />
          <label>
            {t('settings.snapshotUrl')}
            <input
              id="settings-snapshot-url"
              value={snapshotUrl}
              placeholder="https://skills.example.org/snapshot"
              onInput={(e) => setSnapshotUrl((e.target as HTMLInputElement).value)}
            />
          </label>
          <label>
            {t('settings.snapshotKey')}
            <input
              id="settings-snapshot-key"
              value={snapshotKey}
              placeholder="RWQ…"
              spellcheck={false}
              autocomplete="off"
              onInput={(e) => setSnapshotKey((e.target as HTMLInputElement).value)}
            />
          </label>
          <p class="hint">{t('settings.snapshotKeyHint')}</p>
        </fieldset>

        <ModelSettings
          url={modelUrl}
          name={modelName}
          keyDraft={modelKey}
          keyPlace={settings.secrets?.model_key ?? 'none'}
          onUrl={setModelUrl}
          onName={setModelName}
        />

        <fieldset>
          <legend>{t('settings.folders')}</legend>
          <p class="hint">{t('settings.foldersHint')}</p>
          {agents.map((a) => (
            <label key={a.name}>
              {a.name}
              <input
                data-agent={a.name}
                value={folders[a.name] ?? ''}
                placeholder={a.default_folder}
                onInput={(e) => {
                  const v = (e.target as HTMLInputElement).value;
                  setFolders((f) => ({ ...f, [a.name]: v }));
                }}
              />
            </label>
          ))}
        </fieldset>

        <div class="actions">
          <button class="primary" data-testid="settings-save" onClick={save}>
            {t('settings.save')}
          </button>
          {saved && (
            <span class="ok" role="status" data-testid="settings-saved">
              {t('settings.saved')}
            </span>
          )}
        </div>
      </div>

      <ErrorBox error={error} />

      <fieldset class="secrets">
        <legend>{t('settings.secrets')}</legend>
        {!settings.keyring && (
          <Note kind="warn" testid="no-keyring">
            {t('settings.noKeyring')}
          </Note>
        )}
        <SecretField name="model_key" settings={settings} onChange={load} onError={setError} value={modelKey} onValue={setModelKey} />
        <SecretField name="github_token" settings={settings} onChange={load} onError={setError} />
      </fieldset>
    </div>
  );
}

function SecretField({
  name,
  settings,
  onChange,
  onError,
  value: shared,
  onValue,
}: {
  name: SecretName;
  settings: SettingsData;
  onChange: (s: SettingsData) => void;
  onError: (e: ApiError | null) => void;
  /** The typed value, when the parent needs it too (the model's Test). */
  value?: string;
  onValue?: (v: string) => void;
}) {
  const t = useT();
  const [own, setOwn] = useState('');
  const value = shared ?? own;
  const setValue = onValue ?? setOwn;
  const place = settings.secrets?.[name] ?? 'none';
  const id = name === 'model_key' ? 'settings-model-key' : 'settings-github-token';
  const set = (v: string | null) => {
    onError(null);
    api.setSecret(name, v).then(
      (s) => {
        setValue('');
        onChange(s);
      },
      (e) => onError(toApiError(e)),
    );
  };
  return (
    <div class="secret" data-secret={name}>
      <label for={id}>{t(`secret.${name}`)}</label>
      <div class="row">
        <input
          id={id}
          class="grow"
          type="password"
          autocomplete="off"
          value={value}
          onInput={(e) => setValue((e.target as HTMLInputElement).value)}
        />
        <button data-testid={`${id}-set`} disabled={!value} onClick={() => set(value)}>
          {t('secret.save')}
        </button>
        <button data-testid={`${id}-forget`} disabled={place === 'none' || place === 'environment'} onClick={() => set(null)}>
          {t('secret.forget')}
        </button>
      </div>
      <p class="hint" data-testid={`${id}-place`} data-place={place}>
        {t(`secret.place.${place}`)}
      </p>
    </div>
  );
}

/** The publisher the snapshot source takes, its last publication applied, and the choices: remove it, or the default again. */
function PublisherInfo({
  settings,
  onChange,
  onError,
}: {
  settings: SettingsData;
  onChange: (s: SettingsData) => void;
  onError: (e: ApiError | null) => void;
}) {
  const t = useT();
  const { lang } = useStore(app);
  const p = settings.publisher ?? null;
  const d = settings.default_publisher ?? null;
  const choose = (choice: PublisherChoice) => {
    onError(null);
    api.setPublisher(choice).then(onChange, (e) => onError(toApiError(e)));
  };
  const applied = settings.last_applied ?? null;
  return (
    <div class="publisher" data-testid="publisher" data-origin={p?.origin ?? 'none'}>
      {p ? (
        <p data-testid="publisher-current">
          <strong>{t('settings.publisher')}</strong> <code>{p.address}</code> —{' '}
          {p.key_id ? t('settings.publisherKey', { key: p.key_id }) : t('settings.publisherNoKey')} ({t(`settings.origin.${p.origin}`)})
        </p>
      ) : (
        <Note kind="warn" testid="publisher-none">
          {t('settings.noPublisher')}
        </Note>
      )}
      {p && (
        <p class="hint" data-testid="publisher-applied">
          {applied
            ? t('settings.lastApplied', { n: applied.sequence, date: fmtDate(applied.published_at, lang) ?? '' })
            : t('settings.noneApplied')}
        </p>
      )}
      {settings.publisher_error && <Note kind="warn">{settings.publisher_error}</Note>}
      <p class="hint" data-testid="publisher-default">
        {d ? t('settings.defaultPublisher', { address: d.address, key: d.key_id }) : t('settings.defaultOff')}
      </p>
      <div class="row">
        {p && (
          <button data-testid="publisher-remove" onClick={() => choose('none')}>
            {t('settings.removePublisher')}
          </button>
        )}
        {d && (!p || p.origin === 'custom') && (
          <button data-testid="publisher-default-again" onClick={() => choose('default')}>
            {t('settings.useDefault')}
          </button>
        )}
      </div>
      <p class="hint">{t('settings.replaceHint')}</p>
    </div>
  );
}
