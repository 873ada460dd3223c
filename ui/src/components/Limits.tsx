// The limits the product states where the user decides (R-LIM, spec §9).
import { useT } from '../i18n';

export function Limits() {
  const t = useT();
  return (
    <section class="limits" data-testid="limits">
      <h3>{t('limits.title')}</h3>
      <ul>
        <li>{t('limits.onlySkillMd')}</li>
        <li>{t('limits.truncation')}</li>
        <li>{t('limits.model')}</li>
        <li>{t('limits.rules')}</li>
        <li>{t('limits.before')}</li>
        <li>{t('limits.license')}</li>
      </ul>
    </section>
  );
}
