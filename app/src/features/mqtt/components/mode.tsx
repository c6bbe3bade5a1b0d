/** The broker mode as a badge: embedded, external, both, off. */
import { useTranslation } from 'react-i18next';

import { Badge } from '@/components/ui/states';

export function ModeBadge({ mode }: { mode: string }) {
  const { t } = useTranslation('mqtt');
  const label = mode === 'embedded' ? t('mode.embedded') : mode === 'external' ? t('mode.external') : mode === 'both' ? t('mode.both') : t('mode.off');
  return (
    <span data-testid="mqtt-mode" data-mode={mode}>
      <Badge tone={mode === 'off' ? 'slate' : 'green'}>{label}</Badge>
    </span>
  );
}
