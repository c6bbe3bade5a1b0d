/** The summary of tyre costs: cost per km by brand (tyre/mileage groupBy brand) as a chart and a table, over a range of days. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { DataTable } from '@/components/crud/data-table';
import { Button } from '@/components/ui/button';
import { TextInput } from '@/components/ui/fields';
import { ErrorState, LoadingState } from '@/components/ui/states';
import { useTyreCosts } from '../api/get-tyre-costs';
import { dayParams, money, quantity } from '../model';
import { StockBarChart } from './bar-chart';
import { perKm } from './tyre-costs';

export function TyreSummary() {
  const { t } = useTranslation('stock');
  const [typed, setTyped] = useState({ from: '', to: '' });
  const [range, setRange] = useState({ from: '', to: '' });
  const costs = useTyreCosts({ groupBy: 'brand', ...dayParams(range.from, range.to), page: 1, pageSize: 100 });
  const rows = costs.data?.list ?? [];
  const charted = rows.filter((r) => r.costPerKm !== null);
  return (
    <div className="space-y-4">
      <form
        className="flex flex-wrap items-end gap-3"
        aria-label={t('summary.range')}
        onSubmit={(e) => {
          e.preventDefault();
          setRange(typed);
        }}
      >
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
      {costs.isPending ? (
        <LoadingState />
      ) : costs.isError ? (
        <ErrorState message={t('cost.loadFailed')} onRetry={() => void costs.refetch()} />
      ) : (
        <>
          {charted.length > 0 ? (
            <StockBarChart
              testId="tyre-summary-chart"
              caption={t('summary.chart')}
              data={{ categories: charted.map((r) => r.name), series: [{ name: t('tyre.costPerKm'), values: charted.map((r) => r.costPerKm ?? 0) }], stacked: false, decimals: 3 }}
            />
          ) : null}
          <div className="-mx-4">
            <DataTable
              caption={t('summary.table')}
              testId="tyre-summary-table"
              rows={rows}
              rowKey={(r) => String(r.key)}
              empty={t('cost.empty')}
              columns={[
                { key: 'name', header: t('tyre.brand'), primary: true, cell: (r) => r.name },
                { key: 'tyres', header: t('cost.tyres'), align: 'right', cell: (r) => r.tyres },
                { key: 'mileage', header: t('cost.mileage'), align: 'right', cell: (r) => quantity(Math.round(r.mileage)) },
                { key: 'cost', header: t('cost.cost'), align: 'right', cell: (r) => money(r.cost) },
                { key: 'cpk', header: t('tyre.costPerKm'), align: 'right', cell: (r) => perKm(r.costPerKm) },
                { key: 'alarms', header: t('cost.alarms'), align: 'right', cell: (r) => r.underInflatedAlarms },
              ]}
            />
          </div>
        </>
      )}
    </div>
  );
}
