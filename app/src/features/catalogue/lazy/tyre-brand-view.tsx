/** dataManage/tyreBrand: tyre brands (delete refused by the server while a tyre uses the brand). */
import { useTranslation } from 'react-i18next';

import { ResourceView } from '../../../components/crud/resource-view';
import { useApp } from '../../../lib/app-context';
import { orUndefined } from '../../../lib/format';
import { menuTitle } from '../../console/menu-routes';
import type { MenuViewProps } from '../../console/registry';
import { useDeleteTyreBrands } from '../api/delete-tyre-brands';
import { getTyreBrands } from '../api/get-tyre-brands';
import { catalogueKeys } from '../api/keys';
import { useSaveTyreBrand } from '../api/save-tyre-brand';
import type { TyreBrand } from '../types';

export default function TyreBrandView({ route }: MenuViewProps) {
  const { t } = useTranslation('fleet');
  const { lang } = useApp();
  const save = useSaveTyreBrand();
  const del = useDeleteTyreBrands();
  return (
    <ResourceView<TyreBrand, { keyword?: string }, { name: string; logo: string; sort: number | '' }, number>
      title={menuTitle(route, lang)}
      testId="tyre-brands"
      queryKey={catalogueKeys.tyreBrands}
      fetchPage={getTyreBrands}
      toParams={(v) => ({ keyword: orUndefined(v.keyword) })}
      searchFields={[{ name: 'keyword', label: t('catalogue.name') }]}
      columns={[
        { key: 'name', header: t('catalogue.name'), primary: true, cell: (b) => b.name },
        { key: 'tyres', header: t('catalogue.tyreCount'), cell: (b) => b.tyreCount, align: 'right' },
        { key: 'sort', header: t('catalogue.sort'), cell: (b) => b.sort },
      ]}
      rowKey={(b) => b.id}
      rowLabel={(b) => b.name}
      exportName="tyre-brands"
      exportColumns={[
        { header: t('catalogue.name'), value: (b) => b.name },
        { header: t('catalogue.sort'), value: (b) => b.sort },
      ]}
      form={{
        addLabel: t('catalogue.addTyreBrand'),
        editTitle: (b) => t('catalogue.editNamed', { name: b.name }),
        fields: [
          { name: 'name', label: t('catalogue.name'), type: 'text', required: true, maxLength: 64 },
          { name: 'logo', label: t('catalogue.logo'), type: 'text' },
          { name: 'sort', label: t('catalogue.sort'), type: 'number' },
        ],
        empty: { name: '', logo: '', sort: 0 },
        fromRow: (b) => ({ name: b.name, logo: b.logo, sort: b.sort }),
        save: (v, row) => save.mutateAsync({ ...(row ? { id: row.id } : {}), name: v.name.trim(), logo: v.logo.trim(), sort: v.sort || 0 }),
      }}
      remove={(ids) => del.mutateAsync({ ids })}
    />
  );
}
