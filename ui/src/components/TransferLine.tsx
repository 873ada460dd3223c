// One line for a download counted in bytes: "12 MB of 40 MB · 1.2 MB/s · 23 s left".
// The rate and the time left appear once enough was measured.
import { useT } from '../i18n';
import { app } from '../state';
import { useStore } from '../store';
import { transferParts, type ByteCount } from '../transfer';

export function TransferLine({ bytes }: { bytes: ByteCount }) {
  const t = useT();
  const { lang } = useStore(app);
  const p = transferParts(bytes, lang);
  const parts = [
    p.total != null ? t('transfer.ofTotal', { done: p.done, total: p.total }) : p.done,
    p.rate,
    p.left != null ? t('transfer.left', { time: p.left }) : null,
  ].filter((x): x is string => x != null);
  return (
    <p class="transfer" data-testid="transfer">
      {parts.join(' · ')}
    </p>
  );
}
