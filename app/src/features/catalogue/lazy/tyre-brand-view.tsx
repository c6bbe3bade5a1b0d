/** dataManage/tyreBrand: tyre brands (delete refused by the server while a tyre uses the brand). */
import { useTranslation } from 'react-i18next';

import { useApp } from '@/lib/app-context';
import { menuTitle } from '@/lib/console/menu-routes';
import type { MenuViewProps } from '@/lib/console/menu-view';
import { useDeleteTyreBrands } from '../api/delete-tyre-brands';
import { getTyreBrands } from '../api/get-tyre-brands';
import { catalogueKeys } from '../api/keys';
import { useSaveTyreBrand } from '../api/save-tyre-brand';
import { BrandList } from '../components/brand-list';
import type { TyreBrand } from '../types';

export default function TyreBrandView({ route }: MenuViewProps) {
  const { t } = useTranslation('fleet');
  const { lang } = useApp();
  const save = useSaveTyreBrand();
  const del = useDeleteTyreBrands();
  return (
    <BrandList<TyreBrand>
      title={menuTitle(route, lang)}
      testId="tyre-brands"
      queryKey={catalogueKeys.tyreBrands}
      fetchAll={getTyreBrands}
      addLabel={t('catalogue.addTyreBrand')}
      save={save.mutateAsync}
      remove={(ids) => del.mutateAsync({ ids })}
      columns={[{ key: 'tyres', header: t('catalogue.tyreCount'), cell: (b) => b.tyreCount, align: 'right' }]}
    />
  );
}
