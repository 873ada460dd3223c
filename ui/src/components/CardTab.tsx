// The model's card, in French or English. Without a card the model has not
// read the skill (R-LLM-8): only what the file itself declares is shown.
import { useState } from 'preact/hooks';
import type { AuditLeftOut, CardText, Lang, ReadingInfo, SkillView } from '../api';
import { useT, type Key, type T } from '../i18n';
import { app } from '../state';
import { useStore } from '../store';
import { revealInvisible } from '../text';
import { List, Note } from './common';

const SECTIONS: [keyof CardText, Key][] = [
  ['strengths', 'card.strengths'],
  ['limits', 'card.limits'],
  ['when_to_use', 'card.whenToUse'],
  ['when_to_avoid', 'card.whenToAvoid'],
  ['example_requests', 'card.examples'],
];

export function CardTab({ view }: { view: SkillView }) {
  const t = useT();
  const { lang } = useStore(app);
  const [cardLang, setCardLang] = useState<Lang>(lang);
  const card = view.card;

  if (!card) {
    return (
      <div class="card-tab">
        <Note kind="warn" testid="card-unread">
          {t('card.unread')}
        </Note>
        <dl class="facts">
          <dt>{t('card.name')}</dt>
          <dd>{view.name ?? view.id}</dd>
          <dt>{t('card.description')}</dt>
          <dd>{view.description ?? '—'}</dd>
          <dt>{t('card.declaredTools')}</dt>
          <dd>{view.declared_tools?.length ? view.declared_tools.join(', ') : t('card.noTools')}</dd>
        </dl>
      </div>
    );
  }

  const text = card[cardLang];
  const other: Lang = cardLang === 'en' ? 'fr' : 'en';
  const r = view.reading;
  return (
    <div class="card-tab">
      <div class="card-toolbar">
        <button
          class="lang-toggle"
          data-testid="card-lang"
          data-lang={cardLang}
          aria-label={t(other === 'fr' ? 'card.showFr' : 'card.showEn')}
          onClick={() => setCardLang(other)}
        >
          <span class={cardLang === 'en' ? 'on' : ''}>EN</span>
          <span class={cardLang === 'fr' ? 'on' : ''}>FR</span>
        </button>
      </div>
      <div lang={cardLang} data-card-lang={cardLang}>
        <p class="summary" data-testid="card-summary">
          {text?.summary}
        </p>
        {SECTIONS.map(([field, label]) =>
          text?.[field] && (text[field] as string[]).length > 0 ? (
            <section key={field} class={`card-section card-${field}`}>
              <h3>{t(label)}</h3>
              <List items={text[field] as string[]} />
            </section>
          ) : null,
        )}
      </div>
      <dl class="facts">
        {card.category && (
          <>
            <dt>{t('card.category')}</dt>
            <dd>{card.category}</dd>
          </>
        )}
        {card.tags?.length > 0 && (
          <>
            <dt>{t('card.tags')}</dt>
            <dd class="tags">
              {card.tags.map((tag) => (
                <span key={tag} class="tag">
                  {tag}
                </span>
              ))}
            </dd>
          </>
        )}
        {card.compatible_tools?.length > 0 && (
          <>
            <dt>{t('card.tools')}</dt>
            <dd>{card.compatible_tools.join(', ')}</dd>
          </>
        )}
        {card.level && (
          <>
            <dt>{t('card.level')}</dt>
            <dd>{card.level}</dd>
          </>
        )}
        {view.declared_tools && view.declared_tools.length > 0 && (
          <>
            <dt>{t('card.declaredTools')}</dt>
            <dd>{view.declared_tools.join(', ')}</dd>
          </>
        )}
      </dl>
      {r && (
        // R-LLM-7: a card says which reading and limits produced it.
        <p class="hint" data-testid="card-reading">
          {t('card.reading', { model: r.model ?? '?', version: r.version, chars: r.card_chars.toLocaleString(app.get().lang) })}
          {r.card_truncated ? ` ${t('card.truncated')}` : ''}
        </p>
      )}
      {r && r.audit_files?.length ? (
        <p class="hint" data-testid="audit-scope">
          {auditScope(r, t)}
        </p>
      ) : null}
    </div>
  );
}

const WHY: Record<AuditLeftOut['why'], Key> = {
  'over-budget': 'audit.why.overBudget',
  binary: 'audit.why.binary',
  'not-read': 'audit.why.notRead',
  link: 'audit.why.link',
  special: 'audit.why.special',
};

/** A path from the skill, on one line, its invisible characters shown as codes. */
const shownPath = (path: string): string =>
  revealInvisible(path.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, ' '))
    .map((p) => p.text)
    .join('');

/** R-LLM-7: which files of the folder the audit read, and which not (as `show` says it). */
export function auditScope(r: ReadingInfo, t: T): string {
  const left = r.audit_left_out ?? [];
  const read = Math.max((r.audit_files?.length ?? 1) - 1, 0);
  const total = read + left.length;
  let s = total === 0 ? t('audit.scope.only') : t('audit.scope', { read, total });
  if (r.audit_cut) s += ` ${t('audit.scope.cut', { file: shownPath(r.audit_cut) })}`;
  if (left.length > 0) {
    const files = left.map((f) => {
      const kind = f.why === 'binary' && f.kind && f.kind !== 'binary' ? `, ${f.kind}` : '';
      return `${shownPath(f.path)} (${t(WHY[f.why] ?? 'audit.why.notRead')}${kind})`;
    });
    s += t('audit.scope.notRead', { files: files.join(', ') });
  }
  return `${s}.`;
}
