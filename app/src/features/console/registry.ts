/**
 * Menu `component` keys (`<group>/<view>`, docs/menu-tree.md) → lazily loaded views. Each view module lives under a
 * `lazy/` folder: the browser build puts it in its own chunk, the SSR build replaces it with a stub (menu views are
 * never rendered on the server: the menu is only known in the browser). A key without an entry gets the honest
 * 'this module is not available yet' notice.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

import type { MenuRoute } from './menu-routes';

export interface MenuViewProps {
  route: MenuRoute;
  params: Record<string, string>;
}

type Loader = () => Promise<{ default: ComponentType<MenuViewProps> }>;

export const VIEW_LOADERS: Readonly<Record<string, Loader>> = {
  'superAdmin/user': () => import('../system/users/lazy/user-view'),
  'superAdmin/userDetail': () => import('../system/users/lazy/user-detail-view'),
  'superAdmin/authority': () => import('../system/authority/lazy/authority-view'),
  'superAdmin/menu': () => import('../system/menus/lazy/menu-view'),
  'superAdmin/api': () => import('../system/apis/lazy/api-view'),
  'superAdmin/dictionary': () => import('../system/dictionaries/lazy/dictionary-view'),
  'superAdmin/sysDictionary': () => import('../system/dictionaries/lazy/dictionary-view'),
  'superAdmin/dictionaryDetail': () => import('../system/dictionaries/lazy/dictionary-detail-view'),
  'superAdmin/sysDictionaryDetail': () => import('../system/dictionaries/lazy/dictionary-detail-view'),
  'superAdmin/operation': () => import('../system/operations/lazy/operation-view'),
  'superAdmin/file': () => import('../system/files/lazy/file-view'),
  'superAdmin/enterpriseList': () => import('../enterprise/lazy/enterprise-list-view'),
  'superAdmin/addEnterpriseDialog': () => import('../enterprise/lazy/add-enterprise-view'),
  'superAdmin/enterpriseDetail': () => import('../enterprise/lazy/enterprise-detail-view'),
  'superAdmin/enterpriseSettings': () => import('../enterprise/lazy/enterprise-settings-view'),
  'superAdmin/cooperativeEnterprise': () => import('../enterprise/lazy/cooperative-enterprise-view'),
  'superAdmin/partnershipDialog': () => import('../enterprise/lazy/partnership-dialog-view'),
  'superAdmin/operatorList': () => import('../enterprise/lazy/operator-list-view'),
  'superAdmin/serviceProviderList': () => import('../enterprise/lazy/service-provider-list-view'),
  'superAdmin/clusterList': () => import('../enterprise/lazy/cluster-list-view'),
  'superAdmin/clusterDetail': () => import('../enterprise/lazy/cluster-detail-view'),
  'superAdmin/relationGraph': () => import('../enterprise/lazy/relation-graph-view'),
  'colony/memberManage': () => import('../enterprise/lazy/member-manage-view'),
  'colony/permissionSetting': () => import('../enterprise/lazy/member-permission-view'),
  'colony/enterpriseSet': () => import('../enterprise/lazy/enterprise-settings-view'),
  'colony/superviseSetting': () => import('../enterprise/lazy/supervise-setting-view'),
  'colony/problemType': () => import('../work/lazy/problem-type-view'),
  'colony/moduleManage': () => import('../work/lazy/module-manage-view'),
  'dataManage/vehicleManage': () => import('../vehicles/lazy/vehicle-manage-view'),
  'dataManage/vehicleManageSystem': () => import('../vehicles/lazy/vehicle-manage-system-view'),
  'dataManage/trailerSwap': () => import('../vehicles/lazy/trailer-swap-view'),
  'dataManage/alarmList': () => import('../reports/lazy/incidents-view'),
  'colony/alertQuery': () => import('../reports/lazy/incidents-view'),
  'dataManage/modelManage': () => import('../catalogue/lazy/model-manage-view'),
  'dataManage/tyreBrand': () => import('../catalogue/lazy/tyre-brand-view'),
  'dataManage/tyreManage': () => import('../catalogue/lazy/tyre-manage-view'),
  'equipmentManage/receiver': () => import('../devices/lazy/receiver-view'),
  'equipmentManage/sensor': () => import('../devices/lazy/sensor-view'),
  'equipmentManage/firmwareList': () => import('../devices/lazy/firmware-list-view'),
  'equipmentManage/receiverUpgrade': () => import('../devices/lazy/receiver-upgrade-view'),
  'equipmentManage/upgradeLog': () => import('../devices/lazy/upgrade-log-view'),
  'equipmentManage/deviceModelManage': () => import('../devices/lazy/device-model-manage-view'),
  'colony/labelManage': () => import('../devices/lazy/label-manage-view'),
  'colony/noticeRule': () => import('../rules/lazy/notice-rule-view'),
  'colony/alarmRules': () => import('../rules/lazy/notice-rule-view'),
  'colony/memberPush': () => import('../rules/lazy/member-push-view'),
  'colony/noticeSetting': () => import('../rules/lazy/notice-setting-view'),
  'colony/pushSetting': () => import('../rules/lazy/push-setting-view'),
  'colony/messageList': () => import('../rules/lazy/message-list-view'),
  'colony/maskedMessageList': () => import('../rules/lazy/masked-message-list-view'),
  'colony/systemMessageList': () => import('../rules/lazy/system-message-list-view'),
  // 预警设置 is the enterprise's alarm thresholds, which the supervision view already edits (console-spec lists both keys)
  'colony/warningSetting': () => import('../enterprise/lazy/supervise-setting-view'),
  'person/profile': () => import('../profile/lazy/profile-view'),
  'reload/index': () => import('./lazy/reload-view'),
};

/** One lazy component per key, made once: React keeps a view's state only while its component type is stable. */
const VIEWS: ReadonlyMap<string, LazyExoticComponent<ComponentType<MenuViewProps>>> = new Map(
  Object.entries(VIEW_LOADERS).map(([key, load]) => [key.toLowerCase(), lazy(load)]),
);

/** The lazy view of a key (case-insensitive), or null when there is none yet. */
export function viewFor(key: string): LazyExoticComponent<ComponentType<MenuViewProps>> | null {
  return VIEWS.get(key.toLowerCase()) ?? null;
}

export function hasView(key: string): boolean {
  return viewFor(key) !== null;
}
