// Installing a skill into an agent's folder. The policy is the engine's
// (`vetting` and `policy` errors); this dialog only makes it visible: a
// rejected skill cannot be installed, an unvetted one needs an explicit tick,
// and a folder the app did not write needs an explicit "replace". An install
// writes the skill's whole folder: the files it will write (and the ones it
// cannot: not read whole, links) are listed before the user decides. Every
// path is the skill's own text: shown as text, never as markup.
import { useEffect, useRef, useState } from 'preact/hooks';
import { api, toApiError, type Agent, type ApiError, type FolderFile, type InstallResult, type SkillView } from '../api';
import { useT, type T } from '../i18n';
import { app } from '../state';
import { useStore } from '../store';
import { ErrorBox, fmtBytes } from './common';
import { Limits } from './Limits';

const CUSTOM = '';

/** Joins path parts with the separator the base already uses. */
export function joinPath(base: string, ...parts: string[]): string {
  const sep = base.includes('\\') && !base.includes('/') ? '\\' : '/';
  return [base.replace(/[\\/]+$/, ''), ...parts].join(sep);
}

/** One file of the skill folder, as the install lists it. */
export type PlannedFile = Pick<FolderFile, 'path' | 'bytes' | 'kind' | 'state' | 'executable'> & { sha256?: string | null; note?: string | null };

/**
 * What installing `view` writes and what it cannot, as the catalog decides
 * it: a file read whole (with its hash) is written; anything else (past a
 * bound, a link, a special file) is listed as not installed.
 */
export function installPlan(view: Pick<SkillView, 'folder'>): { write: PlannedFile[]; skip: PlannedFile[] } {
  const files: PlannedFile[] = view.folder ?? [];
  if (files.length === 0) {
    return { write: [{ path: 'SKILL.md', bytes: 0, kind: 'text', state: 'read', executable: false }], skip: [] };
  }
  const byPath = (a: PlannedFile, b: PlannedFile) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);
  const written = (f: PlannedFile) => f.state === 'read' && !!f.sha256;
  return { write: files.filter(written).sort(byPath), skip: files.filter((f) => !written(f)).sort(byPath) };
}

/** Why a file is not installed, in words. */
function notReadLabel(t: T, f: PlannedFile): string {
  switch (f.state) {
    case 'link':
      return t('files.link');
    case 'special':
      return t('files.special');
    case 'error':
      return t('files.error');
    default:
      return t('files.notRead');
  }
}

export function InstallFileList({ files, testid }: { files: PlannedFile[]; testid: string }) {
  const t = useT();
  const { lang } = useStore(app);
  return (
    <ul class="install-files" data-testid={testid}>
      {files.map((f) => (
        <li key={f.path} data-path={f.path}>
          <code>{f.path}</code> <span class="hint">{fmtBytes(f.bytes, lang)}</span>
          {f.kind && f.kind !== 'text' && <span class="chip kind">{f.kind}</span>}
          {f.executable && <span class="chip executable">{t('files.executable')}</span>}
          {f.state !== 'read' && <span class="chip unread">{notReadLabel(t, f)}</span>}
        </li>
      ))}
    </ul>
  );
}

export function InstallDialog({ view, onClose }: { view: SkillView; onClose: () => void }) {
  const t = useT();
  const [agents, setAgents] = useState<Agent[] | null>(null);
  const [agent, setAgent] = useState<string>(CUSTOM);
  const [folder, setFolder] = useState('');
  const [scope, setScope] = useState<'user' | 'project'>('user');
  const [projectDir, setProjectDir] = useState('');
  const [allow, setAllow] = useState(false);
  const [working, setWorking] = useState(false);
  const [error, setError] = useState<ApiError | null>(null);
  const [result, setResult] = useState<InstallResult | null>(null);
  const dialog = useRef<HTMLDivElement>(null);

  useEffect(() => {
    api.agents().then(
      (list) => {
        // Agents found on this machine first; the order is otherwise kept.
        const sorted = [...list].sort((a, b) => Number(b.present) - Number(a.present));
        setAgents(sorted);
        setAgent(sorted[0]?.name ?? CUSTOM);
      },
      (e) => {
        setAgents([]);
        setError(toApiError(e));
      },
    );
  }, []);

  useEffect(() => {
    dialog.current?.querySelector<HTMLElement>('select, input, button')?.focus();
    // Escape closes the dialog first (the page's Escape-to-go-back waits).
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.preventDefault();
        onClose();
      }
    };
    document.addEventListener('keydown', onKey, true);
    return () => document.removeEventListener('keydown', onKey, true);
  }, []);

  const custom = agent === CUSTOM;
  const chosen = agents?.find((a) => a.name === agent);
  const { lang } = useStore(app);
  const name = view.name ?? view.id;
  // The skill folder it writes (the files below go inside it).
  const target = custom
    ? folder.trim() && joinPath(folder.trim(), name)
    : !chosen
      ? ''
      : scope === 'user'
        ? joinPath(chosen.user_folder, name)
        : projectDir.trim() && joinPath(projectDir.trim(), chosen.project_folder, name);
  const plan = installPlan(view);
  const total = plan.write.reduce((n, f) => n + f.bytes, 0);

  const refused = view.vetting === 'refused';
  const unvetted = view.vetting === 'unvetted';
  const ready = !!target && !refused && (!unvetted || allow) && !working && !result;
  // Replacing is offered only where the engine said the folder is the
  // obstacle: never for a rejected or unvetted skill.
  const canForce = error?.kind === 'policy' && (error.reason === 'foreign' || error.reason === 'edited');

  const install = (force: boolean) => {
    // Belt and braces: the buttons are disabled, but never send what the policy forbids.
    if (refused || (unvetted && !allow) || !target) return;
    setWorking(true);
    setError(null);
    api
      .install({
        id: view.id,
        agent: custom ? null : agent,
        folder: custom ? folder.trim() : null,
        scope: custom ? 'user' : scope,
        project_dir: !custom && scope === 'project' ? projectDir.trim() : null,
        allow_unverified: unvetted && allow,
        force,
        name: null,
      })
      .then(setResult, (e) => setError(toApiError(e)))
      .finally(() => setWorking(false));
  };

  return (
    <div class="overlay" onClick={(e) => e.target === e.currentTarget && onClose()}>
      <div id="install-dialog" class="dialog" role="dialog" aria-modal="true" aria-labelledby="install-title" ref={dialog}>
        <h2 id="install-title">{t('install.title', { name })}</h2>

        {refused && (
          <div class="banner banner-error" data-testid="install-refused">
            {t('install.refused')}
          </div>
        )}

        <div class="form">
          <label>
            {t('install.agent')}
            <select id="install-agent" value={agent} onChange={(e) => setAgent((e.target as HTMLSelectElement).value)}>
              {(agents ?? []).map((a) => (
                <option key={a.name} value={a.name}>
                  {a.present ? a.name : t('install.absent', { name: a.name })}
                </option>
              ))}
              <option value={CUSTOM}>{t('install.customFolder')}</option>
            </select>
          </label>
          {custom ? (
            <label>
              {t('install.folder')}
              <input id="install-folder" value={folder} placeholder="/path/to/skills" onInput={(e) => setFolder((e.target as HTMLInputElement).value)} />
            </label>
          ) : (
            <>
              <label>
                {t('install.scope')}
                <select id="install-scope" value={scope} onChange={(e) => setScope((e.target as HTMLSelectElement).value as 'user' | 'project')}>
                  <option value="user">{t('install.scopeUser')}</option>
                  <option value="project">{t('install.scopeProject')}</option>
                </select>
              </label>
              {scope === 'project' && (
                <label>
                  {t('install.projectDir')}
                  <input id="install-project" value={projectDir} placeholder="/path/to/project" onInput={(e) => setProjectDir((e.target as HTMLInputElement).value)} />
                </label>
              )}
            </>
          )}
          <p class="target">
            {t('install.target')} <code data-testid="install-target">{target || t('install.targetMissing')}</code>
          </p>
        </div>

        <section class="install-write" aria-labelledby="install-files-title">
          <h3 id="install-files-title">{t('install.files', { n: plan.write.length, size: fmtBytes(total, lang) })}</h3>
          <InstallFileList files={plan.write} testid="install-files" />
          {plan.skip.length > 0 && (
            <>
              <p class="note note-warn">{t('install.notInstalled', { n: plan.skip.length })}</p>
              <InstallFileList files={plan.skip} testid="install-not-installed" />
            </>
          )}
        </section>

        {unvetted && (
          <div class="unvetted" data-testid="install-unvetted">
            <p class="note note-warn">{t('install.unvetted')}</p>
            {view.findings.length > 0 ? (
              <ul class="findings">
                {view.findings.map((f, i) => (
                  <li key={i}>
                    <span class="rule">{f.rule}</span> {f.file && <code class="file">{f.file}</code>}{' '}
                    {f.line > 0 ? t('sec.line', { n: f.line }) : t('sec.wholeFile')} <code class="excerpt">{f.excerpt}</code>
                  </li>
                ))}
              </ul>
            ) : (
              <p class="hint">{t('install.noFindings')}</p>
            )}
            <label class="check">
              <input id="install-allow" type="checkbox" checked={allow} onChange={(e) => setAllow((e.target as HTMLInputElement).checked)} />
              {t('install.allow')}
            </label>
          </div>
        )}

        <Limits />

        <ErrorBox error={error} />
        {canForce && !result && (
          <div class="note note-warn">
            <p>{t('install.foreign')}</p>
            <button data-testid="install-force" disabled={working} onClick={() => install(true)}>
              {t('install.replace')}
            </button>
          </div>
        )}
        {result && (
          <div class="banner banner-ok" data-testid="install-done">
            {t(`install.done.${result.action}`)} <code id="install-path">{result.path.replace(/[\\/]SKILL\.md$/, '')}</code>
            {result.files && result.files.length > 0 && (
              <>
                <p>{t('install.written', { n: result.files.length })}</p>
                <InstallFileList files={result.files.map((f) => ({ ...f, kind: null, state: 'read' }))} testid="install-written" />
              </>
            )}
            {result.kept && result.kept.length > 0 && (
              <>
                <p>{t('install.kept')}</p>
                <ul class="install-files" data-testid="install-kept">
                  {result.kept.map((p) => (
                    <li key={p}>
                      <code>{p}</code>
                    </li>
                  ))}
                </ul>
              </>
            )}
          </div>
        )}

        <div class="actions">
          <button class="primary" data-testid="install-confirm" disabled={!ready} onClick={() => install(false)}>
            {working ? t('install.working') : t('install.confirm')}
          </button>
          <button data-testid="install-close" onClick={onClose}>
            {result ? t('common.close') : t('common.cancel')}
          </button>
        </div>
      </div>
    </div>
  );
}
