/** superAdmin/partnershipDialog: the partnership form as a page of its own; afterwards, the cooperative enterprises. */
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { FormPanel } from '@/components/crud/form-panel';
import { Panel, ViewPage } from '@/components/crud/view';
import { LinkButton } from '@/components/ui/button';
import { ChevronLeftIcon } from '@/components/ui/icons';
import { useApp } from '@/lib/app-context';
import type { MenuViewProps } from '@/lib/console/menu-view';
import { menuTitle } from '@/lib/console/menu-routes';
import { useMenuPath } from '@/lib/console/use-menu-path';
import { PARTNERSHIP_INITIAL, usePartnershipForm, type PartnershipValues } from '../components/partnership-form';

export default function PartnershipDialogView({ route }: MenuViewProps) {
  const { t } = useTranslation('enterprise');
  const { lang } = useApp();
  const navigate = useNavigate();
  const menuPath = useMenuPath();
  const partnership = usePartnershipForm();
  const back = menuPath('cooperativeEnterprise');
  return (
    <ViewPage
      title={menuTitle(route, lang)}
      actions={
        back ? (
          <LinkButton to={back} variant="secondary" size="sm">
            <ChevronLeftIcon className="size-4" />
            {t('partner.backToList')}
          </LinkButton>
        ) : null
      }
    >
      <Panel className="p-5">
        <FormPanel<PartnershipValues>
          testId="partnership-form"
          label={menuTitle(route, lang)}
          fields={partnership.fields}
          initialValues={PARTNERSHIP_INITIAL}
          submitLabel={t('partner.send')}
          onSubmit={async (v) => {
            await partnership.submit(v);
            if (back) void navigate(back);
          }}
        />
      </Panel>
    </ViewPage>
  );
}
