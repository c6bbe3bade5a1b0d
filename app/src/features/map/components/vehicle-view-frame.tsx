/**
 * The frame of the one-vehicle views (gauges, vehicle info, vehicle panel): the page title, the vehicle picker (plate
 * search, kept in the URL), and the view's content for the picked vehicle, or a prompt to pick one.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { Panel, ViewPage } from '@/components/crud/view';
import { EmptyState } from '@/components/ui/states';
import { type PickedVehicle, VehicleSelect } from '@/features/vehicles';
import { usePickedVehicle } from '../use-picked-vehicle';

interface VehicleViewFrameProps {
  title: string;
  description: string;
  testId: string;
  children: (vehicle: PickedVehicle) => ReactNode;
}

export function VehicleViewFrame({ title, description, testId, children }: VehicleViewFrameProps) {
  const { t } = useTranslation('pieces');
  const [picked, pick] = usePickedVehicle();
  return (
    <ViewPage title={title} description={description}>
      <div className="space-y-4" data-testid={testId}>
        <Panel className="p-4">
          <VehicleSelect value={picked} onChange={pick} />
        </Panel>
        {picked ? (
          <div key={picked.id}>{children(picked)}</div>
        ) : (
          <Panel>
            <EmptyState title={t('vehicle.pick')} />
          </Panel>
        )}
      </div>
    </ViewPage>
  );
}
