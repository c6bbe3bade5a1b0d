/** A webhook answer's HTTP status: green for 2xx, red otherwise, "none yet" before the first attempt. */
import { useTranslation } from 'react-i18next';

import { Badge } from '@/components/ui/states';

export function StatusBadge({ status }: { status: number | null }) {
  const { t } = useTranslation('rules');
  if (status === null) return <Badge tone="slate">{t('webhook.noStatus')}</Badge>;
  return <Badge tone={status >= 200 && status < 300 ? 'green' : 'red'}>{status}</Badge>;
}
