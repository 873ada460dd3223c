// One skill: header (name, status, Verified badge, Install, Report) and four
// tabs. Loads `skill({id})`; an exact copy points to its kept skill (R-DUP-3).
import { useEffect, useRef, useState } from 'preact/hooks';
import { api, toApiError, type ApiError, type Report, type SkillView } from '../api';
import { SKILL_MD } from '../files';
import { useT } from '../i18n';
import { openLink } from '../links';
import { app, back, navigate } from '../state';
import { useStore } from '../store';
import { CardTab } from './CardTab';
import { ContentTab, type ContentMode } from './ContentTab';
import { ErrorBox, ReadingChips, StatusChip, displayName } from './common';
import { InstallDialog } from './InstallDialog';
import { SecurityTab } from './SecurityTab';
import { SourceTab } from './SourceTab';

export type Tab = 'card' | 'content' | 'security' | 'source';
const TABS: Tab[] = ['card', 'content', 'security', 'source'];

export function SkillPage({ id, via }: { id: string; via?: string }) {
  const t = useT();
  const { catalogVersion } = useStore(app);
  const [view, setView] = useState<SkillView | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const [tab, setTab] = useState<Tab>('card');
  const [mode, setMode] = useState<ContentMode>('rendered');
  const [line, setLine] = useState<number | null>(null);
  // The Content tab's file: SKILL.md until a file or a finding elsewhere is chosen.
  const [file, setFile] = useState<string>(SKILL_MD);
  const [installing, setInstalling] = useState(false);
  const [report, setReport] = useState<Report | null>(null);
  const [reportError, setReportError] = useState<ApiError | null>(null);
  const tablist = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let live = true;
    setError(null);
    api.skill(id).then(
      (v) => live && setView(v),
      (e) => live && setError(toApiError(e)),
    );
    return () => {
      live = false;
    };
  }, [id, catalogVersion]);

  // Keyboard first: once loaded, focus sits on the selected tab (arrows move it).
  const loaded = view?.id;
  useEffect(() => {
    if (loaded) tablist.current?.querySelector<HTMLElement>('[aria-selected="true"]')?.focus();
  }, [loaded]);

  if (error && !view) {
    return (
      <div id="skill" data-id={id} class="skill">
        <button class="back" onClick={back}>
          ← {t('skill.back')}
        </button>
        <ErrorBox error={error} />
      </div>
    );
  }
  if (!view) {
    return (
      <div id="skill" data-id={id} class="skill" aria-busy="true">
        <p class="hint">{t('skill.loading')}</p>
      </div>
    );
  }

  const isCopy = !!(view.copy_of && view.kept);

  const selectTab = (next: Tab, focus = false) => {
    setTab(next);
    if (focus) tablist.current?.querySelector<HTMLElement>(`[data-tab="${next}"]`)?.focus();
  };

  const onTabKey = (e: KeyboardEvent) => {
    const i = TABS.indexOf(tab);
    const to =
      e.key === 'ArrowRight' ? TABS[(i + 1) % TABS.length]
      : e.key === 'ArrowLeft' ? TABS[(i + TABS.length - 1) % TABS.length]
      : e.key === 'Home' ? TABS[0]
      : e.key === 'End' ? TABS[TABS.length - 1]
      : null;
    if (!to) return;
    e.preventDefault();
    selectTab(to, true);
  };

  /** A finding's file and line: show it in the numbered source view (line 0: the whole file). */
  const goToLine = (n: number, path: string = SKILL_MD) => {
    setFile(path);
    if (n > 0) setMode('source');
    setLine(n > 0 ? n : null);
    setTab('content');
  };

  const chooseFile = (path: string) => {
    setFile(path);
    setLine(null);
  };

  const doReport = () => {
    setReportError(null);
    api.report(view.id).then(setReport, (e) => setReportError(toApiError(e)));
  };

  return (
    <article id="skill" data-id={view.id} class="skill">
      <header class="skill-head">
        <button class="back" onClick={back} title={t('skill.backHint')}>
          ← {t('skill.back')}
        </button>
        <div class="skill-title">
          <h1>{displayName(view)}</h1>
          {view.title && view.name && view.title !== view.name && <code class="skill-name">{view.name}</code>}
          <div class="chips">
            <StatusChip status={view.status} />
            <ReadingChips entry={view} />
          </div>
        </div>
        <div class="actions">
          <button class={isCopy ? '' : 'primary'} data-testid="install" onClick={() => setInstalling(true)}>
            {t('skill.install')}
          </button>
          <button data-testid="report" onClick={doReport} title={t('skill.reportHint')}>
            {t('skill.report')}
          </button>
        </div>
      </header>

      {via && (
        <div class="note note-info" data-testid="opened-copy">
          {t('skill.openedCopy')}
        </div>
      )}
      {isCopy && view.kept && (
        <div class="banner banner-copy" data-testid="is-copy">
          <span>{t('skill.isCopy', { name: displayName(view.kept) })}</span>
          <button
            class="primary"
            data-testid="open-kept"
            onClick={() => view.kept && navigate({ screen: 'skill', id: view.kept.id, via: view.id })}
          >
            {t('skill.openKept')}
          </button>
        </div>
      )}
      {view.description && <p class="skill-desc">{view.description}</p>}

      <ErrorBox error={reportError} />
      {report && <ReportPanel report={report} onClose={() => setReport(null)} />}

      <div class="tabs" role="tablist" aria-label={t('skill.tabs')} ref={tablist} onKeyDown={onTabKey}>
        {TABS.map((k) => (
          <button
            key={k}
            role="tab"
            id={`tab-${k}`}
            data-tab={k}
            aria-selected={tab === k}
            aria-controls="tabpanel"
            tabIndex={tab === k ? 0 : -1}
            onClick={() => selectTab(k)}
          >
            {t(`tab.${k}`)}
            {k === 'security' && view.findings.length > 0 && <span class="tab-count">{view.findings.length}</span>}
          </button>
        ))}
      </div>
      <div id="tabpanel" role="tabpanel" aria-labelledby={`tab-${tab}`} data-panel={tab} tabIndex={0}>
        {tab === 'card' && <CardTab view={view} />}
        {tab === 'content' && (
          <ContentTab view={view} mode={mode} setMode={setMode} line={line} file={file} setFile={chooseFile} />
        )}
        {tab === 'security' && <SecurityTab view={view} onLine={goToLine} />}
        {tab === 'source' && <SourceTab view={view} />}
      </div>

      {installing && <InstallDialog view={view} onClose={() => setInstalling(false)} />}
    </article>
  );
}

/** The report's outcome: opened in the browser, or the text to copy by hand. */
function ReportPanel({ report, onClose }: { report: Report; onClose: () => void }) {
  const t = useT();
  return (
    <section class="panel report" id="report-result" aria-live="polite">
      {report.opened ? (
        <p data-testid="report-opened">{t('report.opened', { repo: report.repo ?? '' })}</p>
      ) : (
        <>
          <p>{report.url ? t('report.notOpened') : t('report.noRepo')}</p>
          {report.url && (
            <div class="row">
              <input readOnly class="grow" value={report.url} aria-label={t('report.url')} />
              <button onClick={() => report.url && openLink(report.url)}>{t('report.open')}</button>
            </div>
          )}
          <label>
            {t('report.title')}
            <input id="report-title" readOnly value={report.title} />
          </label>
          <label>
            {t('report.body')}
            <textarea id="report-body" readOnly rows={8} value={report.body} />
          </label>
        </>
      )}
      <button class="link" onClick={onClose}>
        {t('common.close')}
      </button>
    </section>
  );
}
