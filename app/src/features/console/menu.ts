import type { ComponentType, SVGProps } from 'react';

import {
  BuildingIcon,
  ChipIcon,
  ClipboardIcon,
  CogIcon,
  DashboardIcon,
  MapIcon,
  TruckIcon,
  TyreIcon,
} from '@/components/ui/icons';
import { paths } from '@/lib/paths';

export type MenuId = 'map' | 'dashboard' | 'vehicles' | 'devices' | 'workOrders' | 'tyres' | 'enterprise' | 'system';

export interface MenuItem {
  id: MenuId;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
  /** Only entries whose route exists have a target; the others are shown disabled ("coming soon"). */
  to: string | null;
}

export const MENU: readonly MenuItem[] = [
  { id: 'map', icon: MapIcon, to: paths.map },
  { id: 'dashboard', icon: DashboardIcon, to: paths.dashboard },
  { id: 'vehicles', icon: TruckIcon, to: null },
  { id: 'devices', icon: ChipIcon, to: null },
  { id: 'workOrders', icon: ClipboardIcon, to: null },
  { id: 'tyres', icon: TyreIcon, to: null },
  { id: 'enterprise', icon: BuildingIcon, to: null },
  { id: 'system', icon: CogIcon, to: null },
];
