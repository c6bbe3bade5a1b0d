/**
 * locus/routeList (also dataManage/routeManage): planned routes with their corridor, length, nodes and vehicles, each
 * vehicle with its latest route-matching verdict.
 * Add/edit draws the line (or makes it from a vehicle's day or a file); "Vehicles" assigns vehicles to the route;
 * "Nodes" opens the route's node list.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

import { ResourceView } from '@/components/crud/resource-view';
import { RowAction } from '@/components/crud/view';
import { useApp } from '@/lib/app-context';
import { menuTitle } from '@/lib/console/menu-routes';
import type { MenuViewProps } from '@/lib/console/menu-view';
import { useMenuPath } from '@/lib/console/use-menu-path';
import { useIsPlatformStaff } from '@/features/auth';
import { orUndefined } from '@/lib/format';
import { formatDistance } from '@/lib/geo';
import { useDeleteRoutes } from '../api/delete-routes';
import { getRoutes, type RouteListParams } from '../api/get-routes';
import { placesKeys } from '../api/keys';
import { useSaveRoute } from '../api/save-route';
import { EMPTY_ROUTE, routeFields, routeInput, routeValues, type RouteValues } from '../components/route-form';
import { RouteStateSwatch } from '../components/route-state-swatch';
import { RouteVehicleStates } from '../components/route-vehicle-states';
import { RouteVehiclesDialog } from '../components/route-vehicles-dialog';
import type { RouteRow } from '../types';

export default function RouteListView({ route }: MenuViewProps) {
  const { t } = useTranslation('places');
  const { lang } = useApp();
  const save = useSaveRoute();
  const del = useDeleteRoutes();
  const menuPath = useMenuPath();
  const navigate = useNavigate();
  const [assigning, setAssigning] = useState<RouteRow | null>(null);
  const nodesPath = menuPath('routeNodes') ?? menuPath('nodeList');
  const staff = useIsPlatformStaff();

  return (
    <ResourceView<RouteRow, RouteListParams, RouteValues, number>
      title={menuTitle(route, lang)}
      testId="routes"
      queryKey={placesKeys.routes}
      fetchPage={getRoutes}
      toParams={(s) => ({ name: orUndefined(s.name?.trim()) })}
      searchFields={[{ name: 'name', label: t('field.name') }]}
      columns={[
        {
          key: 'name',
          header: t('field.name'),
          primary: true,
          cell: (r) => (
            <>
              <RouteStateSwatch route={r} />
              {r.name}
            </>
          ),
        },
        { key: 'corridor', header: t('route.corridor'), align: 'right', cell: (r) => formatDistance(r.corridorM) },
        { key: 'length', header: t('route.length'), align: 'right', cell: (r) => formatDistance(r.lengthM) },
        { key: 'nodes', header: t('route.nodes'), align: 'right', cell: (r) => r.nodes.length },
        {
          key: 'vehicles',
          header: t('route.vehicles'),
          cell: (r) => <RouteVehicleStates route={r} />,
        },
      ]}
      rowKey={(r) => r.id}
      rowLabel={(r) => r.name}
      rowActions={(r) => (
        <>
          <RowAction
            onClick={() => {
              setAssigning(r);
            }}
          >
            {t('route.assign')}
          </RowAction>
          {nodesPath ? (
            <RowAction
              onClick={() => {
                void navigate(`${nodesPath}?id=${String(r.id)}`);
              }}
            >
              {t('route.nodes')}
            </RowAction>
          ) : null}
        </>
      )}
      form={{
        addLabel: t('route.add'),
        editTitle: (r) => t('route.edit', { name: r.name }),
        fields: (row) => routeFields(t, staff && row === null),
        empty: EMPTY_ROUTE,
        fromRow: routeValues,
        save: (values, row) => save.mutateAsync(routeInput(values, row?.id)),
        testId: 'route-form',
        size: 'lg',
      }}
      remove={(ids) => del.mutateAsync({ ids })}
    >
      {assigning ? (
        <RouteVehiclesDialog
          route={assigning}
          onClose={() => {
            setAssigning(null);
          }}
        />
      ) : null}
    </ResourceView>
  );
}
