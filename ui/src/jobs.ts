// The one long job (sync, verify, rebuild, update) and its progress. It lives outside
// any screen so a sync keeps reporting while the user browses elsewhere, and
// the search screen can start one too.
import {
  api,
  ApiError,
  toApiError,
  type JobKind,
  type Progress,
  type Readings,
  type Stage,
  type SyncRequest,
  type SyncResult,
  type UpdateOutcome,
  type UpdateRequest,
  type VerifyRequest,
} from './api';
import { catalogChanged } from './state';
import { createStore } from './store';
import { addSample, type ByteCount } from './transfer';

export interface StageCount {
  stage: Stage;
  done: number;
  total: number | null;
}

export type JobOutcome =
  | { kind: 'sync'; result: SyncResult }
  | { kind: 'verify'; result: Readings }
  | { kind: 'rebuild' }
  | { kind: 'update'; result: UpdateOutcome[] };

export interface JobState {
  kind: JobKind | null;
  running: boolean;
  stage: Stage | null;
  /** Every stage seen, in order, with its latest counts. */
  stages: StageCount[];
  notes: string[];
  outcome: JobOutcome | null;
  error: ApiError | null;
  cancelling: boolean;
  /** The bytes downloaded so far, with the samples the rate is measured from. */
  bytes?: ByteCount | null;
  /** Who started the job, when it was not the Sync screen (`offer`: the first launch's offer). */
  tag?: string | null;
}

const idle: JobState = {
  kind: null,
  running: false,
  stage: null,
  stages: [],
  notes: [],
  outcome: null,
  error: null,
  cancelling: false,
  bytes: null,
  tag: null,
};

export const job = createStore<JobState>(idle);

export function onProgress(p: Progress): void {
  const s = job.get();
  if (p.event === 'note') {
    job.set({ notes: [...s.notes, p.message] });
    return;
  }
  if (p.event === 'bytes') {
    job.set({ bytes: addSample(s.bytes ?? null, p.stage, p.done, p.total, Date.now()) });
    return;
  }
  const done = p.event === 'advance' ? p.done : 0;
  const known = s.stages.some((c) => c.stage === p.stage);
  const stages = known
    ? s.stages.map((c) => (c.stage === p.stage ? { stage: p.stage, done, total: p.total } : c))
    : [...s.stages, { stage: p.stage, done, total: p.total }];
  job.set({ stage: p.stage, stages });
}

async function run(kind: JobKind, start: () => Promise<JobOutcome>, tag: string | null = null): Promise<void> {
  if (job.get().running) return;
  job.set({ ...idle, kind, running: true, tag });
  try {
    const outcome = await start();
    job.set({ running: false, outcome, cancelling: false });
  } catch (e) {
    job.set({ running: false, error: toApiError(e), cancelling: false });
  }
  // Even a failed or cancelled job may have changed part of the catalog.
  catalogChanged();
}

export function startSync(request: SyncRequest): Promise<void> {
  return run('sync', async () => ({ kind: 'sync', result: await api.startSync(request, onProgress) }));
}

/**
 * The verified catalog offered at first launch: the publisher's snapshot,
 * as the Sync screen's `snapshot` source. Run again after a cancel or a
 * failure, it resumes: what was downloaded and checked is kept.
 */
export function startCatalogSync(): Promise<void> {
  const request: SyncRequest = { sources: ['snapshot'], no_llm: true, limit: null };
  return run('sync', async () => ({ kind: 'sync', result: await api.startSync(request, onProgress) }), 'offer');
}

export function startVerify(request: VerifyRequest): Promise<void> {
  return run('verify', async () => ({
    kind: 'verify',
    result: await api.startVerify(request, onProgress),
  }));
}

export function rebuildIndex(): Promise<void> {
  return run('rebuild', async () => {
    await api.rebuildIndex(onProgress);
    return { kind: 'rebuild' };
  });
}

/** Brings installs up to the catalog's versions (the Installed screen). */
export function startUpdate(request: UpdateRequest): Promise<void> {
  return run('update', async () => ({ kind: 'update', result: await api.startUpdate(request, onProgress) }));
}

export async function cancelJob(): Promise<void> {
  job.set({ cancelling: true });
  try {
    await api.cancelJob();
  } catch (e) {
    job.set({ cancelling: false, error: toApiError(e) });
  }
}
