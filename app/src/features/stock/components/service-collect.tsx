/** Service costs grouped by vehicle, item or month over a range (serviceListCollect): labour and parts stacked in a chart, and the table. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { DataTable } from '@/components/crud/data-table';
import { Button } from '@/components/ui/button';
import { SelectInput, TextInput } from '@/components/ui/fields';
import { ErrorState, LoadingState } from '@/components/ui/states';
import { useServiceCollect } from '../api/get-service-collect';
import { cents, dayRange, money, quantity } from '../model';
import type { ServiceGroupBy } from '../types';
import { StockBarChart } from './bar-chart';
import { Totals } from './totals';

const GROUPS: readonly ServiceGroupBy[] = ['vehicle', 'item', 'month'];

export function ServiceCollectPanel() {
  const { t } = useTranslation('stock');
  const [typed, setTyped] = useState<{ groupBy: ServiceGroupBy; from: string; to: string }>({ groupBy: 'vehicle', from: '', to: '' });
  const [asked, setAsked] = useState(typed);
  const collect = useServiceCollect({ groupBy: asked.groupBy, ...dayRange(asked.from, asked.to) });
  const rows = collect.data?.rows ?? [];
  const sum = (f: (r: (typeof rows)[number]) => number) => cents(rows.reduce((s, r) => s + f(r), 0));
  const groupName = (g: ServiceGroupBy) => t(`collect.by.${g}`);
  return (
    <div className="space-y-4">
      <form
        className="flex flex-wrap items-end gap-3"
        aria-label={t('collect.form')}
        onSubmit={(e) => {
          e.preventDefault();
          setAsked(typed);
        }}
      >
        <label className="w-full text-xs font-medium text-slate-600 sm:w-44">
          {t('collect.groupBy')}
          <SelectInput
            className="mt-1"
            value={typed.groupBy}
            onChange={(e) => {
              const g = GROUPS.find((x) => x === e.target.value);
              if (g) setTyped({ ...typed, groupBy: g });
            }}
          >
            {GROUPS.map((g) => (
              <option key={g} value={g}>
                {groupName(g)}
              </option>
            ))}
          </SelectInput>
        </label>
        <label className="w-full text-xs font-medium text-slate-600 sm:w-44">
          {t('range.from')}
          <TextInput className="mt-1" type="date" value={typed.from} onChange={(e) => { setTyped({ ...typed, from: e.target.value }); }} />
        </label>
        <label className="w-full text-xs font-medium text-slate-600 sm:w-44">
          {t('range.to')}
          <TextInput className="mt-1" type="date" value={typed.to} onChange={(e) => { setTyped({ ...typed, to: e.target.value }); }} />
        </label>
        <Button type="submit" variant="accent">
          {t('summary.apply')}
        </Button>
      </form>
      {collect.isPending ? (
        <LoadingState />
      ) : collect.isError ? (
        <ErrorState message={t('collect.loadFailed')} onRetry={() => void collect.refetch()} />
      ) : (
        <>
          <Totals
            testId="service-collect-totals"
            label={t('service.totals')}
            figures={[
              { key: 'count', label: t('service.count'), value: rows.reduce((s, r) => s + r.count, 0) },
              { key: 'labour', label: t('service.labourCost'), value: money(sum((r) => r.labourCost)) },
              { key: 'parts', label: t('service.partsCost'), value: money(sum((r) => r.partsCost)) },
              { key: 'cost', label: t('service.cost'), value: money(sum((r) => r.cost)) },
            ]}
          />
          {rows.length > 0 ? (
            <StockBarChart
              testId="service-collect-chart"
              caption={t('collect.chart', { by: groupName(asked.groupBy) })}
              data={{
                categories: rows.map((r) => r.name),
                series: [
                  { name: t('service.labourCost'), values: rows.map((r) => r.labourCost) },
                  { name: t('service.partsCost'), values: rows.map((r) => r.partsCost) },
                ],
                stacked: true,
                decimals: 2,
              }}
            />
          ) : null}
          <div className="-mx-4">
            <DataTable
              caption={t('collect.chart', { by: groupName(asked.groupBy) })}
              testId="service-collect-table"
              rows={rows}
              rowKey={(r) => r.key}
              empty={t('service.empty')}
              columns={[
                { key: 'name', header: groupName(asked.groupBy), primary: true, cell: (r) => r.name },
                { key: 'count', header: t('service.count'), align: 'right', cell: (r) => r.count },
                { key: 'quantity', header: t('collect.quantity'), align: 'right', cell: (r) => quantity(r.quantity) },
                { key: 'labour', header: t('service.labourCost'), align: 'right', cell: (r) => money(r.labourCost) },
                { key: 'parts', header: t('service.partsCost'), align: 'right', cell: (r) => money(r.partsCost) },
                { key: 'cost', header: t('service.cost'), align: 'right', cell: (r) => money(r.cost) },
              ]}
            />
          </div>
        </>
      )}
    </div>
  );
}
