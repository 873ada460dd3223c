// The first launch's offer, on the home view: the publisher's verified
// catalog (how many skills, how big, how recent: read from its signed index
// only), one button to take it, and its download followed here with bytes,
// rate and time left, Cancel and Resume. Declining hides it for good.
// Everything it shows is text: the address and numbers go through JSX.
import { useEffect, useState } from 'preact/hooks';
import { api, toApiError, type ApiError, type CatalogOffer as Offer } from '../api';
import { useT } from '../i18n';
import { cancelJob, job, startCatalogSync, type JobState } from '../jobs';
import { app } from '../state';
import { useStore } from '../store';
import { ErrorBox, fmtBytes, fmtDate, fmtNumber, Note } from './common';
import { TransferLine } from './TransferLine';

export function CatalogOffer() {
  const t = useT();
  const { info, lang } = useStore(app);
  const state = useStore(job);
  const [offer, setOffer] = useState<Offer | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const [asked, setAsked] = useState(0);
  const offered = !!info?.catalog_offer;
  const ours = state.tag === 'offer';

  useEffect(() => {
    if (!offered) return;
    let live = true;
    setError(null);
    api.catalogOffer().then(
      (o) => live && setOffer(o),
      (e) => live && setError(toApiError(e)),
    );
    return () => {
      live = false;
    };
  }, [offered, asked, info?.publisher?.address, info?.publisher?.key_id]);

  // Shown at a first launch, and while (or after) its own sync runs.
  if (!offered && !(ours && state.running)) return null;

  const decline = () => {
    api.declineCatalogOffer().then(
      (i) => app.set({ info: i }),
      (e) => setError(toApiError(e)),
    );
  };

  if (ours && state.running) {
    return (
      <section class="offer panel" data-testid="offer" data-state="running" aria-live="polite">
        <h2>{t('offer.running')}</h2>
        <OfferProgress state={state} />
        <button data-testid="offer-cancel" disabled={state.cancelling} onClick={() => cancelJob()}>
          {t('common.cancel')}
        </button>
      </section>
    );
  }

  const stopped = ours && state.outcome?.kind === 'sync' && state.outcome.result.summary.cancelled;
  const failed = ours && !!state.error;
  const busy = state.running || !!info?.job;

  return (
    <section class="offer panel" data-testid="offer" data-state={stopped ? 'stopped' : failed ? 'failed' : 'offered'}>
      {offer ? (
        <>
          <h2 data-testid="offer-title">
            {offer.download_bytes != null
              ? t('offer.title', {
                  n: fmtNumber(offer.entries, lang),
                  size: fmtBytes(offer.download_bytes, lang),
                  date: fmtDate(offer.published_at, lang) ?? '',
                })
              : t('offer.titleNoSize', { n: fmtNumber(offer.entries, lang), date: fmtDate(offer.published_at, lang) ?? '' })}
          </h2>
          <p class="hint" data-testid="offer-from">
            {t('offer.from', { address: offer.address })}
          </p>
          <p class="hint">{t('offer.hint', { key: offer.key_id })}</p>
        </>
      ) : !error ? (
        <p class="hint" data-testid="offer-looking">
          {t('offer.looking')}
        </p>
      ) : null}
      {error && !ours && (
        <Note kind="warn" testid="offer-unreachable">
          {t('offer.unreachable')} {error.message}
        </Note>
      )}
      {stopped && <Note testid="offer-stopped">{t('offer.stopped')}</Note>}
      {failed && (
        <>
          <Note kind="warn" testid="offer-failed">
            {t('offer.failed')}
          </Note>
          <ErrorBox error={state.error} />
        </>
      )}
      <div class="actions">
        {stopped || failed ? (
          <button class="primary" data-testid="offer-resume" disabled={busy} onClick={() => startCatalogSync()}>
            {t('offer.resume')}
          </button>
        ) : error && !offer ? (
          <button data-testid="offer-retry" onClick={() => setAsked((n) => n + 1)}>
            {t('offer.retry')}
          </button>
        ) : (
          <button class="primary" data-testid="offer-take" disabled={!offer || busy} onClick={() => startCatalogSync()}>
            {t('offer.take')}
          </button>
        )}
        <button data-testid="offer-decline" onClick={decline}>
          {t('offer.decline')}
        </button>
      </div>
      <p class="hint">{t('offer.declineHint')}</p>
    </section>
  );
}

/** The running sync: its stage, then bytes (with rate and time left) when the download counts them, else items. */
function OfferProgress({ state }: { state: JobState }) {
  const t = useT();
  const current = state.stages.find((s) => s.stage === state.stage);
  const bytes = state.bytes && state.bytes.stage === state.stage ? state.bytes : null;
  return (
    <>
      <p class="stage" data-testid="offer-stage">
        {state.cancelling ? t('job.cancelling') : state.stage ? t(`stage.${state.stage}`) : t('job.starting')}
      </p>
      {bytes && bytes.total != null ? (
        <progress key="bytes" data-testid="offer-progress" max={Math.max(1, bytes.total)} value={bytes.done} />
      ) : current && current.total != null ? (
        <progress key="items" data-testid="offer-progress" max={Math.max(1, current.total)} value={current.done} />
      ) : (
        <progress key="indeterminate" data-testid="offer-progress" />
      )}
      {bytes ? (
        <TransferLine bytes={bytes} />
      ) : (
        current &&
        current.total != null && (
          <p class="counts" data-testid="offer-counts">
            {current.done} / {current.total}
          </p>
        )
      )}
    </>
  );
}
