// App-wide state: the current screen (a tiny in-memory router: the webview
// never navigates, so there is no URL or hash to keep), the interface
// language and the catalog facts from `app_info`.
import { api, type AppInfo, type Lang } from './api';
import { createStore } from './store';

export type Route =
  | { screen: 'search' }
  | { screen: 'installed' }
  | { screen: 'sync' }
  | { screen: 'settings' }
  /** `via`: the id of an exact copy the user opened, shown as a note (R-DUP-3). */
  | { screen: 'skill'; id: string; via?: string };

export interface AppState {
  route: Route;
  history: Route[];
  lang: Lang;
  info: AppInfo | null;
  /** Bumped when a job changed the catalog, so open views ask again. */
  catalogVersion: number;
  /** Set when the search box should take focus (after `/` or Ctrl-K). */
  focusSearch: number;
  /** Set when the Sync screen's folder box should take focus ("add a local folder"). */
  focusFolder: number;
}

export const app = createStore<AppState>({
  route: { screen: 'search' },
  history: [],
  lang: 'en',
  info: null,
  catalogVersion: 0,
  focusSearch: 0,
  focusFolder: 0,
});

export function navigate(route: Route): void {
  const { route: current, history } = app.get();
  app.set({ route, history: [...history, current].slice(-50) });
}

/** Back to the previous screen; from a first skill page that is the search. */
export function back(): void {
  const { history } = app.get();
  const prev = history[history.length - 1] ?? { screen: 'search' };
  app.set({ route: prev, history: history.slice(0, -1) });
}

export function setLang(lang: Lang): void {
  document.documentElement.lang = lang;
  app.set({ lang });
}

export function focusSearch(): void {
  const { route } = app.get();
  if (route.screen !== 'search') navigate({ screen: 'search' });
  app.set({ focusSearch: app.get().focusSearch + 1 });
}

/** Asks `app_info` again (catalog size, running job); keeps the old one on error. */
export async function refreshInfo(): Promise<AppInfo | null> {
  try {
    const info = await api.appInfo();
    app.set({ info });
    return info;
  } catch {
    return app.get().info;
  }
}

export function catalogChanged(): void {
  app.set({ catalogVersion: app.get().catalogVersion + 1 });
  void refreshInfo();
}
