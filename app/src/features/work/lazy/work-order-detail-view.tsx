/** project/workOrderDetail/:id (and the fixed /wf/:id): one work order. */
import { useTranslation } from 'react-i18next';

import { ViewPage } from '@/components/crud/view';
import { LinkButton } from '@/components/ui/button';
import { ChevronLeftIcon } from '@/components/ui/icons';
import { useApp } from '@/lib/app-context';
import type { MenuViewProps } from '@/lib/console/menu-view';
import { menuTitle } from '@/lib/console/menu-routes';
import { useMenuPath } from '@/lib/console/use-menu-path';
import { OrderDetail } from '../components/order-detail';

export default function WorkOrderDetailView({ route, params }: Partial<MenuViewProps>) {
  const { t } = useTranslation('work');
  const { lang } = useApp();
  const menuPath = useMenuPath();
  const back = menuPath('workOrder');
  return (
    <ViewPage
      title={route ? menuTitle(route, lang) : t('detail.title')}
      actions={
        back ? (
          <LinkButton to={back} variant="secondary" size="sm">
            <ChevronLeftIcon className="size-4" />
            {t('detail.back')}
          </LinkButton>
        ) : null
      }
    >
      <OrderDetail id={Number(params?.id)} />
    </ViewPage>
  );
}
