// Small shared pieces: status and safety chips, the Verified badge, notes and
// error banners. The badge's rule lives here once: `verified` is its only
// switch (R-DEC-7), never the presence of a rating (R-LLM-8).
import type { ComponentChildren } from 'preact';
import type { ApiError, Entry, Safety, Status } from '../api';
import { useT } from '../i18n';

export function StatusChip({ status }: { status: Status }) {
  const t = useT();
  return (
    <span class={`chip status status-${status}`} data-status={status}>
      {t(`status.${status}`)}
    </span>
  );
}

export function SafetyChip({ safety }: { safety: Safety }) {
  const t = useT();
  return (
    <span class={`chip safety safety-${safety}`} data-safety={safety}>
      {t(`safety.${safety}`)}
    </span>
  );
}

/** The Verified badge with rating and quality; renders nothing unless `verified`. */
export function VerifiedBadge({ entry }: { entry: Pick<Entry, 'verified' | 'safety' | 'quality'> }) {
  const t = useT();
  if (!entry.verified) return null;
  return (
    <span class="badge verified" data-testid="verified">
      <span class="badge-mark" aria-hidden="true">
        ✓
      </span>
      {t('badge.verified')}
      {entry.safety && <span class="badge-part">{t(`safety.${entry.safety}`)}</span>}
      {entry.quality != null && (
        <span class="badge-part">{t('badge.quality', { n: entry.quality })}</span>
      )}
    </span>
  );
}

/** What a search hit or page header shows about the model's reading. */
export function ReadingChips({ entry }: { entry: Entry }) {
  const t = useT();
  if (entry.verified) return <VerifiedBadge entry={entry} />;
  if (entry.safety == null) {
    return (
      <span class="chip unread" data-testid="not-read">
        {t('note.notRead')}
      </span>
    );
  }
  return <SafetyChip safety={entry.safety} />;
}

export function Note({ children, kind = 'info', testid }: { children: ComponentChildren; kind?: string; testid?: string }) {
  return (
    <div class={`note note-${kind}`} data-testid={testid}>
      {children}
    </div>
  );
}

export function BusyBanner() {
  const t = useT();
  return (
    <div class="banner banner-busy" role="status" data-testid="busy-banner">
      {t('busy.banner')}
    </div>
  );
}

/** An error from a command; `busy` is not an error to the user, just a wait. */
export function ErrorBox({ error }: { error: ApiError | null }) {
  const t = useT();
  if (!error) return null;
  if (error.kind === 'busy') return <BusyBanner />;
  return (
    <div class="banner banner-error" role="alert" data-testid="error" data-kind={error.kind}>
      <strong>{t(`error.${error.kind}`)}</strong> {error.message}
    </div>
  );
}

export function List({ items, class: cls }: { items: string[] | undefined; class?: string }) {
  if (!items || items.length === 0) return null;
  return (
    <ul class={cls}>
      {items.map((it, i) => (
        <li key={i}>{it}</li>
      ))}
    </ul>
  );
}

export function displayName(e: Pick<Entry, 'title' | 'name' | 'id'>): string {
  return e.title || e.name || e.id;
}

export function fmtDate(unix: number | null | undefined, lang: string): string | null {
  if (unix == null) return null;
  return new Date(unix * 1000).toLocaleDateString(lang, { year: 'numeric', month: 'short', day: 'numeric' });
}

export function fmtNumber(n: number, lang: string): string {
  return n.toLocaleString(lang);
}

const BYTE_UNITS: Record<string, string[]> = {
  en: ['B', 'kB', 'MB', 'GB', 'TB'],
  fr: ['o', 'ko', 'Mo', 'Go', 'To'],
};

/** A byte count for people: 1.5 MB (powers of 1000, as file managers count). */
export function fmtBytes(n: number, lang: string): string {
  const units = BYTE_UNITS[lang] ?? BYTE_UNITS.en;
  let value = Math.max(0, n);
  let i = 0;
  while (value >= 1000 && i < units.length - 1) {
    value /= 1000;
    i++;
  }
  const digits = i === 0 || value >= 100 ? 0 : 1;
  return `${value.toLocaleString(lang, { maximumFractionDigits: digits })} ${units[i]}`;
}
