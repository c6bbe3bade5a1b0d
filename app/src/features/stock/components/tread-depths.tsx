/**
 * Tread depths of one vehicle (`/tapi/tyre/deepLines`): the latest per wheel, named from the vehicle's axle layout and
 * marked at the legal minimum (1.6 mm) and near it, and the measurements before them.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { DataTable } from '@/components/crud/data-table';
import { Panel } from '@/components/crud/view';
import { Badge, EmptyState, ErrorState, LoadingState } from '@/components/ui/states';
import { formatDateTime } from '@/lib/format';
import type { DepthRow } from '@/lib/api-types';
import { useVehicleAxles, VehicleSelect, type PickedVehicle } from '@/features/vehicles';
import { useDepthLines } from '../api/get-depth-lines';
import { useStockLabels } from './use-stock-labels';

/** mm: the legal minimum, and where it is near. */
export const LEGAL_MIN_MM = 1.6;
const NEAR_MM = 3;

export function TreadDepths() {
  const { t } = useTranslation('stock');
  const labels = useStockLabels();
  const [vehicle, setVehicle] = useState<PickedVehicle | null>(null);
  const depths = useDepthLines(vehicle?.id ?? null);
  const axles = useVehicleAxles(vehicle?.id ?? null);
  const name = (p: number) => labels.wheel(p, axles.wheelsPerAxle);
  const depthCell = (r: DepthRow) => (
    <span className="inline-flex items-center gap-1.5 tabular-nums">
      {r.depth.toFixed(1)} mm
      {r.depth <= LEGAL_MIN_MM ? <Badge tone="red">{t('tread.atMinimum')}</Badge> : r.depth <= NEAR_MM ? <Badge tone="amber">{t('tread.near')}</Badge> : null}
    </span>
  );
  const columns = [
    { key: 'position', header: t('tread.position'), primary: true, cell: (r: DepthRow) => name(r.position) },
    { key: 'depth', header: t('tread.depth'), align: 'right' as const, cell: depthCell },
    { key: 'at', header: t('tread.measuredAt'), cell: (r: DepthRow) => formatDateTime(r.measuredAt) },
    { key: 'note', header: t('tread.note'), cell: (r: DepthRow) => r.note || '—' },
  ];
  const latest = [...(depths.data?.latest ?? [])].sort((a, b) => a.position - b.position);
  return (
    <div className="space-y-4">
      <VehicleSelect value={vehicle} onChange={setVehicle} />
      {!vehicle ? (
        <EmptyState title={t('tread.pickVehicle')} />
      ) : depths.isPending ? (
        <LoadingState />
      ) : depths.isError ? (
        <ErrorState message={t('tread.loadFailed')} onRetry={() => void depths.refetch()} />
      ) : (
        <>
          <Panel title={t('tread.latest')}>
            <DataTable caption={t('tread.latest')} testId="tread-latest" rows={latest} rowKey={(r) => r.id} columns={columns} empty={t('tread.empty')} />
          </Panel>
          <Panel title={t('tread.history')}>
            <DataTable caption={t('tread.history')} testId="tread-history" rows={depths.data.history} rowKey={(r) => r.id} columns={columns} empty={t('tread.empty')} />
          </Panel>
        </>
      )}
    </div>
  );
}
