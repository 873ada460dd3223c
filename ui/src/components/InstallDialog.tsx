// Installing a skill into an agent's folder. The policy is the engine's
// (`vetting` and `policy` errors); this dialog only makes it visible: a
// rejected skill cannot be installed, an unvetted one needs an explicit tick,
// and a folder the app did not write needs an explicit "replace".
import { useEffect, useRef, useState } from 'preact/hooks';
import { api, toApiError, type Agent, type ApiError, type InstallResult, type SkillView } from '../api';
import { useT } from '../i18n';
import { ErrorBox } from './common';
import { Limits } from './Limits';

const CUSTOM = '';

/** Joins path parts with the separator the base already uses. */
export function joinPath(base: string, ...parts: string[]): string {
  const sep = base.includes('\\') && !base.includes('/') ? '\\' : '/';
  return [base.replace(/[\\/]+$/, ''), ...parts].join(sep);
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
  const name = view.name ?? view.id;
  const target = custom
    ? folder.trim() && joinPath(folder.trim(), name, 'SKILL.md')
    : !chosen
      ? ''
      : scope === 'user'
        ? joinPath(chosen.user_folder, name, 'SKILL.md')
        : projectDir.trim() && joinPath(projectDir.trim(), chosen.project_folder, name, 'SKILL.md');

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

        {unvetted && (
          <div class="unvetted" data-testid="install-unvetted">
            <p class="note note-warn">{t('install.unvetted')}</p>
            {view.findings.length > 0 ? (
              <ul class="findings">
                {view.findings.map((f, i) => (
                  <li key={i}>
                    <span class="rule">{f.rule}</span> {t('sec.line', { n: f.line })} <code class="excerpt">{f.excerpt}</code>
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
            {t(`install.done.${result.action}`)} <code id="install-path">{result.path}</code>
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
