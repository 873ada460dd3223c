// Where the skill comes from: repository (opened in the system browser,
// never in the webview), path, license, dates, versions and its exact copies.
import type { SkillView } from '../api';
import { useT } from '../i18n';
import { openLink } from '../links';
import { app, navigate } from '../state';
import { useStore } from '../store';
import { displayName, fmtDate, fmtNumber } from './common';

export function SourceTab({ view }: { view: SkillView }) {
  const t = useT();
  const { lang } = useStore(app);
  const src = view.source;
  const url = src.url;
  return (
    <div class="source-tab">
      <dl class="facts">
        <dt>{t('source.repository')}</dt>
        <dd>
          {url ? (
            <button class="link" data-testid="open-repo" title={url} onClick={() => openLink(url)}>
              {src.repo ?? url}
            </button>
          ) : (
            (src.repo ?? t(`kind.${src.kind === 'dir' ? 'dir' : 'other'}`))
          )}
        </dd>
        <dt>{t('source.path')}</dt>
        <dd>
          <code>{src.path}</code>
        </dd>
        <dt>{t('source.license')}</dt>
        <dd>{view.license ?? t('source.unknown')}</dd>
        <dt>{t('source.stars')}</dt>
        <dd>{view.stars != null ? fmtNumber(view.stars, lang) : t('source.unknown')}</dd>
        <dt>{t('source.lastCommit')}</dt>
        <dd>{fmtDate(view.last_commit, lang) ?? t('source.unknown')}</dd>
        <dt>{t('source.firstSeen')}</dt>
        <dd>{fmtDate(view.first_seen, lang) ?? t('source.unknown')}</dd>
        <dt>{t('source.versions')}</dt>
        <dd>{view.versions ?? 1}</dd>
        <dt>{t('source.awesome')}</dt>
        <dd>{view.in_awesome ? t('common.yes') : t('common.no')}</dd>
        <dt>{t('source.installs')}</dt>
        <dd>{view.installs}</dd>
        <dt>{t('source.sha')}</dt>
        <dd>
          <code class="hash">{view.sha256}</code>
        </dd>
      </dl>
      <p class="hint">{t('limits.license')}</p>

      {view.kept && (
        <section class="kept">
          <h3>{t('source.copyOf')}</h3>
          <button class="link" data-testid="kept" onClick={() => view.kept && navigate({ screen: 'skill', id: view.kept.id, via: view.id })}>
            {displayName(view.kept)}
          </button>
        </section>
      )}
      <section class="copies">
        <h3>{t('source.copies')}</h3>
        {view.copies.length === 0 ? (
          <p class="hint">{t('source.noCopies')}</p>
        ) : (
          <ul>
            {view.copies.map((c) => (
              <li key={c.id}>
                <button class="link" data-testid="copy" data-id={c.id} onClick={() => navigate({ screen: 'skill', id: c.id })}>
                  {displayName(c)}
                </button>{' '}
                <span class="hint">{c.source.repo ?? c.source.path}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
