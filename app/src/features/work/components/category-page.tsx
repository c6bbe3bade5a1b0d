/**
 * The list of one kind of work category (problem types or modules) of the acting enterprise: search, add, edit,
 * delete. The built-in default problem type (id 0) is shown but cannot be changed.
 */
import { useTranslation } from 'react-i18next';

import { oneByOne, ResourceView } from '@/components/crud/resource-view';
import { Badge } from '@/components/ui/states';
import { useApp } from '@/lib/app-context';
import type { MenuViewProps } from '@/lib/console/menu-view';
import { menuTitle } from '@/lib/console/menu-routes';
import { orUndefined } from '@/lib/format';
import { getCategories, type CategoryListParams } from '../api/get-categories';
import { workKeys } from '../api/keys';
import { useSaveCategory } from '../api/save-category';
import type { CategoryKind, WorkCategory } from '../types';

interface Values { name: string; desc: string; sort: number }

/** The built-in default problem type: shown, never changed. */
const changeable = (c: WorkCategory) => c.id !== 0;

export function CategoryPage({ route, kind }: MenuViewProps & { kind: CategoryKind }) {
  const { t } = useTranslation('work');
  const { lang } = useApp();
  const save = useSaveCategory();
  return (
    <ResourceView<WorkCategory, Omit<CategoryListParams, 'page' | 'pageSize'>, Values, number>
      title={menuTitle(route, lang)}
      description={t(`category.${kind}Description`)}
      testId="category"
      tableTestId={`category-table-${kind}`}
      queryKey={workKeys.categories}
      fetchPage={getCategories}
      toParams={(v) => ({ kind, keyword: orUndefined(v.keyword) })}
      searchFields={[{ name: 'keyword', label: t('category.name') }]}
      columns={[
        {
          key: 'name',
          header: t('category.name'),
          primary: true,
          cell: (c) => (
            <span className="font-medium">
              {c.name} {c.id === 0 ? <Badge tone="slate">{t('category.builtIn')}</Badge> : null}
            </span>
          ),
        },
        { key: 'desc', header: t('category.desc'), cell: (c) => c.desc },
        { key: 'sort', header: t('category.sort'), cell: (c) => c.sort },
      ]}
      rowKey={(c) => c.id}
      rowLabel={(c) => c.name}
      texts={{ search: t('category.search'), confirmDelete: (c) => t('category.confirmDelete', { name: c.name }) }}
      form={{
        addLabel: t('category.add'),
        editTitle: (c) => t('category.editTitle', { name: c.name }),
        editable: changeable,
        size: 'md',
        fields: [
          { name: 'name', label: t('category.name'), type: 'text', required: true, maxLength: 64 },
          { name: 'sort', label: t('category.sort'), type: 'number' },
          { name: 'desc', label: t('category.desc'), type: 'textarea', wide: true },
        ],
        empty: { name: '', desc: '', sort: 0 },
        fromRow: (c) => ({ name: c.name, desc: c.desc, sort: c.sort }),
        save: (v, c) => save.mutateAsync({ ...(c ? { id: c.id } : {}), kind, name: v.name.trim(), desc: v.desc.trim(), sort: v.sort }),
      }}
      selectable={false}
      removable={changeable}
      remove={oneByOne((id: number) => save.mutateAsync({ id, delete: true }))}
    />
  );
}
