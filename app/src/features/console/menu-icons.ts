/**
 * How a menu's `icon` name (Element Plus names, as the seeded tree uses: docs/menu-tree.md) becomes one of our icons:
 * the first kind whose pattern matches; anything else draws the list icon. The side menu renders with this, and the
 * icon gallery (superAdmin/icon) shows every kind with the seeded names it draws.
 */
import type { ComponentType, SVGProps } from 'react';

import {
  BellIcon,
  BookIcon,
  BoxIcon,
  BuildingIcon,
  ChipIcon,
  CogIcon,
  DashboardIcon,
  FolderIcon,
  GaugeIcon,
  HomeIcon,
  LayersIcon,
  ListIcon,
  LockIcon,
  MailIcon,
  PinIcon,
  RouteIcon,
  TruckIcon,
  UploadIcon,
  UsersIcon,
  WrenchIcon,
} from '@/components/ui/icons';

export type MenuIcon = ComponentType<SVGProps<SVGSVGElement>>;

export interface MenuIconKind {
  /** The kind's own name (what the gallery calls it). */
  id: string;
  icon: MenuIcon;
  /** null: the fallback, for every name no other kind matches. */
  pattern: RegExp | null;
}

export const MENU_ICON_KINDS: readonly MenuIconKind[] = [
  { id: 'home', icon: HomeIcon, pattern: /^home$/ },
  { id: 'users', icon: UsersIcon, pattern: /user|avatar|coordinate/ },
  { id: 'building', icon: BuildingIcon, pattern: /office|building/ },
  { id: 'dashboard', icon: DashboardIcon, pattern: /data-board|data-analysis|pie|histogram|trend|monitor|data-line/ },
  { id: 'truck', icon: TruckIcon, pattern: /van|truck/ },
  { id: 'chip', icon: ChipIcon, pattern: /cpu|connection|aim|set-up/ },
  { id: 'folder', icon: FolderIcon, pattern: /folder/ },
  { id: 'pin', icon: PinIcon, pattern: /map|location|position|place/ },
  { id: 'route', icon: RouteIcon, pattern: /guide|share/ },
  { id: 'bell', icon: BellIcon, pattern: /bell|alarm|notification|warning/ },
  { id: 'upload', icon: UploadIcon, pattern: /upload/ },
  { id: 'layers', icon: LayersIcon, pattern: /platform/ },
  { id: 'book', icon: BookIcon, pattern: /notebook|collection|tag|document|files/ },
  { id: 'mail', icon: MailIcon, pattern: /message|chat|promotion/ },
  { id: 'lock', icon: LockIcon, pattern: /lock/ },
  { id: 'box', icon: BoxIcon, pattern: /box|shop|suitcase/ },
  { id: 'wrench', icon: WrenchIcon, pattern: /tools|service/ },
  { id: 'gauge', icon: GaugeIcon, pattern: /odometer/ },
  { id: 'cog', icon: CogIcon, pattern: /setting|view/ },
  { id: 'list', icon: ListIcon, pattern: null },
];

const FALLBACK: MenuIconKind = MENU_ICON_KINDS[MENU_ICON_KINDS.length - 1] ?? { id: 'list', icon: ListIcon, pattern: null };

export function menuIconKind(name: string): MenuIconKind {
  return MENU_ICON_KINDS.find((k) => k.pattern?.test(name)) ?? FALLBACK;
}

export function menuIconFor(name: string): MenuIcon {
  return menuIconKind(name).icon;
}

/** The icon names of the seeded menu tree (server/domain/src/menu-tree.tsv): what an operator can copy. */
export const SEEDED_ICON_NAMES: readonly string[] = (
  'aim alarm-clock avatar bell box calendar chat-dot-round chat-line-square circle-check coin collection-tag connection coordinate cpu ' +
  'data-analysis data-board data-line document edit edit-pen files finished folder folder-opened grid guide histogram home link list ' +
  'location location-information lock magic-stick management map-location medal message monitor mute-notification notebook ' +
  'notification odometer office-building picture pie-chart place platform position price-tag promotion question-filled search service ' +
  'set-up setting share shop shopping-cart suitcase switch tickets tools trend-charts upload user user-filled user-group van view warning'
).split(' ');
