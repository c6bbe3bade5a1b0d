/**
 * Menu `component` keys (`<group>/<view>`, docs/menu-tree.md) → lazily loaded views. Each view module lives under a
 * `lazy/` folder of its feature and is reached only through import() (a feature's lazy modules are, besides its
 * index.ts, the only part of it others may load): the browser build puts it in its own chunk, the SSR build replaces
 * it with a stub (menu views are never rendered on the server: the menu is only known in the browser). A key without
 * an entry gets the honest 'this module is not available yet' notice.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

import type { MenuViewProps, ViewLoaders } from '@/lib/console/menu-view';

const panelView = () => import('@/features/dashboard/lazy/panel-view');

export const VIEW_LOADERS: ViewLoaders = {
  'home/index': () => import('@/features/home/lazy/home-view'),
  'layout/setting': () => import('@/features/settings/lazy/settings-view'),
  // dataManage's numbered data panels 4–22: one view; the key picks its chart (dashboard/panels.ts)
  ...Object.fromEntries(Array.from({ length: 19 }, (_, i) => [`dataManage/panel${String(i + 4)}`, panelView])),
  'superAdmin/user': () => import('@/features/system/users/lazy/user-view'),
  'superAdmin/userDetail': () => import('@/features/system/users/lazy/user-detail-view'),
  'superAdmin/authority': () => import('@/features/system/authority/lazy/authority-view'),
  'superAdmin/menu': () => import('@/features/system/menus/lazy/menu-view'),
  'superAdmin/api': () => import('@/features/system/apis/lazy/api-view'),
  'superAdmin/linkConfig': () => import('@/features/system/brands/lazy/link-config-view'),
  'superAdmin/dictionary': () => import('@/features/system/dictionaries/lazy/dictionary-view'),
  'superAdmin/sysDictionary': () => import('@/features/system/dictionaries/lazy/dictionary-view'),
  'superAdmin/dictionaryDetail': () => import('@/features/system/dictionaries/lazy/dictionary-detail-view'),
  'superAdmin/sysDictionaryDetail': () => import('@/features/system/dictionaries/lazy/dictionary-detail-view'),
  'superAdmin/operation': () => import('@/features/system/operations/lazy/operation-view'),
  'superAdmin/file': () => import('@/features/system/files/lazy/file-view'),
  'superAdmin/enterpriseList': () => import('@/features/enterprise/lazy/enterprise-list-view'),
  'superAdmin/addEnterpriseDialog': () => import('@/features/enterprise/lazy/add-enterprise-view'),
  'superAdmin/enterpriseDetail': () => import('@/features/enterprise/lazy/enterprise-detail-view'),
  'superAdmin/enterpriseSettings': () => import('@/features/enterprise/lazy/enterprise-settings-view'),
  'superAdmin/cooperativeEnterprise': () => import('@/features/enterprise/lazy/cooperative-enterprise-view'),
  'superAdmin/partnershipDialog': () => import('@/features/enterprise/lazy/partnership-dialog-view'),
  'superAdmin/operatorList': () => import('@/features/enterprise/lazy/operator-list-view'),
  'superAdmin/serviceProviderList': () => import('@/features/enterprise/lazy/service-provider-list-view'),
  'superAdmin/clusterList': () => import('@/features/enterprise/lazy/cluster-list-view'),
  'superAdmin/clusterDetail': () => import('@/features/enterprise/lazy/cluster-detail-view'),
  'superAdmin/relationGraph': () => import('@/features/enterprise/lazy/relation-graph-view'),
  'colony/memberManage': () => import('@/features/enterprise/lazy/member-manage-view'),
  'colony/permissionSetting': () => import('@/features/enterprise/lazy/member-permission-view'),
  'colony/enterpriseSet': () => import('@/features/enterprise/lazy/enterprise-settings-view'),
  'colony/superviseSetting': () => import('@/features/enterprise/lazy/supervise-setting-view'),
  // 预警设置 is the enterprise's alarm thresholds, which the supervision view already edits (console-spec lists both keys)
  'colony/warningSetting': () => import('@/features/enterprise/lazy/supervise-setting-view'),
  'dataManage/defaultAlert': () => import('@/features/enterprise/lazy/default-alert-view'),
  'colony/stockManage': () => import('@/features/stock/lazy/stock-manage-view'),
  'colony/stockDetail': () => import('@/features/stock/lazy/stock-detail-view'),
  'colony/supplierDialog': () => import('@/features/stock/lazy/supplier-dialog-view'),
  'colony/supplierManage': () => import('@/features/stock/lazy/supplier-manage-view'),
  'colony/customerManage': () => import('@/features/stock/lazy/customer-manage-view'),
  'colony/maintenanceManage': () => import('@/features/stock/lazy/maintenance-manage-view'),
  'colony/maintenanceDetail': () => import('@/features/stock/lazy/maintenance-detail-view'),
  'colony/problemType': () => import('@/features/work/lazy/problem-type-view'),
  'colony/moduleManage': () => import('@/features/work/lazy/module-manage-view'),
  'project/workOrder': () => import('@/features/work/lazy/work-order-view'),
  'project/workOrderDetail': () => import('@/features/work/lazy/work-order-detail-view'),
  'project/allWorkOrders': () => import('@/features/work/lazy/all-work-orders-view'),
  'project/orderList': () => import('@/features/work/lazy/order-list-view'),
  'project/state': () => import('@/features/work/lazy/state-view'),
  'project/dialog': () => import('@/features/work/lazy/dialog-view'),
  'project/discussionsList': () => import('@/features/work/lazy/discussions-list-view'),
  'project/project': () => import('@/features/work/lazy/project-view'),
  'project/projectManage': () => import('@/features/work/lazy/project-manage-view'),
  'project/workPlan': () => import('@/features/work/lazy/work-plan-view'),
  'project/noticePlan': () => import('@/features/work/lazy/notice-plan-view'),
  'project/flow': () => import('@/features/work/lazy/flow-view'),
  'dataManage/vehicleManage': () => import('@/features/vehicles/lazy/vehicle-manage-view'),
  'dataManage/vehicleManageSystem': () => import('@/features/vehicles/lazy/vehicle-manage-system-view'),
  'dataManage/trailerSwap': () => import('@/features/vehicles/lazy/trailer-swap-view'),
  'dataManage/hangingAnalysis': () => import('@/features/vehicles/lazy/trailer-usage-view'),
  'dataManage/tempDifferenceAnalysis': () => import('@/features/dashboard/lazy/temp-difference-view'),
  'dataManage/alarmList': () => import('@/features/reports/lazy/incidents-view'),
  'colony/alertQuery': () => import('@/features/reports/lazy/incidents-view'),
  'dataManage/modelManage': () => import('@/features/catalogue/lazy/model-manage-view'),
  'dataManage/tyreBrand': () => import('@/features/catalogue/lazy/tyre-brand-view'),
  'dataManage/tyreManage': () => import('@/features/catalogue/lazy/tyre-manage-view'),
  'dataManage/tyreMileage': () => import('@/features/stock/lazy/tyre-mileage-view'),
  'dataManage/tyreLife': () => import('@/features/stock/lazy/tyre-life-view'),
  'equipmentManage/receiver': () => import('@/features/devices/lazy/receiver-view'),
  'equipmentManage/sensor': () => import('@/features/devices/lazy/sensor-view'),
  'equipmentManage/firmwareList': () => import('@/features/devices/lazy/firmware-list-view'),
  'equipmentManage/receiverUpgrade': () => import('@/features/devices/lazy/receiver-upgrade-view'),
  'equipmentManage/upgradeLog': () => import('@/features/devices/lazy/upgrade-log-view'),
  'equipmentManage/deviceModelManage': () => import('@/features/devices/lazy/device-model-manage-view'),
  'colony/labelManage': () => import('@/features/devices/lazy/label-manage-view'),
  'superTag/tagHash': () => import('@/features/tags/lazy/tag-hash-view'),
  'superTag/tagEdit': () => import('@/features/tags/lazy/tag-edit-view'),
  'superTag/field': () => import('@/features/tags/lazy/field-view'),
  'superTag/fieldEdit': () => import('@/features/tags/lazy/field-edit-view'),
  'superTag/quickSearch': () => import('@/features/tags/lazy/quick-search-view'),
  'superTag/tagForm': () => import('@/features/tags/lazy/tag-form-view'),
  'superTag/tagPicker': () => import('@/features/tags/lazy/tag-picker-view'),
  'superTag/sorter': () => import('@/features/tags/lazy/sorter-view'),
  'colony/noticeRule': () => import('@/features/rules/lazy/notice-rule-view'),
  'colony/alarmRules': () => import('@/features/rules/lazy/notice-rule-view'),
  'colony/memberPush': () => import('@/features/rules/lazy/member-push-view'),
  'colony/noticeSetting': () => import('@/features/rules/lazy/notice-setting-view'),
  'colony/pushSetting': () => import('@/features/rules/lazy/push-setting-view'),
  'colony/messageList': () => import('@/features/rules/lazy/message-list-view'),
  'colony/maskedMessageList': () => import('@/features/rules/lazy/masked-message-list-view'),
  'colony/systemMessageList': () => import('@/features/rules/lazy/system-message-list-view'),
  'person/profile': () => import('@/features/profile/lazy/profile-view'),
  'locus/tracks': () => import('@/features/tracks/lazy/tracks-view'),
  'locus/list': () => import('@/features/tracks/lazy/track-list-view'),
  'locus/view': () => import('@/features/tracks/lazy/track-view'),
  'locus/tripList': () => import('@/features/tracks/lazy/trip-list-view'),
  'locus/tripView': () => import('@/features/tracks/lazy/trip-view'),
  'locus/mileageRoute': () => import('@/features/tracks/lazy/mileage-route-view'),
  'locus/poi': () => import('@/features/places/lazy/poi-view'),
  'locus/osmEditor': () => import('@/features/places/lazy/osm-editor-view'),
  'locus/routeList': () => import('@/features/places/lazy/route-list-view'),
  'locus/routeNodes': () => import('@/features/places/lazy/route-nodes-view'),
  'locus/nodeList': () => import('@/features/places/lazy/route-nodes-view'),
  'locus/map': () => import('@/features/places/lazy/track-map-view'),
  'locus/fragmentGenerator': () => import('@/features/places/lazy/fragment-generator-view'),
  'locus/generationLog': () => import('@/features/places/lazy/generation-log-view'),
  'locus/mqttDashboard': () => import('@/features/mqtt/lazy/dashboard-view'),
  'locus/mqttOverview': () => import('@/features/mqtt/lazy/overview-view'),
  'locus/mqttClient': () => import('@/features/mqtt/lazy/client-view'),
  'locus/mqttSubscription': () => import('@/features/mqtt/lazy/subscription-view'),
  'locus/mqttRoute': () => import('@/features/mqtt/lazy/route-view'),
  'locus/mqttPublisher': () => import('@/features/mqtt/lazy/publisher-view'),
  'reload/index': () => import('./lazy/reload-view'),
  'mapComponents/gaugeChart': () => import('@/features/map/lazy/gauge-chart-view'),
  'mapComponents/measureTool': () => import('@/features/map/lazy/measure-tool-view'),
  'mapComponents/vehicleInfo': () => import('@/features/map/lazy/vehicle-info-view'),
  'layout/vehiclePanel': () => import('@/features/map/lazy/vehicle-panel-view'),
  'layout/aside': () => import('./lazy/aside-view'),
  'layout/language': () => import('./lazy/language-view'),
  'layout/screenfull': () => import('./lazy/screenfull-view'),
  'layout/search': () => import('./lazy/search-view'),
  'superAdmin/icon': () => import('./lazy/icon-view'),
  'error/index': () => import('./lazy/error-view'),
};

/**
 * Keys that show another key's view (console-spec lists both): dataManage's route and trip management and its mileage
 * inquiry are the track area's route and trip lists and mileage report; the super admin's user list is user management;
 * the push-message layout piece is the message list. An alias whose target has no view yet shows the 'not available' notice like any key.
 */
export const VIEW_ALIASES: Readonly<Record<string, string>> = {
  'superAdmin/userList': 'superAdmin/user',
  'layout/pushMessage': 'colony/messageList',
  'dataManage/routeManage': 'locus/routeList',
  'dataManage/mileageInquiry': 'locus/mileageRoute',
  'dataManage/travelManage': 'locus/tripList',
};

/** One lazy component per key, made once: React keeps a view's state only while its component type is stable. */
const VIEWS: ReadonlyMap<string, LazyExoticComponent<ComponentType<MenuViewProps>>> = new Map(
  Object.entries(VIEW_LOADERS).map(([key, load]) => [key.toLowerCase(), lazy(load)]),
);

const ALIASES: ReadonlyMap<string, string> = new Map(Object.entries(VIEW_ALIASES).map(([key, target]) => [key.toLowerCase(), target.toLowerCase()]));

/** The lazy view of a key (case-insensitive; aliases followed), or null when there is none yet. */
export function viewFor(key: string): LazyExoticComponent<ComponentType<MenuViewProps>> | null {
  const lower = key.toLowerCase();
  return VIEWS.get(ALIASES.get(lower) ?? lower) ?? null;
}

export function hasView(key: string): boolean {
  return viewFor(key) !== null;
}
