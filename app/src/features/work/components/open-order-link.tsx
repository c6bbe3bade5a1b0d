/** "Open work order" from another screen: a link to the quick dialog view with what that screen knows. */
import { useTranslation } from 'react-i18next';

import { LinkButton } from '@/components/ui/button';
import { ClipboardIcon } from '@/components/ui/icons';
import { useMenuPath } from '@/lib/console/use-menu-path';
import { prefillToQuery, type OrderPrefill } from '../prefill';

/** Nothing when the role has no work-order dialog in its menu. */
export function OpenOrderLink({ prefill, compact = false }: { prefill: OrderPrefill; compact?: boolean }) {
  const { t } = useTranslation('work');
  const menuPath = useMenuPath();
  const base = menuPath('projectDialog');
  if (!base) return null;
  const label = t('quick.open');
  return (
    <LinkButton
      to={`${base}?${prefillToQuery(prefill)}`}
      variant={compact ? 'ghost' : 'secondary'}
      size="sm"
      className={compact ? 'shrink-0' : 'max-md:h-10'}
      aria-label={compact ? `${label}: ${prefill.plate ?? ''}` : undefined}
      title={compact ? label : undefined}
      data-testid="open-work-order"
    >
      <ClipboardIcon className="size-4" />
      {compact ? null : label}
    </LinkButton>
  );
}
