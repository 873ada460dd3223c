// The UI's only way into the app: typed wrappers over the shell's commands
// (src-tauri/IPC.md). Names and JSON keys here must match that file exactly;
// nothing else in the UI calls `invoke`.
import { Channel, invoke } from '@tauri-apps/api/core';

export type Status = 'excluded' | 'unverified' | 'published' | 'pending' | 'rejected';
export type Safety = 'safe' | 'caution' | 'risky';
export type Sort = 'relevance' | 'quality' | 'stars' | 'freshness';
export type Lang = 'en' | 'fr';
export type JobKind = 'open' | 'sync' | 'verify' | 'rebuild' | 'update';

export interface AppInfo {
  version: string;
  data_dir: string;
  skills: number;
  model: string | null;
  github_token: boolean;
  /** A publisher is set (the default one, or one set in Settings): the `snapshot` source can run. */
  snapshot: boolean;
  /** That publisher; absent from an older shell. */
  publisher?: Publisher | null;
  /**
   * A first launch: only the starter examples in the catalog, a publisher
   * set, its offer not declined. The home view asks `catalog_offer` then.
   */
  catalog_offer?: boolean;
  language: Lang;
  job: JobKind | null;
}

/** Where the publisher was chosen: built in, changed by the environment (SKILLS_GUIDE_CATALOG, SKILLS_GUIDE_SNAPSHOT_PUBKEY), or set in Settings. */
export type PublisherOrigin = 'default' | 'environment' | 'custom';

/** The publisher whose signed catalog the `snapshot` source takes. */
export interface Publisher {
  address: string;
  /** The key's id (16 hex digits), when the key is known. */
  key_id: string | null;
  origin: PublisherOrigin;
}

/** The verified catalog offered at first launch, from its signed index alone. */
export interface CatalogOffer {
  address: string;
  key_id: string;
  origin: PublisherOrigin;
  sequence: number;
  published_at: number;
  entries: number;
  /** What the first sync downloads, when the publication says. */
  download_bytes: number | null;
}

export interface Score {
  structure: number;
  reputation: number;
  freshness: number;
  security: number;
  awesome_bonus: number;
  total: number;
}

export interface Entry {
  id: string;
  name: string | null;
  title: string | null;
  description: string | null;
  sha256: string;
  status: Status;
  verified: boolean;
  safety: Safety | null;
  quality: number | null;
  score: Score;
  copy_of: string | null;
  indexable: boolean;
  source: { kind: string; repo: string | null; path: string; url: string | null };
}

export interface SearchQuery {
  text?: string;
  status?: Status[];
  safety?: Safety;
  category?: string;
  tag?: string;
  tool?: string;
  level?: string;
  sort?: Sort;
  limit?: number;
  offset?: number;
  include_copies?: boolean;
}

export type FacetName = 'status' | 'safety' | 'category' | 'tags' | 'tools' | 'level';
export type Facets = Record<FacetName, [string, number][]>;

export interface Highlight {
  start: number;
  end: number;
}

export interface Hit {
  entry: Entry;
  snippet: { text: string; highlights: Highlight[] } | null;
  stars: number | null;
  last_commit: number | null;
  category: string | null;
  level: string | null;
}

export interface SearchResponse {
  total: number;
  facets: Facets;
  hits: Hit[];
}

export interface Finding {
  rule: string;
  /** 1-based in its file; 0 for a finding on the whole file (a binary, a link). */
  line: number;
  excerpt: string;
  /** The file of the skill folder it is in; absent for SKILL.md. */
  file?: string;
  /** A severity below the rule's for this finding alone (a vendor's own installer, documentation of attacks). */
  lowered_to?: Severity;
  /** What this finding is beyond its rule, for people (escaped by the engine). */
  note?: string;
  /** For text hidden by an evasion: the decoded text the rule matched. */
  decoded?: string;
  /** For a flow in code: where the data comes from; the finding's own file and line are where it goes. */
  source?: FlowEnd;
}

export type Severity = 'low' | 'medium' | 'high' | 'critical';

/** One end of a flow: a file of the skill folder (absent for SKILL.md) and a line. */
export interface FlowEnd {
  file?: string;
  line: number;
  excerpt: string;
}

export type FileState = 'read' | 'not-read' | 'link' | 'special' | 'error';
/** How the Content tab may show a file: only text read whole is ever shown. */
export type FileDisplay = 'markdown' | 'text' | 'none';
/** Why a file is not shown (`skill_file`'s `reason`). */
export type NotShown = 'binary' | 'media' | 'not-read' | 'link' | 'special' | 'error' | 'missing';

/** One file of the skill folder, as `skill`'s `folder` lists it. */
export interface FolderFile {
  /** Relative to the skill's folder, `/`-separated: the skill's own text. */
  path: string;
  sha256: string | null;
  bytes: number;
  /** `text`, `elf`, `zip`, `image`, `binary`…, for a file read whole. */
  kind: string | null;
  state: FileState;
  executable: boolean;
  /** Why it was not read, or where a link points (never followed). */
  note: string | null;
  /** The fixed rules' findings in it. */
  findings: number;
  display: FileDisplay;
}

/** One file of the current version (`skill_file`). */
export interface FileContent extends Omit<FolderFile, 'findings'> {
  reason: NotShown | null;
  /** Plain text, invisible characters already escaped as `\u{XXXX}`. */
  lines: string[];
  /** 1-based lines that held such characters. */
  hidden_lines: number[];
  total_lines: number;
  truncated: boolean;
  /** For markdown: sanitized in Rust, as `content_html` is. */
  html: string | null;
  findings: Finding[];
  version: string;
}

export interface AuditPass {
  safety: Safety;
  quality: number;
  verdict: 'publish' | 'review' | 'reject';
  findings: string[];
  manipulation_attempts: string[];
}

export interface CardText {
  summary: string;
  strengths: string[];
  limits: string[];
  when_to_use: string[];
  when_to_avoid: string[];
  example_requests: string[];
}

export interface Card {
  en: CardText;
  fr: CardText;
  category: string | null;
  tags: string[];
  compatible_tools: string[];
  level: string | null;
}

export interface ReadingInfo {
  version: string;
  audit_chars: number;
  card_chars: number;
  audit_truncated?: boolean;
  card_truncated?: boolean;
  /** From reading version 2: the folder's files the audit read (SKILL.md first), the one it cut, the ones it left out. */
  audit_files?: string[];
  audit_cut?: string | null;
  audit_left_out?: AuditLeftOut[];
  model?: string;
  read_at?: number;
}

export interface AuditLeftOut {
  path: string;
  bytes: number;
  why: 'over-budget' | 'binary' | 'not-read' | 'link' | 'special';
  kind?: string;
}

export interface ScoreDetails {
  structure: {
    valid_header: boolean;
    purpose: boolean;
    when_to_use: boolean;
    instructions: boolean;
    rules: boolean;
  };
  age_days: number | null;
  security_deductions: { points: number; reason: string }[];
}

export interface Decision {
  status: Status;
  safety: Safety | null;
  quality: number | null;
  verified: boolean;
  reasons: string[];
  warnings: string[];
}

export type Vetting = 'vetted' | 'unvetted' | 'refused';

export interface SkillView extends Entry {
  content: string;
  findings: Finding[];
  audits: AuditPass[];
  card: Card | null;
  reading: ReadingInfo | null;
  // Beyond the contract (the `show --json` extras): read defensively.
  declared_tools?: string[];
  license?: string | null;
  score_details?: ScoreDetails;
  decision?: Decision;
  warnings?: string[];
  errors?: string[];
  reading_error?: string | null;
  versions?: number;
  source_kind?: string;
  /** The skill folder's version hash. */
  version?: string;
  /** Files of the folder not arrived yet (a snapshot sync still bringing them). */
  files_pending?: number;
  // IPC.md's additions.
  content_html: string;
  kept: Entry | null;
  copies: Entry[];
  vetting: Vetting;
  stars: number | null;
  last_commit: number | null;
  in_awesome: boolean;
  installs: number;
  first_seen: number;
  updated: number;
  /** The skill folder's files, SKILL.md first. */
  folder?: FolderFile[];
}

export interface Agent {
  name: string;
  present: boolean;
  /** Where installs go for the user scope (the Settings' folder when set). */
  user_folder: string;
  /** The agent's usual user folder. */
  default_folder: string;
  project_folder: string;
}

export interface InstallRequest {
  id: string;
  agent: string | null;
  folder: string | null;
  scope: 'user' | 'project';
  project_dir: string | null;
  allow_unverified: boolean;
  force: boolean;
  name: string | null;
}

/** One file an install wrote (relative to the skill folder: the skill's own text). */
export interface InstalledFile {
  path: string;
  sha256: string;
  bytes: number;
  executable: boolean;
}

/** A file of the version an install does not write (not read whole, a link…). */
export interface NotInstalled {
  path: string;
  state: FileState;
  bytes: number;
  note: string | null;
}

/** What changed at one path of an install's folder since it was installed. */
export interface FileChange {
  path: string;
  change: 'edited' | 'removed' | 'added' | 'replaced';
  /** For an added or replaced entry. */
  kind?: 'file' | 'folder' | 'link' | 'other';
}

export interface InstallResult {
  /** The skill's SKILL.md, in the folder written. */
  path: string;
  name: string;
  action: 'new' | 'replaced' | 'adopted' | 'forced';
  vetting: 'vetted' | 'unvetted';
  skill_id: string;
  sha256: string;
  version?: string;
  files?: InstalledFile[];
  not_installed?: NotInstalled[];
  /** Entries of the user's found in the folder, left in place. */
  kept?: string[];
}

/** An installed skill folder compared with what was installed. */
export type Local = 'clean' | 'edited' | 'missing' | 'tampered';
/** What an update would do with an install (the catalog's policy says). */
export type UpdatePlan = 'up-to-date' | 'update' | 'read-first' | 'skip';
/** Why an update keeps an install as it is. */
export type UpdateSkip = 'gone' | 'missing' | 'tampered' | 'edited' | 'rejected' | 'not-vetted';

export interface Install {
  name: string;
  /** An agent's name, or `custom` for a folder the user named. */
  agent: string;
  scope: 'user' | 'project' | null;
  /** With `name`, what identifies the install. */
  folder: string;
  /** Its SKILL.md; every file written is in `files`. */
  path: string;
  skill_id: string;
  /** The version installed (SKILL.md's hash, the folder's version), and its status then. */
  sha256: string;
  version?: string;
  /** Every file written; absent from an older app: SKILL.md alone. */
  files?: InstalledFile[];
  not_installed?: NotInstalled[];
  /** Files edited or removed, entries added since the install. */
  changes?: FileChange[];
  unlisted_changes?: number;
  status: Status;
  allowed_unverified: boolean;
  installed_at: number;
  local: Local;
  upstream_changed: boolean;
  upstream_sha256: string | null;
  upstream_version?: string | null;
  /** null: the skill is no longer in the catalog. */
  upstream_status: Status | null;
  upstream_verified: boolean;
  upstream_safety: Safety | null;
  update: UpdatePlan;
  skip: UpdateSkip | null;
}

export interface UninstallRequest {
  folder: string;
  name: string;
  /** Remove files edited since they were installed: only after the user confirmed. */
  force: boolean;
}

export interface Uninstalled {
  name: string;
  path: string;
  local: Local;
  file_removed: boolean;
  folder_removed: boolean;
  /** The files removed, relative to the skill folder. */
  removed?: string[];
  /** Files Skills Guide did not write, left in place. */
  left: string[];
}

export interface UpdateRequest {
  /** Empty with `folder` null: every install. */
  names: string[];
  folder: string | null;
}

export interface UpdateOutcome {
  name: string;
  agent: string;
  folder: string;
  path: string;
  from_sha256: string;
  to_sha256: string | null;
  /** The folder's version hash, installed and in the catalog. */
  from_version?: string;
  to_version?: string | null;
  result: 'updated' | 'up-to-date' | 'skipped';
  skip: UpdateSkip | null;
  /** The reason in the CLI's words (English). */
  reason: string | null;
  status: Status | null;
  safety: Safety | null;
}

export interface Report {
  url: string | null;
  opened: boolean;
  title: string;
  body: string;
  repo: string | null;
}

export type Stage =
  | 'discover'
  | 'import'
  | 'read'
  | 'dedup'
  | 'index'
  | 'rebuild'
  /** A snapshot's records downloaded and checked. */
  | 'fetch'
  /** A snapshot's records written into the catalog. */
  | 'apply'
  // The engine's, never sent by the app's jobs.
  | 'export'
  | 'publish';

export type Progress =
  | { event: 'stage'; stage: Stage; total: number | null }
  | { event: 'advance'; stage: Stage; done: number; total: number | null }
  /** Bytes of the stage's downloads arrived (a snapshot's): for size, rate and time left. */
  | { event: 'bytes'; stage: Stage; done: number; total: number | null }
  | { event: 'note'; message: string };

export interface SyncRequest {
  sources: string[];
  no_llm: boolean;
  limit: number | null;
}

export interface SyncSummary {
  sources: string[];
  discovered: number;
  new_skills: number;
  new_versions: number;
  unchanged: number;
  excluded: number;
  copies_marked: number;
  errors: { path: string; reason: string }[];
  not_reached: number;
  stopped_at_limit: boolean;
  cancelled: boolean;
  skipped: string[];
  catalog_size: number;
  /** What each snapshot source gave; absent when none ran. */
  snapshots?: SnapshotStats[];
}

export interface SnapshotStats {
  address: string;
  key_id: string;
  /** The publication's number. */
  sequence: number;
  published_at: number;
  /** The publication was the one applied already: nothing to do. */
  up_to_date: boolean;
  entries: number;
  /** Requests to the host (or files read), and the bytes of their bodies. */
  requests: number;
  bytes: number;
  records_fetched: number;
  /** Records an earlier, interrupted sync had downloaded already. */
  records_from_cache: number;
  applied: number;
  removed: number;
  /** Left alone: the user's own skill is at the same place. */
  kept_local: number;
  /** An older publication, taken on purpose. */
  rolled_back: boolean;
}

export interface Readings {
  model: string;
  read: number;
  published: number;
  pending: number;
  rejected: number;
  failed: { id: string; name: string; reason: string }[];
  cancelled: boolean;
  stopped: string | null;
}

export interface SyncResult {
  summary: SyncSummary;
  readings: Readings | null;
}

export interface VerifyRequest {
  ids: string[];
  pending: boolean;
  unverified: boolean;
  all: boolean;
}

export type SecretPlace = 'keyring' | 'session' | 'environment' | 'none';
export type SecretName = 'github_token' | 'model_key';

export interface Settings {
  language: Lang | null;
  model_url: string | null;
  model_name: string | null;
  agent_folders: Record<string, string>;
  /** Where the `snapshot` source reads: an http(s) address or an absolute folder. */
  snapshot_url: string | null;
  /** The snapshot publisher's PUBLIC key (a line starting with RWQ). */
  snapshot_key: string | null;
  /** The default publisher was removed (changed by `set_publisher` only). */
  default_publisher_removed?: boolean;
  /** The first launch's offer was declined (changed by `decline_catalog_offer` only). */
  catalog_offer_declined?: boolean;
  secrets: Record<SecretName, SecretPlace>;
  keyring: boolean;
  /** The publisher the `snapshot` source takes now; null when none. */
  publisher?: Publisher | null;
  /** The built-in publisher (at the address SKILLS_GUIDE_CATALOG may give); null when turned off. */
  default_publisher?: { address: string; key_id: string } | null;
  /** The last publication applied from that publisher's key. */
  last_applied?: { address: string; sequence: number; published_at: number } | null;
  publisher_error?: string | null;
}

export type SettingsInput = Omit<
  Settings,
  'secrets' | 'keyring' | 'publisher' | 'default_publisher' | 'last_applied' | 'publisher_error'
>;

export type PublisherChoice = 'default' | 'none';

/** The model fields of the Settings form, as typed (not saved yet). */
export interface CheckModelRequest {
  model_url: string | null;
  model_name: string | null;
  /** A key typed and not saved yet; null: the saved one. */
  model_key: string | null;
}

export type ServerKind = 'llama-cpp' | 'ollama' | 'lm-studio' | 'vllm' | 'other';
export type ResponseFormat = 'json_schema' | 'json_object' | 'text';

/**
 * What the Test button found (`check_model`). Every string but `url`,
 * `context_source` and `slots_source` may come from the server: text only.
 */
export interface ModelCheck {
  url: string;
  model: string;
  server: {
    kind: ServerKind;
    /** The model ids the server lists; null when it did not answer. */
    models: string[] | null;
    models_error?: string;
    context_tokens: number | null;
    context_source: string | null;
    slots: number | null;
    slots_source: string | null;
  };
  /** Whether the server lists the model (null: no list). */
  model_listed: boolean | null;
  /** Readings sent at once. */
  concurrency: number;
  /** The characters of a skill the card and the audit will read… */
  card_chars: number;
  audit_chars: number;
  /** …out of these, with room to spare. */
  card_chars_full: number;
  audit_chars_full: number;
  answer: {
    response_format: ResponseFormat;
    seconds: number;
    attempts: number;
    prompt_tokens: number;
    completion_tokens: number;
    tokens_per_second: number | null;
    title: string;
  } | null;
  error: string | null;
  /** Readings will work: the test request got a valid answer. */
  ok: boolean;
  /** Which key was sent (never the key itself). */
  key: 'typed' | 'saved' | 'none';
  /** A key is saved, but for another address: it was not sent to this one. */
  key_withheld: boolean;
}

export type ErrorKind = 'busy' | 'not_found' | 'policy' | 'bad_input' | 'failed';

/** The shell's error object, as a real Error so it can be thrown and caught. */
/** For `policy` errors: which rule refused (see src-tauri/IPC.md). */
export type PolicyReason = 'rejected' | 'not_vetted' | 'foreign' | 'edited';

export class ApiError extends Error {
  constructor(
    public kind: ErrorKind,
    message: string,
    public reason: PolicyReason | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

const KINDS: ErrorKind[] = ['busy', 'not_found', 'policy', 'bad_input', 'failed'];
const REASONS: PolicyReason[] = ['rejected', 'not_vetted', 'foreign', 'edited'];

/** Whatever a command rejected with, as an ApiError (unknown shapes are `failed`). */
export function toApiError(e: unknown): ApiError {
  if (e instanceof ApiError) return e;
  if (e && typeof e === 'object' && 'kind' in e) {
    const o = e as { kind: unknown; message?: unknown; reason?: unknown };
    const kind = KINDS.includes(o.kind as ErrorKind) ? (o.kind as ErrorKind) : 'failed';
    const reason = REASONS.includes(o.reason as PolicyReason) ? (o.reason as PolicyReason) : null;
    return new ApiError(kind, String(o.message ?? ''), reason);
  }
  if (e instanceof Error) return new ApiError('failed', e.message);
  return new ApiError('failed', String(e));
}

async function call<T>(cmd: string, args?: Record<string, unknown>): Promise<T> {
  try {
    return await invoke<T>(cmd, args);
  } catch (e) {
    throw toApiError(e);
  }
}

function channel(onProgress: (p: Progress) => void): Channel<Progress> {
  const ch = new Channel<Progress>();
  ch.onmessage = onProgress;
  return ch;
}

export const api = {
  appInfo: () => call<AppInfo>('app_info'),
  search: (query: SearchQuery) => call<SearchResponse>('search', { query }),
  skill: (id: string) => call<SkillView>('skill', { id }),
  skillFile: (id: string, path: string) => call<FileContent>('skill_file', { id, path }),
  install: (request: InstallRequest) => call<InstallResult>('install', { request }),
  agents: () => call<Agent[]>('agents'),
  installed: () => call<Install[]>('installed'),
  uninstall: (request: UninstallRequest) => call<Uninstalled>('uninstall', { request }),
  startUpdate: (request: UpdateRequest, onProgress: (p: Progress) => void) =>
    call<UpdateOutcome[]>('start_update', { request, onProgress: channel(onProgress) }),
  report: (id: string) => call<Report>('report', { id }),
  openLink: (url: string) => call<null>('open_link', { url }),
  startSync: (request: SyncRequest, onProgress: (p: Progress) => void) =>
    call<SyncResult>('start_sync', { request, onProgress: channel(onProgress) }),
  startVerify: (request: VerifyRequest, onProgress: (p: Progress) => void) =>
    call<Readings>('start_verify', { request, onProgress: channel(onProgress) }),
  rebuildIndex: (onProgress: (p: Progress) => void) =>
    call<null>('rebuild_index', { onProgress: channel(onProgress) }),
  cancelJob: () => call<boolean>('cancel_job'),
  getSettings: () => call<Settings>('get_settings'),
  saveSettings: (settings: SettingsInput) => call<Settings>('save_settings', { settings }),
  setSecret: (name: SecretName, value: string | null) =>
    call<Settings>('set_secret', { name, value }),
  checkModel: (request: CheckModelRequest) => call<ModelCheck>('check_model', { request }),
  catalogOffer: () => call<CatalogOffer | null>('catalog_offer'),
  declineCatalogOffer: () => call<AppInfo>('decline_catalog_offer'),
  setPublisher: (choice: PublisherChoice) => call<Settings>('set_publisher', { choice }),
};
