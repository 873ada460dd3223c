// The skills Skills Guide installed: where, which version, whether its files
// are still the ones installed (each file edited, removed or added since),
// what the catalog holds now, and Update and Uninstall. What an update would
// do with each one is the catalog's plan (`update`, `skip` from `installed`);
// nothing here decides it. Paths are the skills' own text: shown as text.
import type { ComponentChildren } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import {
  api,
  toApiError,
  type ApiError,
  type FileChange,
  type Install,
  type Local,
  type Status,
  type Uninstalled,
  type UpdateOutcome,
  type UpdateSkip,
} from '../api';
import { useT, type T } from '../i18n';
import { cancelJob, job, startUpdate, type JobState } from '../jobs';
import { app, navigate } from '../state';
import { useStore } from '../store';
import { ErrorBox, fmtDate, SafetyChip, StatusChip } from './common';
import { joinPath } from './InstallDialog';

/** One path of an install's folder, relative to it. */
export interface InstallFileRow {
  path: string;
  /** `null`: a file the install wrote, as it wrote it. */
  change: FileChange['change'] | null;
  kind?: FileChange['kind'];
}

/**
 * The files an install wrote, each with what happened to it since (edited,
 * removed, replaced by a link), then the entries added since. An install
 * recorded before installs were folders wrote its SKILL.md alone.
 */
export function installFiles(i: Pick<Install, 'files' | 'changes'>): InstallFileRow[] {
  const written = i.files && i.files.length > 0 ? i.files.map((f) => f.path) : ['SKILL.md'];
  const changes = i.changes ?? [];
  const byPath = new Map(changes.map((c) => [c.path, c]));
  const rows: InstallFileRow[] = written.map((path) => ({ path, change: byPath.get(path)?.change ?? null, kind: byPath.get(path)?.kind }));
  for (const c of changes) {
    if (c.change === 'added') rows.push({ path: c.path, change: 'added', kind: c.kind });
  }
  return rows;
}

/** An install's files, with a chip for each change. */
function InstallFiles({ i }: { i: Install }) {
  const t = useT();
  const rows = installFiles(i);
  return (
    <>
      <code class="install-dir">{joinPath(i.folder, i.name)}</code>
      <ul class="install-files" data-testid="install-files">
        {rows.map((r) => (
          <li key={`${r.change === 'added' ? '+' : ''}${r.path}`} data-path={r.path} data-change={r.change ?? 'none'}>
            <code>{r.path}</code>
            {r.change && (
              <>
                {' '}
                <span class={`chip change change-${r.change}`}>
                  {t(`change.${r.change}`)}
                  {r.change === 'added' && r.kind && r.kind !== 'file' ? ` (${t(`change.kind.${r.kind}`)})` : ''}
                </span>
              </>
            )}
          </li>
        ))}
      </ul>
      {(i.unlisted_changes ?? 0) > 0 && <p class="hint">{t('installed.moreChanges', { n: i.unlisted_changes ?? 0 })}</p>}
      {(i.not_installed?.length ?? 0) > 0 && (
        <p class="hint" data-testid="install-not-installed">
          {t('installed.notInstalled', { n: i.not_installed?.length ?? 0 })}
        </p>
      )}
    </>
  );
}

/** An install's identity: its skills folder and its name. */
const keyOf = (i: { folder: string; name: string }) => `${i.folder}\u0000${i.name}`;

const short = (sha: string | null) => (sha ?? '').slice(0, 12);

/** Why an update keeps an install, in words (`status`: the new version's). */
function skipText(t: T, skip: UpdateSkip | null, status: Status | null, fallback: string | null): string {
  if (!skip) return fallback ?? '';
  if (skip === 'not-vetted') {
    return t('skip.not-vetted', { status: status ? t(`status.${status}`).toLowerCase() : '' });
  }
  return t(`skip.${skip}`);
}

export function Installed() {
  const t = useT();
  const { info, catalogVersion } = useStore(app);
  const state = useStore(job);
  const [installs, setInstalls] = useState<Install[] | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const [removing, setRemoving] = useState<Install | null>(null);
  const [removed, setRemoved] = useState<Uninstalled | null>(null);
  const doneNote = useRef<HTMLDivElement>(null);

  const load = () =>
    api.installed().then(
      (list) => {
        setInstalls(list);
        setError(null);
      },
      (e) => setError(toApiError(e)),
    );

  // Asked again after every job: an update or a sync changes what is shown.
  useEffect(() => {
    void load();
  }, [catalogVersion]);

  useEffect(() => {
    if (removed) doneNote.current?.focus();
  }, [removed]);

  const updating = state.running && state.kind === 'update';
  // One long job at a time: none may start while another runs.
  const jobRunning = state.running || !!info?.job;
  // Install and uninstall wait while the installs are being updated.
  const writing = updating || info?.job === 'update' || info?.job === 'open';
  const outcomes = state.outcome?.kind === 'update' ? state.outcome.result : null;
  const outcomeOf = new Map((outcomes ?? []).map((o) => [keyOf(o), o]));
  const updatable = (i: Install) => i.update === 'update' || i.update === 'read-first';
  const anyUpdatable = (installs ?? []).some(updatable);

  const closeDialog = (i: Install) => {
    setRemoving(null);
    // Back to the button that opened the dialog.
    const row = [...document.querySelectorAll<HTMLElement>('[data-testid="install-row"]')].find(
      (r) => r.dataset.key === keyOf(i),
    );
    row?.querySelector<HTMLElement>('[data-testid="install-uninstall"]')?.focus();
  };

  return (
    <div class="installed-screen">
      <div class="installed-head">
        <h1>{t('installed.title')}</h1>
        <div class="actions">
          <button
            class="primary"
            data-testid="update-all"
            disabled={jobRunning || !anyUpdatable}
            onClick={() => {
              setRemoved(null);
              void startUpdate({ names: [], folder: null });
            }}
          >
            {t('installed.updateAll')}
          </button>
          <button data-testid="installed-refresh" onClick={() => void load()}>
            {t('installed.refresh')}
          </button>
        </div>
      </div>
      <p class="hint">{t('installed.hint')}</p>

      <ErrorBox error={error} />
      {state.kind === 'update' && <UpdateProgress state={state} />}
      {removed && (
        <div class="banner banner-ok" data-testid="uninstall-done" tabIndex={-1} ref={doneNote}>
          {removed.local === 'missing' || removed.local === 'tampered'
            ? t('uninstall.doneRecord', { name: removed.name })
            : t('uninstall.done', {
                n: removed.removed?.length ?? (removed.file_removed ? 1 : 0),
                path: removed.path.replace(/[\\/]SKILL\.md$/, ''),
              })}
          {removed.left.length > 0 && (
            <>
              <p>{t('uninstall.left')}</p>
              <ul class="install-files">
                {removed.left.map((p) => (
                  <li key={p}>
                    <code>{p}</code>
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      )}

      {installs === null && !error && <p class="hint">{t('common.loading')}</p>}
      {installs?.length === 0 && (
        <div class="empty" data-testid="empty">
          <p>{t('installed.empty')}</p>
          <button class="link" data-testid="installed-find" onClick={() => navigate({ screen: 'search' })}>
            {t('installed.find')}
          </button>
        </div>
      )}
      {installs && installs.length > 0 && (
        <ul class="installs" aria-label={t('installed.title')}>
          {installs.map((i) => (
            <InstallRow
              key={keyOf(i)}
              i={i}
              outcome={outcomeOf.get(keyOf(i)) ?? null}
              canUpdate={!jobRunning && updatable(i)}
              canRemove={!writing}
              onUpdate={() => {
                setRemoved(null);
                void startUpdate({ names: [i.name], folder: i.folder });
              }}
              onRemove={() => {
                setRemoved(null);
                setRemoving(i);
              }}
            />
          ))}
        </ul>
      )}

      {removing && (
        <UninstallDialog
          install={removing}
          onClose={() => closeDialog(removing)}
          onDone={(r) => {
            setRemoving(null);
            setRemoved(r);
            void load();
          }}
        />
      )}
    </div>
  );
}

function UpdateProgress({ state }: { state: JobState }) {
  const t = useT();
  const current = state.stages.find((s) => s.stage === state.stage);
  return (
    <section class="job panel" aria-live="polite" data-job="update">
      <h2>{t('job.update')}</h2>
      {state.running && (
        <>
          <p id="update-stage" class="stage">
            {state.cancelling ? t('job.cancelling') : state.stage ? t(`stage.${state.stage}`) : t('job.starting')}
          </p>
          {current && current.total != null ? (
            <progress key="determinate" id="update-progress" max={Math.max(1, current.total)} value={current.done} />
          ) : (
            <progress key="indeterminate" id="update-progress" />
          )}
          <button data-testid="update-cancel" disabled={state.cancelling} onClick={() => cancelJob()}>
            {t('common.cancel')}
          </button>
        </>
      )}
      <ErrorBox error={state.error} />
      {state.outcome?.kind === 'update' && <UpdateSummary outcomes={state.outcome.result} />}
    </section>
  );
}

/** The counts of an update's outcomes (also shown on the Sync screen). */
export function UpdateSummary({ outcomes }: { outcomes: UpdateOutcome[] }) {
  const t = useT();
  const n = (r: UpdateOutcome['result']) => outcomes.filter((o) => o.result === r).length;
  return (
    <p data-testid="update-summary">
      {outcomes.length === 0
        ? t('update.nothing')
        : t('update.summary', { updated: n('updated'), skipped: n('skipped'), same: n('up-to-date') })}
    </p>
  );
}

function LocalChip({ local }: { local: Local }) {
  const t = useT();
  return (
    <span class={`chip local local-${local}`} data-testid="install-local" data-local={local}>
      {t(`local.${local}`)}
    </span>
  );
}

function Fact({ label, children }: { label: string; children: ComponentChildren }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </>
  );
}

function InstallRow(props: {
  i: Install;
  outcome: UpdateOutcome | null;
  canUpdate: boolean;
  canRemove: boolean;
  onUpdate: () => void;
  onRemove: () => void;
}) {
  const { i, outcome } = props;
  const t = useT();
  const { lang } = useStore(app);
  const where =
    i.agent === 'custom'
      ? t('installed.customFolder')
      : i.scope
        ? t('installed.agentScope', { agent: i.agent, scope: t(`scope.${i.scope}`) })
        : i.agent;
  const plan =
    i.update === 'skip'
      ? t('plan.skip', { reason: skipText(t, i.skip, i.upstream_status, null) })
      : t(`plan.${i.update}`);
  return (
    <li
      class="install panel"
      data-testid="install-row"
      data-key={keyOf(i)}
      data-name={i.name}
      data-local={i.local}
      data-update={i.update}
    >
      <div class="install-head">
        <h2 class="install-name">
          {i.upstream_status ? (
            <button
              class="link"
              data-testid="install-open"
              title={t('installed.open')}
              onClick={() => navigate({ screen: 'skill', id: i.skill_id })}
            >
              {i.name}
            </button>
          ) : (
            i.name
          )}
        </h2>
        <span class="chip agent" data-testid="install-agent">
          {where}
        </span>
        <LocalChip local={i.local} />
        <span class="spacer" />
        <button
          data-testid="install-update"
          disabled={!props.canUpdate}
          aria-label={t('installed.updateOne', { name: i.name })}
          onClick={props.onUpdate}
        >
          {t('installed.update')}
        </button>
        <button
          data-testid="install-uninstall"
          disabled={!props.canRemove}
          aria-label={t('installed.uninstallOne', { name: i.name })}
          onClick={props.onRemove}
        >
          {t('installed.uninstall')}
        </button>
      </div>
      <dl class="facts install-facts">
        <Fact label={t('installed.folder')}>
          <code>{i.folder}</code>
        </Fact>
        <Fact label={t('installed.files')}>
          <InstallFiles i={i} />
        </Fact>
        <Fact label={t('installed.version')}>
          <code class="hash">{short(i.version ?? i.sha256)}</code> <StatusChip status={i.status} />{' '}
          <span class="hint">{t('installed.on', { date: fmtDate(i.installed_at, lang) ?? '' })}</span>
          {i.allowed_unverified && (
            <span class="chip unread" data-testid="install-allowed-unverified">
              {t('installed.allowedUnverified')}
            </span>
          )}
        </Fact>
        <Fact label={t('installed.catalog')}>
          {i.upstream_status == null ? (
            <span data-testid="install-upstream">{t('installed.gone')}</span>
          ) : (
            <span data-testid="install-upstream" data-changed={String(i.upstream_changed)}>
              {i.upstream_changed ? (
                <>
                  {t('installed.newer')} <code class="hash">{short(i.upstream_version ?? i.upstream_sha256)}</code>{' '}
                </>
              ) : (
                <>{t('installed.same')} </>
              )}
              <StatusChip status={i.upstream_status} />
              {i.upstream_changed && i.upstream_safety && (
                <>
                  {' '}
                  <SafetyChip safety={i.upstream_safety} />
                </>
              )}
            </span>
          )}
        </Fact>
      </dl>
      <p class={`install-plan plan-${i.update}`} data-testid="install-plan">
        {plan}
      </p>
      {outcome && (
        <p class={`install-outcome outcome-${outcome.result}`} data-testid="install-outcome" data-result={outcome.result} role="status">
          {outcome.result === 'updated'
            ? t('outcome.updated', {
                from: short(outcome.from_version ?? outcome.from_sha256),
                to: short(outcome.to_version ?? outcome.to_sha256),
              })
            : outcome.result === 'up-to-date'
              ? t('outcome.up-to-date')
              : t('outcome.skipped', { reason: skipText(t, outcome.skip, outcome.status, outcome.reason) })}
        </p>
      )}
    </li>
  );
}

/** Asks before removing; an edited file needs the explicit "remove my changes too". */
function UninstallDialog({
  install,
  onClose,
  onDone,
}: {
  install: Install;
  onClose: () => void;
  onDone: (r: Uninstalled) => void;
}) {
  const t = useT();
  const [working, setWorking] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);
  const dialog = useRef<HTMLDivElement>(null);
  // Edited as listed, or found edited now: only then is removing it with force offered.
  const foundEdited = error?.kind === 'policy' && error.reason === 'edited';
  const edited = install.local === 'edited' || foundEdited;

  useEffect(() => {
    // A destructive choice: the focus starts on Cancel.
    dialog.current?.querySelector<HTMLElement>('[data-testid="uninstall-cancel"]')?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.preventDefault();
        onClose();
      } else if (e.key === 'Tab' && dialog.current) {
        // Keep the focus inside the dialog.
        const items = [...dialog.current.querySelectorAll<HTMLElement>('button:not(:disabled)')];
        if (items.length === 0) return;
        const first = items[0];
        const last = items[items.length - 1];
        if (e.shiftKey && document.activeElement === first) {
          e.preventDefault();
          last.focus();
        } else if (!e.shiftKey && document.activeElement === last) {
          e.preventDefault();
          first.focus();
        } else if (!dialog.current.contains(document.activeElement)) {
          e.preventDefault();
          first.focus();
        }
      }
    };
    document.addEventListener('keydown', onKey, true);
    return () => document.removeEventListener('keydown', onKey, true);
  }, []);

  const remove = (force: boolean) => {
    setWorking(true);
    setError(null);
    api
      .uninstall({ folder: install.folder, name: install.name, force })
      .then(onDone, (e) => setError(toApiError(e)))
      .finally(() => setWorking(false));
  };

  const what =
    install.local === 'missing'
      ? t('uninstall.missing')
      : install.local === 'tampered'
        ? t('uninstall.tampered')
        : t('uninstall.clean');

  return (
    <div class="overlay" onClick={(e) => e.target === e.currentTarget && onClose()}>
      <div
        id="uninstall-dialog"
        class="dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby="uninstall-title"
        aria-describedby="uninstall-what"
        ref={dialog}
      >
        <h2 id="uninstall-title">{t('uninstall.title', { name: install.name })}</h2>
        <p id="uninstall-what">{what}</p>
        <p>{t('uninstall.files', { path: joinPath(install.folder, install.name) })}</p>
        <ul class="install-files" data-testid="uninstall-files">
          {installFiles(install)
            .filter((r) => r.change === null || r.change === 'edited')
            .map((r) => (
              <li key={r.path} data-change={r.change ?? 'none'}>
                <code>{r.path}</code>
                {r.change === 'edited' && <span class="chip change change-edited">{t('change.edited')}</span>}
              </li>
            ))}
        </ul>
        {installFiles(install).some((r) => r.change === 'added') && <p class="hint">{t('uninstall.addedStay')}</p>}
        {edited && (
          <div class="note note-warn" data-testid="uninstall-edited">
            {t('uninstall.edited')}
          </div>
        )}
        <ErrorBox error={foundEdited ? null : error} />
        <div class="actions">
          {edited ? (
            <button class="primary" data-testid="uninstall-force" disabled={working} onClick={() => remove(true)}>
              {t('uninstall.force')}
            </button>
          ) : (
            <button class="primary" data-testid="uninstall-confirm" disabled={working} onClick={() => remove(false)}>
              {install.local === 'missing' || install.local === 'tampered' ? t('uninstall.forget') : t('uninstall.confirm')}
            </button>
          )}
          <button data-testid="uninstall-cancel" onClick={onClose}>
            {t('common.cancel')}
          </button>
        </div>
      </div>
    </div>
  );
}
