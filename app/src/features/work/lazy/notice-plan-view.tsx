/**
 * project/noticePlan: notice plans (`inform_list`: keyword, enabled, project) that open orders on a schedule or by
 * mileage. Add, edit and delete (`update_inform`), switch on or off, copy (`copy_inform`; the copy is off), and each
 * plan's history of runs and the orders they opened (`event_list`).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { oneByOne, ResourceView } from '@/components/crud/resource-view';
import type { SearchValues } from '@/components/crud/search-form';
import { RowAction } from '@/components/crud/view';
import type { InformRow } from '@/lib/api-types';
import { useApp } from '@/lib/app-context';
import { useButtons } from '@/lib/console/menu-route-context';
import type { MenuViewProps } from '@/lib/console/menu-view';
import { menuTitle } from '@/lib/console/menu-routes';
import { orUndefined } from '@/lib/format';
import { useCopyInform } from '../api/copy-inform';
import { getInforms, type InformFilters } from '../api/get-informs';
import { useProjects } from '../api/get-projects';
import { workKeys } from '../api/keys';
import { useSaveInform } from '../api/save-inform';
import { useEnumOptions } from '../components/badges';
import { useInformColumns } from '../components/inform-columns';
import { useInformForm, type InformValues } from '../components/inform-form';
import { InformHistory } from '../components/inform-history';

function toParams(v: SearchValues): InformFilters {
  return {
    keyword: orUndefined(v.keyword?.trim()),
    enabled: v.enabled === 'true' ? true : v.enabled === 'false' ? false : undefined,
    projectId: v.projectId ? Number(v.projectId) : undefined,
  };
}

export default function NoticePlanView({ route }: MenuViewProps) {
  const { t } = useTranslation('work');
  const { lang } = useApp();
  const can = useButtons();
  const { yesNo } = useEnumOptions();
  const columns = useInformColumns();
  const form = useInformForm();
  const save = useSaveInform();
  const copy = useCopyInform();
  const projects = useProjects({ page: 1, pageSize: 100 });
  const [history, setHistory] = useState<InformRow | null>(null);
  return (
    <ResourceView<InformRow, InformFilters, InformValues, number>
      title={menuTitle(route, lang)}
      description={t('plan.inform.intro')}
      testId="informs"
      queryKey={workKeys.informs}
      fetchPage={getInforms}
      toParams={toParams}
      searchFields={[
        { name: 'keyword', label: t('plan.inform.keyword'), placeholder: t('plan.inform.keywordHint') },
        { name: 'enabled', label: t('plan.inform.enabled'), type: 'select', options: yesNo },
        { name: 'projectId', label: t('plan.inform.project'), type: 'select', options: (projects.data?.list ?? []).map((p) => ({ value: p.id, label: p.name })) },
      ]}
      columns={columns}
      rowKey={(p) => p.id}
      rowLabel={(p) => p.name}
      texts={{
        search: t('plan.inform.search'),
        loadFailed: t('plan.inform.loadFailed'),
        empty: t('plan.inform.empty'),
        confirmDelete: (p) => t('plan.inform.confirmDelete', { name: p.name }),
      }}
      form={{
        addLabel: t('plan.inform.add'),
        editTitle: (p) => t('plan.inform.editTitle', { name: p.name }),
        fields: form.fields,
        empty: form.empty,
        fromRow: form.fromRow,
        save: form.save,
        testId: 'inform-form',
      }}
      rowActions={(p) => (
        <>
          <RowAction onClick={() => { setHistory(p); }}>{t('plan.inform.history')}</RowAction>
          {can('edit') ? (
            <RowAction onClick={() => void save.mutateAsync({ id: p.id, enabled: !p.enabled }).catch(() => undefined)}>{p.enabled ? t('plan.inform.disable') : t('plan.inform.enable')}</RowAction>
          ) : null}
          {can('add') ? <RowAction onClick={() => void copy.mutateAsync({ id: p.id }).catch(() => undefined)}>{t('plan.inform.copy')}</RowAction> : null}
        </>
      )}
      remove={oneByOne((id: number) => save.mutateAsync({ id, delete: true }))}
    >
      {history ? <InformHistory plan={history} onClose={() => { setHistory(null); }} /> : null}
    </ResourceView>
  );
}
