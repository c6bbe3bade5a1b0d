/** dataManage/modelManage: car brands → series, and vehicle classes (kind, axle layout, image). */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import type { Option } from '@/components/crud/form';
import type { SearchValues } from '@/components/crud/search-form';
import { oneByOne, ResourceView } from '@/components/crud/resource-view';
import { Tabs } from '@/components/ui/tabs';
import { useApp } from '@/lib/app-context';
import { orUndefined } from '@/lib/format';
import { menuTitle } from '@/lib/console/menu-routes';
import type { MenuViewProps } from '@/lib/console/menu-view';
import { parseAxleLayout, VEHICLE_KINDS } from '@/features/vehicles';
import { catalogueKeys } from '../api/keys';
import { getCarBrands, useCarBrands } from '../api/get-car-brands';
import { getCarClasses } from '../api/get-car-classes';
import { getCarSeries } from '../api/get-car-series';
import type { ListCall } from '@/lib/calls';
import { useSaveCarBrand } from '../api/save-car-brand';
import { useSaveCarClass } from '../api/save-car-class';
import { useSaveCarSeries } from '../api/save-car-series';
import { BrandList } from '../components/brand-list';
import type { CarBrand, CarClass, CarSeries } from '../types';

type Tab = 'brands' | 'series' | 'classes';

interface SeriesParams {
  brandId?: number;
}

/** One brand's series (carSeriesAll), or every brand's (they come with carBrandAll); the whole list either way. */
const seriesOf: ListCall<SeriesParams, CarSeries> = async ({ brandId }, signal) =>
  brandId === undefined ? (await getCarBrands({}, signal)).flatMap((b) => b.series) : getCarSeries({ brandId }, signal);

/** The series search's keyword narrows the list here (the calls take none). */
function seriesNamed(rows: readonly CarSeries[], search: SearchValues): CarSeries[] {
  const k = search.keyword?.trim().toLowerCase();
  return k ? rows.filter((x) => x.name.toLowerCase().includes(k)) : [...rows];
}

const numOr = (s: string | undefined) => (s && /^\d+$/.test(s) ? Number(s) : undefined);

export default function ModelManageView({ route }: MenuViewProps) {
  const { t } = useTranslation('fleet');
  const { lang } = useApp();
  const title = menuTitle(route, lang);
  const [tab, setTab] = useState<Tab>('brands');
  const brands = useCarBrands({});
  const saveBrand = useSaveCarBrand();
  const saveSeries = useSaveCarSeries();
  const saveClass = useSaveCarClass();
  const brandOptions: Option[] = (brands.data ?? []).map((b) => ({ value: b.id, label: b.name }));
  const brandName = (id: number) => brands.data?.find((b) => b.id === id)?.name ?? String(id);
  const kindOptions: Option[] = VEHICLE_KINDS.map((k) => ({ value: k, label: t(`vehicle.kinds.${String(k)}` as 'vehicle.kinds.0') }));

  const header = (
    <Tabs<Tab>
      idPrefix="model-manage"
      label={title}
      value={tab}
      onChange={setTab}
      tabs={[
        { id: 'brands', label: t('catalogue.carBrands') },
        { id: 'series', label: t('catalogue.carSeries') },
        { id: 'classes', label: t('catalogue.carClasses') },
      ]}
    />
  );

  if (tab === 'brands')
    return (
      <BrandList<CarBrand>
        key="brands"
        title={title}
        header={header}
        testId="car-brands"
        queryKey={catalogueKeys.carBrands}
        fetchAll={getCarBrands}
        addLabel={t('catalogue.addCarBrand')}
        save={saveBrand.mutateAsync}
        remove={oneByOne((id: number) => saveBrand.mutateAsync({ id, delete: true }))}
      />
    );

  if (tab === 'series')
    return (
      <ResourceView<CarSeries, SeriesParams, { brandId: number | ''; name: string; sort: number | '' }, number>
        key="series"
        title={title}
        header={header}
        testId="car-series"
        queryKey={catalogueKeys.carSeries}
        fetchAll={seriesOf}
        filterRows={seriesNamed}
        toParams={(v) => ({ brandId: numOr(v.brandId) })}
        searchFields={[
          { name: 'brandId', label: t('catalogue.brand'), type: 'select', options: brandOptions },
          { name: 'keyword', label: t('catalogue.name') },
        ]}
        columns={[
          { key: 'brand', header: t('catalogue.brand'), cell: (s) => brandName(s.brandId) },
          { key: 'name', header: t('catalogue.name'), primary: true, cell: (s) => s.name },
          { key: 'sort', header: t('catalogue.sort'), cell: (s) => s.sort },
        ]}
        rowKey={(s) => s.id}
        rowLabel={(s) => s.name}
        exportName="car-series"
        exportColumns={[
          { header: t('catalogue.brand'), value: (s) => brandName(s.brandId) },
          { header: t('catalogue.name'), value: (s) => s.name },
        ]}
        form={{
          addLabel: t('catalogue.addCarSeries'),
          editTitle: (s) => t('catalogue.editNamed', { name: s.name }),
          fields: [
            { name: 'brandId', label: t('catalogue.brand'), type: 'select', required: true, options: brandOptions },
            { name: 'name', label: t('catalogue.name'), type: 'text', required: true, maxLength: 64 },
            { name: 'sort', label: t('catalogue.sort'), type: 'number' },
          ],
          empty: { brandId: '', name: '', sort: 0 },
          fromRow: (s) => ({ brandId: s.brandId, name: s.name, sort: s.sort }),
          save: (v, row) => saveSeries.mutateAsync({ ...(row ? { id: row.id } : {}), brandId: Number(v.brandId), name: v.name.trim(), sort: v.sort || 0 }),
        }}
        remove={oneByOne((id: number) => saveSeries.mutateAsync({ id, delete: true }))}
      />
    );

  return (
    <ResourceView<CarClass, { keyword?: string }, { name: string; kind: number | ''; axleLayout: string; deviceTypeId: number | ''; sort: number | '' }, number>
      key="classes"
      title={title}
      header={header}
      testId="car-classes"
      queryKey={catalogueKeys.carClasses}
      fetchAll={getCarClasses}
      toParams={(v) => ({ keyword: orUndefined(v.keyword) })}
      searchFields={[{ name: 'keyword', label: t('catalogue.name') }]}
      columns={[
        { key: 'name', header: t('catalogue.name'), primary: true, cell: (c) => c.name },
        { key: 'kind', header: t('vehicle.kind'), cell: (c) => t(`vehicle.kinds.${String(c.kind)}` as 'vehicle.kinds.0') },
        { key: 'axle', header: t('vehicle.axleLayout'), cell: (c) => c.axleLayout },
        { key: 'image', header: t('catalogue.deviceTypeId'), cell: (c) => c.deviceTypeId },
      ]}
      rowKey={(c) => c.id}
      rowLabel={(c) => c.name}
      exportName="car-classes"
      exportColumns={[
        { header: t('catalogue.name'), value: (c) => c.name },
        { header: t('vehicle.kind'), value: (c) => t(`vehicle.kinds.${String(c.kind)}` as 'vehicle.kinds.0') },
        { header: t('vehicle.axleLayout'), value: (c) => c.axleLayout },
      ]}
      form={{
        addLabel: t('catalogue.addCarClass'),
        editTitle: (c) => t('catalogue.editNamed', { name: c.name }),
        fields: [
          { name: 'name', label: t('catalogue.name'), type: 'text', required: true, maxLength: 64 },
          { name: 'kind', label: t('vehicle.kind'), type: 'select', required: true, options: kindOptions },
          { name: 'axleLayout', label: t('vehicle.axleLayout'), type: 'text', required: true, hint: t('vehicle.axleLayoutHint'), validate: (v) => (typeof v === 'string' && parseAxleLayout(v) ? null : t('vehicle.axleLayoutInvalid')) },
          { name: 'deviceTypeId', label: t('catalogue.deviceTypeId'), type: 'number' },
          { name: 'sort', label: t('catalogue.sort'), type: 'number' },
        ],
        empty: { name: '', kind: 0, axleLayout: '2,4,4', deviceTypeId: 0, sort: 0 },
        fromRow: (c) => ({ name: c.name, kind: c.kind, axleLayout: c.axleLayout, deviceTypeId: c.deviceTypeId, sort: c.sort }),
        save: (v, row) =>
          saveClass.mutateAsync({ ...(row ? { id: row.id } : {}), name: v.name.trim(), kind: Number(v.kind), axleLayout: v.axleLayout.replace(/\s/g, ''), deviceTypeId: v.deviceTypeId || 0, sort: v.sort || 0 }),
      }}
      remove={oneByOne((id: number) => saveClass.mutateAsync({ id, delete: true }))}
    />
  );
}
