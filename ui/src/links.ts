// The webview must never navigate: skill text is hostile, and a followed link
// would leave the app's origin (and its CSP). Every anchor click is stopped;
// links with an allowed scheme are handed to the system browser through
// `open_link`, anything else (javascript:, data:, file:, relative) is dropped.
import { api } from './api';

const ALLOWED = new Set(['https:', 'http:', 'mailto:']);

export function allowedUrl(href: string | null): string | null {
  if (!href) return null;
  try {
    const url = new URL(href.trim());
    return ALLOWED.has(url.protocol) ? url.href : null;
  } catch {
    return null; // relative or malformed: nothing to open
  }
}

export function openLink(url: string): void {
  api.openLink(url).catch(() => {
    /* bad_input or failed: the link simply does not open */
  });
}

/**
 * Click handler for any container (and the document as a backstop): stops
 * the navigation and opens allowed links outside. Marks the event handled
 * (defaultPrevented) so the document-level backstop does not open it twice.
 */
export function guardLinkClick(e: Event): void {
  const target = e.target as Element | null;
  const anchor = target?.closest?.('a, area');
  if (!anchor || e.defaultPrevented) return;
  e.preventDefault();
  if (e.type !== 'click') return; // middle-click (auxclick): just stop it
  const url = allowedUrl(anchor.getAttribute('href'));
  if (url) openLink(url);
}

export function installLinkGuard(doc: Document): () => void {
  doc.addEventListener('click', guardLinkClick);
  doc.addEventListener('auxclick', guardLinkClick);
  return () => {
    doc.removeEventListener('click', guardLinkClick);
    doc.removeEventListener('auxclick', guardLinkClick);
  };
}
