// The first screen: search-as-you-type over the catalog, facets, sort, and a
// keyboard-driven result list. Never blank: it says how to fill an empty
// catalog, and a running job is a calm banner, not an error.
import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks';
import {
  api,
  toApiError,
  type ApiError,
  type FacetName,
  type Hit as HitData,
  type SearchQuery,
  type SearchResponse,
  type Sort,
  type Status,
  type Safety,
} from '../api';
import { useT } from '../i18n';
import { startSync } from '../jobs';
import { app, catalogChanged, navigate, refreshInfo } from '../state';
import { useStore } from '../store';
import { highlightSegments } from '../text';
import { CatalogOffer } from './CatalogOffer';
import { ErrorBox, ReadingChips, StatusChip, displayName, fmtNumber } from './common';

// A screenful and then some: more come on demand ("More results"), and a
// smaller answer reaches the screen sooner at each keystroke.
const PAGE = 20;
// A `busy` answer whose job already ended is asked again, this often, at most
// this many times in a row.
const BUSY_RETRY_MS = 150;
const BUSY_RETRIES = 20;

/** One active value per facet; clicking it again clears it. */
export type Filters = Partial<Record<FacetName, string>>;

const FACETS: FacetName[] = ['status', 'safety', 'category', 'tags', 'tools', 'level'];
const SORTS: Sort[] = ['relevance', 'quality', 'stars', 'freshness'];

export function buildQuery(text: string, filters: Filters, sort: Sort, offset = 0): SearchQuery {
  // Unset keys are left out (not null): every key is optional on the Rust side.
  const q: SearchQuery = { text, sort, limit: PAGE, offset };
  if (filters.status) q.status = [filters.status as Status];
  if (filters.safety) q.safety = filters.safety as Safety;
  if (filters.category) q.category = filters.category;
  if (filters.tags) q.tag = filters.tags;
  if (filters.tools) q.tool = filters.tools;
  if (filters.level) q.level = filters.level;
  return q;
}

export function openHit(hit: HitData): void {
  const e = hit.entry;
  // R-DUP-3: a copy's page is its kept skill; say which copy was opened.
  navigate(e.copy_of ? { screen: 'skill', id: e.copy_of, via: e.id } : { screen: 'skill', id: e.id });
}

export function Search({ active }: { active: boolean }) {
  const t = useT();
  const { info, catalogVersion, focusSearch, lang } = useStore(app);
  const [text, setText] = useState('');
  const [filters, setFilters] = useState<Filters>({});
  const [sort, setSort] = useState<Sort>('relevance');
  const [res, setRes] = useState<SearchResponse | null>(null);
  // The text the results on screen answer (read by the benchmarks).
  const [answered, setAnswered] = useState<string | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const [selected, setSelected] = useState(0);
  const seq = useRef(0);
  // Searches asked again after a `busy` whose job had already ended.
  const busyRetries = useRef(0);
  const input = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLOListElement>(null);

  // A layout effect: it runs right after the render, where a plain effect
  // would wait for the next frame before even asking.
  useLayoutEffect(() => {
    // Every keystroke searches at once (a search takes milliseconds, so a
    // debounce would only add its delay). Each request gets a number; an
    // answer that is not the latest is stale and dropped.
    const mine = ++seq.current;
    const asked = text;
    api.search(buildQuery(text, filters, sort)).then(
      (r) => {
        if (mine !== seq.current) return;
        busyRetries.current = 0;
        setRes(r);
        setAnswered(asked);
        setError(null);
        setSelected(0);
      },
      (e) => {
        if (mine !== seq.current) return;
        const err = toApiError(e);
        setError(err);
        // Learn which job holds the catalog, so the app can tell when it ends.
        // If it has ended already (between the answer and this question),
        // nobody will say so later: ask again now, a bounded number of times.
        if (err.kind === 'busy') {
          void refreshInfo().then((i) => {
            if (i && !i.job && busyRetries.current < BUSY_RETRIES) {
              busyRetries.current += 1;
              setTimeout(catalogChanged, BUSY_RETRY_MS);
            }
          });
        }
      },
    );
  }, [text, filters, sort, catalogVersion]);

  // Keyboard first: the box has focus whenever this screen shows (and on demand).
  useEffect(() => {
    if (active) input.current?.focus();
  }, [active, focusSearch]);

  const hits = res?.hits ?? [];

  useEffect(() => {
    list.current?.querySelector('.hit.selected')?.scrollIntoView?.({ block: 'nearest' });
  }, [selected]);

  // The key handler reads the latest hits and selection through a ref: key
  // repeat can outrun the re-registration of an effect.
  const live = useRef({ hits, selected });
  live.current = { hits, selected };

  useEffect(() => {
    if (!active) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey) return;
      const target = e.target as HTMLElement;
      const neutral = target.id === 'search' || target === document.body || !!target.closest?.('.hit');
      const { hits: list, selected: i } = live.current;
      if (!neutral || list.length === 0) return;
      if (e.key === 'ArrowDown') {
        e.preventDefault();
        setSelected(Math.min(list.length - 1, i + 1));
        live.current.selected = Math.min(list.length - 1, i + 1);
      } else if (e.key === 'ArrowUp') {
        e.preventDefault();
        setSelected(Math.max(0, i - 1));
        live.current.selected = Math.max(0, i - 1);
      } else if (e.key === 'Enter') {
        e.preventDefault();
        const hit = list[i];
        if (hit) openHit(hit);
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [active]);

  const toggle = (name: FacetName, value: string) =>
    setFilters((f) => ({ ...f, [name]: f[name] === value ? undefined : value }));

  const more = () => {
    const mine = seq.current;
    api.search(buildQuery(text, filters, sort, hits.length)).then(
      (r) => {
        if (mine !== seq.current) return;
        setRes((old) => (old ? { ...old, hits: [...old.hits, ...r.hits] } : r));
      },
      (e) => mine === seq.current && setError(toApiError(e)),
    );
  };

  const emptyCatalog = info?.skills === 0;
  const anyFilter = Object.values(filters).some(Boolean);

  return (
    <div class="search-screen" data-answered={answered ?? undefined}>
      <div class="search-bar">
        <input
          id="search"
          ref={input}
          type="search"
          autocomplete="off"
          spellcheck={false}
          placeholder={t('search.placeholder')}
          aria-label={t('search.label')}
          aria-controls="results"
          aria-activedescendant={hits[selected] ? `hit-${hits[selected].entry.id}` : undefined}
          value={text}
          onInput={(e) => setText((e.target as HTMLInputElement).value)}
        />
        <label class="sort">
          {t('search.sort')}
          <select id="sort" value={sort} onChange={(e) => setSort((e.target as HTMLSelectElement).value as Sort)}>
            {SORTS.map((s) => (
              <option key={s} value={s}>
                {t(`sort.${s}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <p class="hint">{t('search.keys')}</p>
      <ErrorBox error={error} />
      <div class="search-body">
        <aside class="facets" aria-label={t('facets.label')}>
          {res &&
            FACETS.map((name) => (
              <FacetGroup key={name} name={name} values={res.facets?.[name] ?? []} active={filters[name]} onToggle={toggle} />
            ))}
          {anyFilter && (
            <button class="link" data-testid="clear-filters" onClick={() => setFilters({})}>
              {t('facets.clear')}
            </button>
          )}
        </aside>
        <section class="results" aria-live="polite">
          <CatalogOffer />
          <p id="result-count" class="count">
            {res ? t(res.total === 1 ? 'search.count.one' : 'search.count.other', { n: fmtNumber(res.total, lang) }) : t('search.loading')}
          </p>
          {emptyCatalog ? (
            <FillCatalog message={t('empty.catalog')} />
          ) : res && res.total === 0 && hits.length === 0 ? (
            <FillCatalog message={t(anyFilter || text ? 'empty.noMatch' : 'empty.nothingListed')} />
          ) : null}
          <ol
            id="results"
            ref={list}
            class="hits"
            role="listbox"
            aria-label={t('search.results')}
          >
            {hits.map((h, i) => (
              <Hit key={h.entry.id} hit={h} selected={i === selected} />
            ))}
          </ol>
          {res && hits.length < res.total && (
            <button class="more" data-testid="more" onClick={more}>
              {t('search.more')}
            </button>
          )}
        </section>
      </div>
    </div>
  );
}

function FacetGroup({
  name,
  values,
  active,
  onToggle,
}: {
  name: FacetName;
  values: [string, number][];
  active: string | undefined;
  onToggle: (name: FacetName, value: string) => void;
}) {
  const t = useT();
  if (values.length === 0) return null;
  const label = (v: string) =>
    name === 'status' ? t(`status.${v as Status}`) : name === 'safety' ? t(`safety.${v as Safety}`) : v;
  return (
    <section class="facet" data-facet-group={name}>
      <h3>{t(`facet.${name}`)}</h3>
      <ul>
        {values.map(([v, n]) => (
          <li key={v}>
            <button
              class={`facet-value${active === v ? ' active' : ''}`}
              data-facet={name}
              data-value={v}
              aria-pressed={active === v}
              onClick={() => onToggle(name, v)}
            >
              <span class="facet-name">{label(v)}</span>
              <span class="facet-count">{n}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Hit({ hit, selected }: { hit: HitData; selected: boolean }) {
  const t = useT();
  const e = hit.entry;
  // A snippet with no highlight is the description again (the index falls
  // back on it): shown once is enough.
  const highlights = hit.snippet?.highlights ?? [];
  const segments =
    hit.snippet && (highlights.length > 0 || hit.snippet.text !== e.description)
      ? highlightSegments(hit.snippet.text, highlights)
      : [];
  return (
    <li
      class={`hit${selected ? ' selected' : ''}`}
      data-id={e.id}
      id={`hit-${e.id}`}
      role="option"
      aria-selected={selected}
      onClick={() => openHit(hit)}
    >
      <div class="hit-head">
        <span class="hit-title">{displayName(e)}</span>
        <StatusChip status={e.status} />
        <ReadingChips entry={e} />
        {e.copy_of && <span class="chip copy">{t('hit.copy')}</span>}
      </div>
      {e.description && <p class="hit-desc">{e.description}</p>}
      {segments.length > 0 && (
        <p class="snippet">
          {segments.map((s, i) => (s.mark ? <mark key={i}>{s.text}</mark> : s.text))}
        </p>
      )}
      <p class="hit-meta">
        <span class="source">{e.source.repo ?? e.source.path}</span>
        {hit.stars != null && <span class="stars">★ {hit.stars}</span>}
        {hit.category && <span>{hit.category}</span>}
      </p>
    </li>
  );
}

/** How to fill the catalog: a sync of the public sources, or a local folder. */
function FillCatalog({ message }: { message: string }) {
  const t = useT();
  return (
    <div class="empty" data-testid="empty">
      <p>{message}</p>
      <div class="actions">
        <button
          class="primary"
          data-testid="empty-sync"
          onClick={() => {
            navigate({ screen: 'sync' });
            void startSync({ sources: [], no_llm: false, limit: null });
          }}
        >
          {t('empty.sync')}
        </button>
        <button
          data-testid="empty-add-folder"
          onClick={() => {
            navigate({ screen: 'sync' });
            app.set({ focusFolder: app.get().focusFolder + 1 });
          }}
        >
          {t('empty.addFolder')}
        </button>
      </div>
    </div>
  );
}
