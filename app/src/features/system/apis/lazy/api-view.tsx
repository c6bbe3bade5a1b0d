/** superAdmin/api: the API registry, paged and searchable; create, edit, delete (one, or the selected ones). */
import { useTranslation } from 'react-i18next';

import type { FieldDef } from '@/components/crud/form';
import { ResourceView } from '@/components/crud/resource-view';
import { Button } from '@/components/ui/button';
import { TrashIcon } from '@/components/ui/icons';
import { Badge } from '@/components/ui/states';
import { orUndefined } from '@/lib/format';
import { useApp } from '@/lib/app-context';
import type { MenuViewProps } from '@/lib/console/menu-view';
import { useButtons } from '@/lib/console/menu-route-context';
import { menuTitle } from '@/lib/console/menu-routes';
import { HTTP_METHODS, type SysApi } from '../../types';
import { useDeleteApi } from '../api/delete-api';
import { useDeleteApisByIds } from '../api/delete-apis-by-ids';
import { apiListKey, getApiList, type ApiListParams } from '../api/get-api-list';
import { useSaveApi } from '../api/save-api';

type Filters = Omit<ApiListParams, 'page' | 'pageSize'>;
interface Values { path: string; description: string; apiGroup: string; method: string }

const METHOD_TONE: Partial<Record<string, 'green' | 'blue' | 'amber' | 'red'>> = { GET: 'green', POST: 'blue', PUT: 'amber', DELETE: 'red' };

export default function ApiView({ route }: MenuViewProps) {
  const { t } = useTranslation('system');
  const { lang } = useApp();
  const can = useButtons();
  const save = useSaveApi();
  const remove = useDeleteApi();
  const removeMany = useDeleteApisByIds();
  const methodOptions = HTTP_METHODS.map((m) => ({ value: m, label: m }));

  const fields: FieldDef<Values>[] = [
    { name: 'path', label: t('apis.path'), type: 'text', required: true, pattern: { re: /^\//, message: t('apis.pathInvalid') } },
    { name: 'method', label: t('apis.method'), type: 'select', required: true, options: methodOptions },
    { name: 'apiGroup', label: t('apis.group'), type: 'text', required: true },
    { name: 'description', label: t('apis.description'), type: 'text', required: true },
  ];

  return (
    <ResourceView<SysApi, Filters, Values, number>
      title={menuTitle(route, lang)}
      testId="api"
      queryKey={apiListKey}
      fetchPage={getApiList}
      toParams={(v) => ({ path: orUndefined(v.path), description: orUndefined(v.description), apiGroup: orUndefined(v.apiGroup), method: orUndefined(v.method) })}
      searchFields={[
        { name: 'path', label: t('apis.path') },
        { name: 'description', label: t('apis.description') },
        { name: 'apiGroup', label: t('apis.group') },
        { name: 'method', label: t('apis.method'), type: 'select', options: methodOptions },
      ]}
      columns={[
        { key: 'path', header: t('apis.path'), primary: true, cell: (a) => <span className="font-mono text-xs text-slate-900">{a.path}</span> },
        { key: 'method', header: t('apis.method'), cell: (a) => <Badge tone={METHOD_TONE[a.method.toUpperCase()] ?? 'slate'}>{a.method.toUpperCase()}</Badge> },
        { key: 'group', header: t('apis.group'), cell: (a) => a.apiGroup },
        { key: 'description', header: t('apis.description'), cell: (a) => a.description },
      ]}
      rowKey={(a) => a.ID}
      rowLabel={(a) => a.path}
      texts={{
        search: t('apis.search'),
        loadFailed: t('common.loadFailed'),
        confirmDelete: (a) => t('apis.confirmDelete', { path: `${a.method} ${a.path}` }),
        confirmDeleteSelected: (count) => t('apis.confirmDeleteMany', { count }),
        selectPage: t('apis.selectPage'),
        selectRow: (a) => t('apis.select', { path: a.path }),
      }}
      form={{
        addLabel: t('apis.add'),
        editTitle: () => t('apis.edit'),
        size: 'md',
        columns: 1,
        fields,
        empty: { path: '', description: '', apiGroup: '', method: 'POST' },
        fromRow: (a) => ({ path: a.path, description: a.description, apiGroup: a.apiGroup, method: a.method.toUpperCase() }),
        save: (v, a) => save.mutateAsync({ ...(a ? { ID: a.ID } : {}), path: v.path.trim(), description: v.description.trim(), apiGroup: v.apiGroup.trim(), method: v.method }),
      }}
      // one row goes with its whole record (deleteApi); the selection by ids
      remove={(ids, shown) => (ids.length === 1 && shown[0] ? remove.mutateAsync(shown[0]) : removeMany.mutateAsync(ids))}
      bulkBar={false}
      toolbar={(list) =>
        can('delete') && list.selected.length > 0 ? (
          <Button variant="danger" size="sm" onClick={list.removeSelected}>
            <TrashIcon className="size-4" />
            {t('apis.deleteSelected', { count: list.selected.length })}
          </Button>
        ) : null
      }
    />
  );
}
