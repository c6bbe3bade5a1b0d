/** dataManage/tyreManage: tyres with brand, spec (size) and grain (tread pattern). */
import { useTranslation } from 'react-i18next';

import type { Option } from '@/components/crud/form';
import { ResourceView } from '@/components/crud/resource-view';
import { useApp } from '@/lib/app-context';
import { orUndefined } from '@/lib/format';
import { menuTitle } from '@/lib/console/menu-routes';
import type { MenuViewProps } from '@/lib/console/menu-view';
import { formatPressure, useUnits } from '@/features/settings';
import { useDeleteTyres } from '../api/delete-tyres';
import { useGrainSizes } from '../api/get-grain-sizes';
import { useSpecs } from '../api/get-specs';
import { useTyreBrands } from '../api/get-tyre-brands';
import { getTyres, type TyreParams } from '../api/get-tyres';
import { catalogueKeys } from '../api/keys';
import { useSaveTyre } from '../api/save-tyre';
import type { Tyre } from '../types';

interface TyreValues {
  brandId: number | '';
  model: string;
  spec: string;
  grain: string;
  treadDepth: number | '';
  pressure: number | '';
  loadIndex: string;
  remark: string;
}

const numOr = (s: string | undefined) => (s && /^\d+$/.test(s) ? Number(s) : undefined);
const orNull = (v: number | '') => (v === '' ? null : v);

export default function TyreManageView({ route }: MenuViewProps) {
  const { t } = useTranslation('fleet');
  const { lang } = useApp();
  const units = useUnits();
  const brands = useTyreBrands({});
  const specs = useSpecs();
  const grains = useGrainSizes();
  const save = useSaveTyre();
  const del = useDeleteTyres();
  const brandOptions: Option[] = (brands.data ?? []).map((b) => ({ value: b.id, label: b.name }));
  const brandName = (r: Tyre) => r.brandName;
  const strOptions = (list: readonly string[] | undefined): Option[] => (list ?? []).map((s) => ({ value: s, label: s }));
  return (
    <ResourceView<Tyre, TyreParams, TyreValues, number>
      title={menuTitle(route, lang)}
      testId="tyres"
      queryKey={catalogueKeys.tyres}
      fetchPage={getTyres}
      toParams={(v) => ({ keyword: orUndefined(v.keyword), brandId: numOr(v.brandId), spec: orUndefined(v.spec), grain: orUndefined(v.grain) })}
      searchFields={[
        { name: 'keyword', label: t('catalogue.model') },
        { name: 'brandId', label: t('catalogue.brand'), type: 'select', options: brandOptions },
        { name: 'spec', label: t('catalogue.spec'), type: 'select', options: strOptions(specs.data) },
        { name: 'grain', label: t('catalogue.grain'), type: 'select', options: strOptions(grains.data) },
      ]}
      columns={[
        { key: 'brand', header: t('catalogue.brand'), cell: brandName },
        { key: 'model', header: t('catalogue.model'), primary: true, cell: (r) => r.model },
        { key: 'spec', header: t('catalogue.spec'), cell: (r) => r.spec },
        { key: 'grain', header: t('catalogue.grain'), cell: (r) => r.grain },
        { key: 'depth', header: t('catalogue.treadDepth'), cell: (r) => (r.treadDepth === null ? '' : `${String(r.treadDepth)} mm`) },
        { key: 'pressure', header: t('catalogue.pressure'), cell: (r) => formatPressure(r.pressure, units.pressure) },
        { key: 'load', header: t('catalogue.loadIndex'), cell: (r) => r.loadIndex, hideOnMobile: true },
      ]}
      rowKey={(r) => r.id}
      rowLabel={(r) => r.model}
      exportName="tyres"
      exportColumns={[
        { header: t('catalogue.brand'), value: brandName },
        { header: t('catalogue.model'), value: (r) => r.model },
        { header: t('catalogue.spec'), value: (r) => r.spec },
        { header: t('catalogue.grain'), value: (r) => r.grain },
        { header: t('catalogue.treadDepth'), value: (r) => r.treadDepth },
        { header: t('catalogue.pressure'), value: (r) => formatPressure(r.pressure, units.pressure) },
        { header: t('catalogue.loadIndex'), value: (r) => r.loadIndex },
      ]}
      form={{
        addLabel: t('catalogue.addTyre'),
        editTitle: (r) => t('catalogue.editNamed', { name: r.model }),
        fields: [
          { name: 'brandId', label: t('catalogue.brand'), type: 'select', required: true, options: brandOptions },
          { name: 'model', label: t('catalogue.model'), type: 'text', required: true, maxLength: 64 },
          { name: 'spec', label: t('catalogue.spec'), type: 'text', required: true, maxLength: 32, placeholder: '295/80R22.5' },
          { name: 'grain', label: t('catalogue.grain'), type: 'text', maxLength: 32 },
          { name: 'treadDepth', label: t('catalogue.treadDepthMm'), type: 'number' },
          { name: 'pressure', label: t('catalogue.pressureBar'), type: 'number' },
          { name: 'loadIndex', label: t('catalogue.loadIndex'), type: 'text', maxLength: 16 },
          { name: 'remark', label: t('vehicle.remark'), type: 'textarea', wide: true, maxLength: 200 },
        ],
        empty: { brandId: '', model: '', spec: '', grain: '', treadDepth: '', pressure: '', loadIndex: '', remark: '' },
        fromRow: (r) => ({ brandId: r.brandId, model: r.model, spec: r.spec, grain: r.grain, treadDepth: r.treadDepth ?? '', pressure: r.pressure ?? '', loadIndex: r.loadIndex, remark: r.remark }),
        save: (v, row) =>
          save.mutateAsync({
            ...(row ? { id: row.id } : {}),
            brandId: Number(v.brandId),
            model: v.model.trim(),
            spec: v.spec.trim(),
            grain: v.grain.trim(),
            treadDepth: orNull(v.treadDepth),
            pressure: orNull(v.pressure),
            loadIndex: v.loadIndex.trim(),
            remark: v.remark.trim(),
          }),
      }}
      remove={(ids) => del.mutateAsync({ ids })}
    />
  );
}
