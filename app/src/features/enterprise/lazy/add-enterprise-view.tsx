/**
 * superAdmin/addEnterpriseDialog: the add-enterprise form as a page of its own (the list opens the same fields in a
 * dialog). After saving, the new enterprise's detail page (or the list) is shown.
 */
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { FormPanel } from '@/components/crud/form-panel';
import { Panel, ViewPage } from '@/components/crud/view';
import { LinkButton } from '@/components/ui/button';
import { ChevronLeftIcon } from '@/components/ui/icons';
import { ErrorState, LoadingState } from '@/components/ui/states';
import { useApp } from '@/lib/app-context';
import type { MenuViewProps } from '@/lib/console/menu-view';
import { menuTitle } from '@/lib/console/menu-routes';
import { useMenuPath } from '@/lib/console/use-menu-path';
import { useEnterpriseTree } from '../api/get-enterprise-tree';
import { useSaveEnterprise } from '../api/save-enterprise';
import { enterprisePayload, enterpriseValues, useEnterpriseFields, type EnterpriseValues } from '../components/enterprise-fields';
import { parentOptions } from '../model';

export default function AddEnterpriseView({ route }: MenuViewProps) {
  const { t } = useTranslation('enterprise');
  const { lang } = useApp();
  const navigate = useNavigate();
  const menuPath = useMenuPath();
  const tree = useEnterpriseTree(null);
  const save = useSaveEnterprise();
  const fields = useEnterpriseFields({ parents: parentOptions(tree.data ?? [], null) });
  const back = menuPath('enterpriseList');
  return (
    <ViewPage
      title={menuTitle(route, lang)}
      actions={
        back ? (
          <LinkButton to={back} variant="secondary" size="sm">
            <ChevronLeftIcon className="size-4" />
            {t('detail.backToList')}
          </LinkButton>
        ) : null
      }
    >
      <Panel className="p-5">
        {tree.isError ? (
          <ErrorState onRetry={() => void tree.refetch()} />
        ) : tree.isPending ? (
          <LoadingState />
        ) : (
          <FormPanel<EnterpriseValues>
            testId="enterprise-add-form"
            label={menuTitle(route, lang)}
            fields={fields}
            initialValues={enterpriseValues(null)}
            submitLabel={t('list.add')}
            onSubmit={async (v) => {
              const created = await save.mutateAsync(enterprisePayload(v, true));
              const to = menuPath('enterpriseDetail', { id: created.entId }) ?? back;
              if (to) void navigate(to);
            }}
          />
        )}
      </Panel>
    </ViewPage>
  );
}
