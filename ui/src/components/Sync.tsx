// Filling the catalog: choose sources and local folders, then follow the one
// long job (sync, verify, rebuild) through its progress events.
import { useEffect, useRef, useState } from 'preact/hooks';
import type { Readings, SnapshotStats, Stage, SyncSummary } from '../api';
import { useT } from '../i18n';
import { cancelJob, job, rebuildIndex, startSync, startVerify, type JobState } from '../jobs';
import { app, navigate } from '../state';
import { useStore } from '../store';
import { ErrorBox, fmtBytes, fmtDate, fmtNumber, Note } from './common';
import { UpdateSummary } from './Installed';
import { TransferLine } from './TransferLine';

const PUBLIC = ['awesome', 'registry', 'github'] as const;
type SourceKey = 'snapshot' | (typeof PUBLIC)[number] | 'installed';
// The snapshot first: the one source that needs no token and no model.
const SOURCES: SourceKey[] = ['snapshot', ...PUBLIC, 'installed'];

/**
 * What is ticked before the user touches anything. The choice: with a
 * snapshot address in Settings, the snapshot is ticked and the public
 * sources are not — whoever set one up usually has no GitHub token or model,
 * and the publisher has crawled and verified those sources already. Without
 * an address, the public sources are ticked and the snapshot is unticked
 * (and disabled, see below).
 */
function defaults(snapshot: boolean): Record<SourceKey, boolean> {
  return { snapshot, awesome: !snapshot, registry: !snapshot, github: !snapshot, installed: false };
}

export function Sync({ active }: { active: boolean }) {
  const t = useT();
  const { info, focusFolder } = useStore(app);
  const state = useStore(job);
  // Only what the user changed: the rest follows the defaults, which may
  // change when app_info arrives or the snapshot address is set.
  const [touched, setTouched] = useState<Partial<Record<SourceKey, boolean>>>({});
  const hasSnapshot = !!info?.snapshot;
  const base = defaults(hasSnapshot);
  const checked = (k: SourceKey) => (k === 'snapshot' && !hasSnapshot ? false : (touched[k] ?? base[k]));
  const [folders, setFolders] = useState<string[]>([]);
  const [folderInput, setFolderInput] = useState('');
  const [noLlm, setNoLlm] = useState(false);
  const [limit, setLimit] = useState('');
  const folderBox = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (active && focusFolder > 0) folderBox.current?.focus();
  }, [active, focusFolder]);

  const addFolder = () => {
    const path = folderInput.trim();
    if (path) setFolders((fs) => (fs.includes(path) ? fs : [...fs, path]));
    setFolderInput('');
  };

  const sources = [...SOURCES.filter((k) => checked(k)), ...folders.map((f) => `dir:${f}`)];
  const limitN = Number.parseInt(limit, 10);
  const running = state.running;
  // A job started before this window opened (reported by app_info) also blocks.
  const foreignJob = !running && info?.job ? info.job : null;

  const start = () =>
    startSync({ sources, no_llm: noLlm, limit: Number.isFinite(limitN) && limitN > 0 ? limitN : null });

  return (
    <div class="sync-screen">
      <h1>{t('sync.title')}</h1>
      <div class="sync-grid">
        <fieldset class="sources">
          <legend>{t('sync.sources')}</legend>
          {SOURCES.map((k) => (
            <label key={k} class="check">
              <input
                type="checkbox"
                data-source={k}
                checked={checked(k)}
                disabled={k === 'snapshot' && !hasSnapshot}
                onChange={(e) => {
                  const on = (e.target as HTMLInputElement).checked;
                  setTouched((c) => ({ ...c, [k]: on }));
                }}
              />
              <span>
                {t(`src.${k}`)}
                <span class="hint block">{t(`src.${k}.hint`)}</span>
                {k === 'snapshot' && info?.publisher && (
                  <span class="hint block" data-testid="sync-publisher">
                    {t('src.snapshot.from', { address: info.publisher.address, key: info.publisher.key_id ?? '?' })}
                  </span>
                )}
              </span>
            </label>
          ))}
          {info && !hasSnapshot && (
            <p class="hint" data-testid="sync-no-snapshot">
              {t('sync.noSnapshot')}{' '}
              <button class="link" data-testid="sync-open-settings" onClick={() => navigate({ screen: 'settings' })}>
                {t('sync.openSettings')}
              </button>
            </p>
          )}
          {checked('github') && info && !info.github_token && <Note kind="warn">{t('sync.noToken')}</Note>}
        </fieldset>

        <fieldset class="folders">
          <legend>{t('sync.folders')}</legend>
          <p class="hint">{t('sync.foldersHint')}</p>
          {folders.length > 0 && (
            <ul class="folder-list">
              {folders.map((f) => (
                <li key={f}>
                  <code>{f}</code>
                  <button class="link" data-testid="sync-remove-folder" onClick={() => setFolders((fs) => fs.filter((x) => x !== f))}>
                    {t('sync.remove')}
                  </button>
                </li>
              ))}
            </ul>
          )}
          <div class="row">
            <input
              id="sync-folder"
              ref={folderBox}
              class="grow"
              value={folderInput}
              placeholder="/home/me/skills"
              aria-label={t('sync.folderPath')}
              onInput={(e) => setFolderInput((e.target as HTMLInputElement).value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  addFolder();
                }
              }}
            />
            <button data-testid="sync-add-folder" onClick={addFolder} disabled={!folderInput.trim()}>
              {t('sync.add')}
            </button>
          </div>
        </fieldset>

        <fieldset class="options">
          <legend>{t('sync.options')}</legend>
          <label class="check">
            <input id="sync-no-llm" type="checkbox" checked={noLlm} onChange={(e) => setNoLlm((e.target as HTMLInputElement).checked)} />
            <span>
              {t('sync.noLlm')}
              <span class="hint block">{t('sync.noLlmHint')}</span>
            </span>
          </label>
          {info && !info.model && <Note kind="warn">{t('sync.noModel')}</Note>}
          <label>
            {t('sync.limit')}
            <input id="sync-limit" type="number" min={1} value={limit} placeholder={t('sync.noLimit')} onInput={(e) => setLimit((e.target as HTMLInputElement).value)} />
          </label>
        </fieldset>
      </div>

      <div class="actions">
        <button class="primary" data-testid="sync-start" disabled={running || !!foreignJob || sources.length === 0} onClick={start}>
          {t('sync.start')}
        </button>
        <button
          data-testid="verify-start"
          disabled={running || !!foreignJob}
          onClick={() => startVerify({ ids: [], pending: true, unverified: true, all: false })}
        >
          {t('sync.verify')}
        </button>
        <button data-testid="rebuild-index" disabled={running || !!foreignJob} onClick={() => rebuildIndex()}>
          {t('sync.rebuild')}
        </button>
      </div>

      {foreignJob && (
        <div class="banner banner-busy" role="status">
          {t('sync.otherJob', { job: t(`job.${foreignJob}`) })}{' '}
          <button data-testid="sync-cancel" onClick={() => cancelJob()}>
            {t('common.cancel')}
          </button>
        </div>
      )}
      <JobView state={state} />
    </div>
  );
}

function JobView({ state }: { state: JobState }) {
  const t = useT();
  if (!state.kind) return null;
  const current = state.stages.find((s) => s.stage === state.stage);
  return (
    <section class="job panel" aria-live="polite" data-job={state.kind}>
      <h2>{t(`job.${state.kind}`)}</h2>
      {state.running && (
        <>
          <p id="sync-stage" class="stage">
            {state.cancelling ? t('job.cancelling') : state.stage ? t(`stage.${state.stage}`) : t('job.starting')}
          </p>
          {/* Different keys: an indeterminate bar must have no value attribute at all. */}
          {current && current.total != null ? (
            <progress key="determinate" id="sync-progress" max={Math.max(1, current.total)} value={current.done} />
          ) : (
            <progress key="indeterminate" id="sync-progress" />
          )}
          {state.bytes && state.bytes.stage === state.stage && <TransferLine bytes={state.bytes} />}
          <button data-testid="sync-cancel" disabled={state.cancelling} onClick={() => cancelJob()}>
            {t('common.cancel')}
          </button>
        </>
      )}
      {state.stages.length > 0 && (
        <ul class="stages">
          {state.stages.map((s) => (
            <li key={s.stage} data-stage={s.stage} class={s.stage === state.stage ? 'current' : ''}>
              <span>{t(`stage.${s.stage as Stage}`)}</span>{' '}
              <span class="counts">{s.total != null ? `${s.done} / ${s.total}` : `${s.done}`}</span>
            </li>
          ))}
        </ul>
      )}
      {state.notes.length > 0 && (
        <ul class="notes" data-testid="sync-notes">
          {state.notes.map((n, i) => (
            <li key={i}>{n}</li>
          ))}
        </ul>
      )}
      <ErrorBox error={state.error} />
      {state.outcome && (
        <div id="sync-summary" class="summary">
          {state.outcome.kind === 'sync' && <SyncSummaryView s={state.outcome.result.summary} />}
          {state.outcome.kind === 'sync' && state.outcome.result.readings && <ReadingsView r={state.outcome.result.readings} />}
          {state.outcome.kind === 'verify' && <ReadingsView r={state.outcome.result} />}
          {state.outcome.kind === 'rebuild' && <p>{t('summary.rebuilt')}</p>}
          {state.outcome.kind === 'update' && <UpdateSummary outcomes={state.outcome.result} />}
        </div>
      )}
    </section>
  );
}

function SyncSummaryView({ s }: { s: SyncSummary }) {
  const t = useT();
  const rows: [string, number][] = [
    [t('summary.discovered'), s.discovered],
    [t('summary.new'), s.new_skills],
    [t('summary.newVersions'), s.new_versions],
    [t('summary.unchanged'), s.unchanged],
    [t('summary.excluded'), s.excluded],
    [t('summary.copies'), s.copies_marked],
    [t('summary.errors'), s.errors.length],
    [t('summary.notReached'), s.not_reached],
    [t('summary.catalog'), s.catalog_size],
  ];
  return (
    <>
      {s.cancelled && <Note kind="warn" testid="summary-cancelled">{t('summary.cancelled')}</Note>}
      {s.stopped_at_limit && <Note>{t('summary.limit')}</Note>}
      <dl class="counts-grid">
        {rows.map(([label, n]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{n}</dd>
          </div>
        ))}
      </dl>
      {s.errors.length > 0 && (
        <details open>
          <summary>{t('summary.errorList')}</summary>
          <ul class="errors">
            {s.errors.map((e, i) => (
              <li key={i}>
                <code>{e.path}</code>: {e.reason}
              </li>
            ))}
          </ul>
        </details>
      )}
      {(s.snapshots ?? []).map((x, i) => (
        <SnapshotView key={i} s={x} />
      ))}
      {s.skipped.length > 0 && (
        <details>
          <summary>{t('summary.skipped', { n: s.skipped.length })}</summary>
          <ul>
            {s.skipped.map((x, i) => (
              <li key={i}>{x}</li>
            ))}
          </ul>
        </details>
      )}
    </>
  );
}

/** What one snapshot source gave: the publication, what changed, what it cost. */
function SnapshotView({ s }: { s: SnapshotStats }) {
  const t = useT();
  const { lang } = useStore(app);
  const n = (x: number) => fmtNumber(x, lang);
  const rows: [string, string, string][] = [
    ['fetched', t('summary.snapshotFetched'), n(s.records_fetched)],
    ...(s.records_from_cache > 0 ? [['from-cache', t('summary.snapshotFromCache'), n(s.records_from_cache)] as [string, string, string]] : []),
    ...(s.kept_local > 0 ? [['kept-local', t('summary.snapshotKeptLocal'), n(s.kept_local)] as [string, string, string]] : []),
    ['requests', t('summary.snapshotRequests'), n(s.requests)],
    ['bytes', t('summary.snapshotBytes'), fmtBytes(s.bytes, lang)],
  ];
  return (
    <div class="snapshot-stats" data-testid="snapshot-stats">
      <h3>{t('summary.snapshot', { n: s.sequence })}</h3>
      <p class="hint">
        {t('summary.snapshotFrom', { address: s.address, date: fmtDate(s.published_at, lang) ?? '' })}
      </p>
      {s.up_to_date ? (
        <Note testid="snapshot-up-to-date">{t('summary.snapshotUpToDate')}</Note>
      ) : (
        <p data-testid="snapshot-applied">{t('summary.snapshotApplied', { applied: n(s.applied), removed: n(s.removed) })}</p>
      )}
      {s.rolled_back && <Note kind="warn">{t('summary.snapshotRolledBack')}</Note>}
      <dl class="counts-grid">
        {rows.map(([key, label, value]) => (
          <div key={key} data-stat={key}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

function ReadingsView({ r }: { r: Readings }) {
  const t = useT();
  return (
    <div class="readings" data-testid="readings">
      <h3>{t('summary.readings', { model: r.model })}</h3>
      {(r.cancelled || r.stopped) && <Note kind="warn">{r.stopped ?? t('summary.cancelled')}</Note>}
      <dl class="counts-grid">
        {(
          [
            [t('summary.read'), r.read],
            [t('status.published'), r.published],
            [t('status.pending'), r.pending],
            [t('status.rejected'), r.rejected],
            [t('summary.failed'), r.failed.length],
          ] as [string, number][]
        ).map(([label, n]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{n}</dd>
          </div>
        ))}
      </dl>
      {r.failed.length > 0 && (
        <ul class="errors">
          {r.failed.map((f) => (
            <li key={f.id}>
              {f.name}: {f.reason}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
