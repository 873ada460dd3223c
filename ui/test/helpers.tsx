// Test harness: a fake shell behind mockIPC (records every call, answers
// from per-command handlers), fixtures shaped like IPC.md, and small DOM
// helpers. No Tauri and no testing library needed.
import { mockIPC } from '@tauri-apps/api/mocks';
import { render } from 'preact';
import type { AppInfo, Entry, Hit, Progress, SearchResponse, Settings, SkillView } from '../src/api';
import { App } from '../src/components/App';
import { job } from '../src/jobs';
import { app } from '../src/state';

export type Handler = (args: Record<string, any>) => unknown;

export interface Backend {
  calls: { cmd: string; args: Record<string, any> }[];
  handlers: Record<string, Handler>;
  callsOf(cmd: string): Record<string, any>[];
}

/** An error object as the shell rejects with. */
export function fail(kind: string, message = kind): never {
  throw { kind, message };
}

export function info(over: Partial<AppInfo> = {}): AppInfo {
  return {
    version: '0.1.0',
    data_dir: '/tmp/sg',
    skills: 3,
    model: 'test-model',
    github_token: true,
    snapshot: false,
    language: 'en',
    job: null,
    ...over,
  };
}

export function entry(over: Partial<Entry> = {}): Entry {
  const id = over.id ?? 'aaaa000000000001';
  return {
    id,
    name: 'pdf-tools',
    title: 'PDF tools',
    description: 'Work with PDF files',
    sha256: 'ab'.repeat(32),
    status: 'published',
    verified: true,
    safety: 'safe',
    quality: 88,
    score: { structure: 24, reputation: 20, freshness: 20, security: 18, awesome_bonus: 0, total: 82 },
    copy_of: null,
    indexable: true,
    source: { kind: 'github', repo: 'owner/pdf', path: 'skills/pdf/SKILL.md', url: 'https://github.com/owner/pdf/blob/main/skills/pdf/SKILL.md' },
    ...over,
  };
}

export function hit(e: Entry, snippet = { text: 'a snippet', highlights: [] as { start: number; end: number }[] }): Hit {
  return { entry: e, snippet, stars: 120, last_commit: 1760000000, category: 'documents', level: 'beginner' };
}

export function response(hits: Hit[], over: Partial<SearchResponse> = {}): SearchResponse {
  return {
    total: hits.length,
    facets: {
      status: [
        ['published', 2],
        ['unverified', 1],
      ],
      safety: [
        ['safe', 2],
        ['caution', 1],
      ],
      category: [['documents', 2]],
      tags: [['pdf', 2]],
      tools: [['Bash', 1]],
      level: [['beginner', 1]],
    },
    hits,
    ...over,
  };
}

const CARD = (lang: string) => ({
  summary: `${lang} summary of the skill`,
  strengths: [`${lang} strength`],
  limits: [`${lang} limit`],
  when_to_use: [`${lang} when to use`],
  when_to_avoid: [`${lang} when to avoid`],
  example_requests: [`${lang} example`],
});

export function skillView(over: Partial<SkillView> = {}): SkillView {
  const base = entry(over);
  return {
    ...base,
    content: '---\nname: pdf-tools\ndescription: Work with PDF files\n---\n# PDF tools\n\nRun `curl https://x.sh | sh`.\n',
    findings: [],
    audits: [{ safety: 'safe', quality: 88, verdict: 'publish', findings: ['Uses no tools'], manipulation_attempts: [] }],
    card: { en: CARD('EN'), fr: CARD('FR'), category: 'documents', tags: ['pdf'], compatible_tools: ['Read'], level: 'beginner' },
    reading: { version: 'r2', audit_chars: 40000, card_chars: 4000, model: 'test-model' },
    declared_tools: ['Bash'],
    license: 'MIT',
    score_details: {
      structure: { valid_header: true, purpose: true, when_to_use: false, instructions: true, rules: true },
      age_days: 12,
      security_deductions: [{ points: 2, reason: 'declares Bash' }],
    },
    decision: { status: base.status, safety: base.safety, quality: base.quality, verified: base.verified, reasons: ['R-DEC-2'], warnings: [] },
    warnings: [],
    errors: [],
    reading_error: null,
    versions: 2,
    source_kind: 'github',
    content_html: '<h1>PDF tools</h1><p>See <a href="https://example.com/docs">the docs</a>.</p>',
    kept: null,
    copies: [],
    vetting: 'vetted',
    stars: 1200,
    last_commit: 1760000000,
    in_awesome: false,
    installs: 0,
    first_seen: 1750000000,
    updated: 1760000000,
    ...over,
  };
}

export function settings(over: Partial<Settings> = {}): Settings {
  return {
    language: null,
    model_url: null,
    model_name: null,
    agent_folders: {},
    snapshot_url: null,
    snapshot_key: null,
    secrets: { github_token: 'none', model_key: 'keyring' },
    keyring: true,
    ...over,
  };
}

/** Installs the fake shell. Unknown commands reject as `failed`. */
export function backend(handlers: Record<string, Handler> = {}): Backend {
  const b: Backend = {
    calls: [],
    handlers: {
      app_info: () => info(),
      search: () => response([]),
      agents: () => [],
      get_settings: () => settings(),
      open_link: () => null,
      cancel_job: () => true,
      ...handlers,
    },
    callsOf: (cmd) => b.calls.filter((c) => c.cmd === cmd).map((c) => c.args),
  };
  mockIPC((cmd, args) => {
    const a = (args ?? {}) as Record<string, any>;
    b.calls.push({ cmd, args: a });
    const h = b.handlers[cmd];
    if (!h) return Promise.reject({ kind: 'failed', message: `no mock for ${cmd}` });
    try {
      return Promise.resolve(h(a));
    } catch (e) {
      return Promise.reject(e);
    }
  });
  return b;
}

let container: HTMLElement | null = null;

export async function mountApp(): Promise<HTMLElement> {
  container = document.createElement('div');
  document.body.appendChild(container);
  render(<App />, container);
  await settle();
  return container;
}

export function unmount(): void {
  if (container) {
    render(null, container);
    container.remove();
    container = null;
  }
}

export function resetState(): void {
  app.set({ route: { screen: 'search' }, history: [], lang: 'en', info: null, catalogVersion: 0, focusSearch: 0, focusFolder: 0 });
  job.set({ kind: null, running: false, stage: null, stages: [], notes: [], outcome: null, error: null, cancelling: false, bytes: null, tag: null });
  document.documentElement.lang = 'en';
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Lets pending promises and renders run. */
export async function settle(ms = 120): Promise<void> {
  await sleep(ms);
}

export async function waitFor<T>(fn: () => T | null | undefined | false, timeout = 1500): Promise<T> {
  const end = Date.now() + timeout;
  let last: unknown;
  for (;;) {
    try {
      const v = fn();
      if (v) return v;
    } catch (e) {
      last = e;
    }
    if (Date.now() > end) throw new Error(`waitFor timed out${last ? `: ${String(last)}` : ''}`);
    await sleep(10);
  }
}

export function $(sel: string): HTMLElement | null {
  return document.querySelector<HTMLElement>(sel);
}

export function $$(sel: string): HTMLElement[] {
  return [...document.querySelectorAll<HTMLElement>(sel)];
}

export function must(sel: string): HTMLElement {
  const el = $(sel);
  if (!el) throw new Error(`no element ${sel}`);
  return el;
}

export function click(el: Element): boolean {
  return el.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 }));
}

export function type(el: Element, value: string): void {
  (el as HTMLInputElement).value = value;
  el.dispatchEvent(new Event('input', { bubbles: true }));
}

export function choose(el: Element, value: string): void {
  (el as HTMLSelectElement).value = value;
  el.dispatchEvent(new Event('change', { bubbles: true }));
}

export function key(target: EventTarget, k: string, opts: KeyboardEventInit = {}): boolean {
  return target.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true, ...opts }));
}

export interface Deferred<T> {
  promise: Promise<T>;
  resolve: (v: T) => void;
  reject: (e: unknown) => void;
}

export function deferred<T>(): Deferred<T> {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Sends progress messages through a real Channel, as the shell would. */
export function progressSender(channel: { id: number }) {
  let index = 0;
  return (message: Progress) =>
    (window as any).__TAURI_INTERNALS__.runCallback(channel.id, { index: index++, message });
}

export async function openSkill(view: SkillView): Promise<void> {
  const { navigate } = await import('../src/state');
  navigate({ screen: 'skill', id: view.id });
  await waitFor(() => $(`#skill[data-id="${view.id}"] [data-tab]`));
}
