// The model's card, in French or English. Without a card the model has not
// read the skill (R-LLM-8): only what the file itself declares is shown.
import { useState } from 'preact/hooks';
import type { CardText, Lang, SkillView } from '../api';
import { useT, type Key } from '../i18n';
import { app } from '../state';
import { useStore } from '../store';
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
    </div>
  );
}
