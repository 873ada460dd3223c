// The shell of the interface: top bar, the current screen, global keys.
// Search and Sync stay mounted (hidden) so a query, its selection and a
// running job's form survive a visit to another screen; Installed asks for
// the installs afresh each time it is shown.
import { useEffect } from 'preact/hooks';
import { useT } from '../i18n';
import { job } from '../jobs';
import { app, back, catalogChanged, focusSearch, navigate, refreshInfo, setLang, type Route } from '../state';
import { useStore } from '../store';
import { fmtNumber } from './common';
import { Installed } from './Installed';
import { Search } from './Search';
import { Settings } from './Settings';
import { SkillPage } from './Skill';
import { Sync } from './Sync';

const NAV = ['search', 'installed', 'sync', 'settings'] as const;
// Opening the catalog takes a moment (longer when its index is rebuilt):
// asked often, so the first results show as soon as it is open. Other jobs
// are long: asked now and then.
const OPEN_POLL_MS = 100;
const JOB_POLL_MS = 2000;

function isTyping(el: Element | null): boolean {
  if (!el) return false;
  const tag = el.tagName;
  return tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT' || (el as HTMLElement).isContentEditable;
}

export function App() {
  const t = useT();
  const { route, info, lang } = useStore(app);
  const { running, kind } = useStore(job);

  useEffect(() => {
    void refreshInfo().then((i) => i && setLang(i.language));
  }, []);

  // A job this window did not start (reported by app_info) ends unseen:
  // ask again now and then, and refresh the views once it is over.
  const otherJob = !running && !!info?.job;
  const opening = info?.job === 'open';
  useEffect(() => {
    if (!otherJob) return;
    const h = setInterval(
      () => {
        void refreshInfo().then((i) => i && !i.job && catalogChanged());
      },
      opening ? OPEN_POLL_MS : JOB_POLL_MS,
    );
    return () => clearInterval(h);
  }, [otherJob, opening]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented) return;
      const k = e.key.toLowerCase();
      if ((k === 'k' && (e.ctrlKey || e.metaKey)) || (e.key === '/' && !isTyping(e.target as Element))) {
        e.preventDefault();
        focusSearch();
      } else if (e.key === 'Escape' && app.get().route.screen === 'skill' && !document.querySelector('[role="dialog"]')) {
        e.preventDefault();
        back();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  const current = route.screen === 'skill' ? 'search' : route.screen;
  const go = (screen: (typeof NAV)[number]) => navigate({ screen } as Route);

  return (
    <div class="app">
      <nav class="topbar" aria-label={t('nav.label')}>
        <span class="brand">Skills Guide</span>
        {NAV.map((n) => (
          <button key={n} data-nav={n} class={current === n ? 'active' : ''} aria-current={current === n ? 'page' : undefined} onClick={() => go(n)}>
            {t(`nav.${n}`)}
            {n === (kind === 'update' ? 'installed' : 'sync') && running && (
              <span class="dot" title={t(`job.${kind ?? 'sync'}`)} aria-hidden="true" />
            )}
          </button>
        ))}
        <span class="spacer" />
        {info && (
          <span class="catalog-size" data-testid="catalog-size">
            {t(info.skills === 1 ? 'nav.skills.one' : 'nav.skills.other', { n: fmtNumber(info.skills, lang) })}
          </span>
        )}
      </nav>
      <main>
        <section class="screen" hidden={route.screen !== 'search'}>
          <Search active={route.screen === 'search'} />
        </section>
        {route.screen === 'skill' && (
          <section class="screen">
            <SkillPage key={`${route.id}/${route.via ?? ''}`} id={route.id} via={route.via} />
          </section>
        )}
        {route.screen === 'installed' && (
          <section class="screen">
            <Installed />
          </section>
        )}
        <section class="screen" hidden={route.screen !== 'sync'}>
          <Sync active={route.screen === 'sync'} />
        </section>
        {route.screen === 'settings' && (
          <section class="screen">
            <Settings />
          </section>
        )}
      </main>
    </div>
  );
}
