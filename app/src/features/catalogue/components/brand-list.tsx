/**
 * A list of brands (car brands of dataManage/modelManage, tyre brands of dataManage/tyreBrand): name, logo and sort,
 * searched by name; add, edit, delete and export. The two differ only in their calls and in extra columns.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { QueryKey } from '@tanstack/react-query';

import type { Column } from '@/components/crud/data-table';
import { ResourceView } from '@/components/crud/resource-view';
import type { ListCall } from '@/lib/calls';
import { orUndefined } from '@/lib/format';

interface Brand {
  id: number;
  name: string;
  logo: string;
  sort: number;
}

interface BrandValues {
  name: string;
  logo: string;
  sort: number | '';
}

export interface BrandListProps<B extends Brand> {
  title: string;
  /** Above the search form (the tabs of modelManage). */
  header?: ReactNode;
  /** Also the export's file name. */
  testId: string;
  queryKey: QueryKey;
  /** The whole list (the brand calls are not paged). */
  fetchAll: ListCall<{ keyword?: string }, B>;
  addLabel: string;
  save: (payload: { id?: number; name: string; logo: string; sort: number }) => Promise<unknown>;
  remove: (ids: number[]) => Promise<unknown>;
  /** Columns between the name and the sort. */
  columns?: readonly Column<B>[];
}

export function BrandList<B extends Brand>({ title, header, testId, queryKey, fetchAll, addLabel, save, remove, columns = [] }: BrandListProps<B>) {
  const { t } = useTranslation('fleet');
  return (
    <ResourceView<B, { keyword?: string }, BrandValues, number>
      title={title}
      header={header}
      testId={testId}
      queryKey={queryKey}
      fetchAll={fetchAll}
      toParams={(v) => ({ keyword: orUndefined(v.keyword) })}
      searchFields={[{ name: 'keyword', label: t('catalogue.name') }]}
      columns={[
        { key: 'name', header: t('catalogue.name'), primary: true, cell: (b) => b.name },
        ...columns,
        { key: 'sort', header: t('catalogue.sort'), cell: (b) => b.sort },
      ]}
      rowKey={(b) => b.id}
      rowLabel={(b) => b.name}
      exportName={testId}
      exportColumns={[
        { header: t('catalogue.name'), value: (b) => b.name },
        { header: t('catalogue.sort'), value: (b) => b.sort },
      ]}
      form={{
        addLabel,
        editTitle: (b) => t('catalogue.editNamed', { name: b.name }),
        fields: [
          { name: 'name', label: t('catalogue.name'), type: 'text', required: true, maxLength: 64 },
          { name: 'logo', label: t('catalogue.logo'), type: 'text' },
          { name: 'sort', label: t('catalogue.sort'), type: 'number' },
        ],
        empty: { name: '', logo: '', sort: 0 },
        fromRow: (b) => ({ name: b.name, logo: b.logo, sort: b.sort }),
        save: (v, row) => save({ ...(row ? { id: row.id } : {}), name: v.name.trim(), logo: v.logo.trim(), sort: v.sort || 0 }),
      }}
      remove={remove}
    />
  );
}
