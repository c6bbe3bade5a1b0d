//! The seeded menu tree (documented in `docs/menu-tree.md`, kept in step by a test) and the
//! default menus and buttons of each seeded role.
//!
//! Seeding follows the call registry's rule: a menu is created (with its buttons, and granted to
//! the roles whose default set includes it) only when no menu of that `name` exists, so an
//! operator's edits and revocations survive restarts and upgrades.

use std::collections::{BTreeMap, BTreeSet};

use chrono::Utc;
use entities::{sys_authority_btn, sys_authority_menu, sys_base_menu, sys_base_menu_btn};
use sea_orm::sea_query::OnConflict;
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, Set};

use super::seed::{
    ROLE_CLUSTER_SUPERVISOR, ROLE_ENTERPRISE_ADMIN, ROLE_ENTERPRISE_MEMBER, ROLE_PLATFORM_OPERATOR,
    ROLE_PLATFORM_SUPPORT, ROLE_SERVICE_PROVIDER, ROLE_SUPER_ADMIN, ROLE_VISITOR,
};

/// One seeded menu. `parent` is the parent's `name` ("" for a root); `flags` holds `H`
/// (hidden), `K` (keep-alive) and `C` (close tab); `buttons` is a comma-separated list.
#[derive(Debug, Clone, Copy)]
pub struct SeedMenu {
    pub name: &'static str,
    pub parent: &'static str,
    pub path: &'static str,
    pub component: &'static str,
    pub flags: &'static str,
    pub title: &'static str,
    pub title_en: &'static str,
    pub icon: &'static str,
    pub buttons: &'static str,
    pub active_name: &'static str,
}

impl SeedMenu {
    pub fn hidden(&self) -> bool {
        self.flags.contains('H')
    }

    pub fn keep_alive(&self) -> bool {
        self.flags.contains('K')
    }

    pub fn close_tab(&self) -> bool {
        self.flags.contains('C')
    }

    pub fn buttons(&self) -> impl Iterator<Item = &'static str> {
        self.buttons.split(',').filter(|b| !b.is_empty())
    }
}

macro_rules! menu {
    ($name:expr, $parent:expr, $path:expr, $component:expr, $flags:expr, $title:expr,
     $title_en:expr, $icon:expr, $buttons:expr, $active:expr) => {
        SeedMenu {
            name: $name,
            parent: $parent,
            path: $path,
            component: $component,
            flags: $flags,
            title: $title,
            title_en: $title_en,
            icon: $icon,
            buttons: $buttons,
            active_name: $active,
        }
    };
}

/// Every menu-driven view of console-spec §2, grouped as the spec groups them; parents come
/// before their children.
pub const MENUS: &[SeedMenu] = &[
    menu!(
        "home",
        "",
        "home",
        "home/index",
        "",
        "首页",
        "Home",
        "home",
        "",
        ""
    ),
    menu!(
        "colony",
        "",
        "colony",
        "layout/routerHolder",
        "",
        "企业中心",
        "Enterprise",
        "office-building",
        "",
        ""
    ),
    menu!(
        "customerManage",
        "colony",
        "customerManage",
        "colony/customerManage",
        "K",
        "客户管理",
        "Customers",
        "user-group",
        "add,edit,delete,export",
        ""
    ),
    menu!(
        "maintenanceManage",
        "colony",
        "maintenanceManage",
        "colony/maintenanceManage",
        "K",
        "维保管理",
        "Maintenance",
        "tools",
        "add,edit,delete,export",
        ""
    ),
    menu!(
        "maintenanceDetail",
        "colony",
        "maintenanceDetail/:id",
        "colony/maintenanceDetail",
        "HC",
        "维保详情",
        "Maintenance detail",
        "document",
        "",
        "maintenanceManage"
    ),
    menu!(
        "memberManage",
        "colony",
        "memberManage",
        "colony/memberManage",
        "K",
        "成员管理",
        "Members",
        "user",
        "add,edit,delete,export",
        ""
    ),
    menu!(
        "permissionSetting",
        "colony",
        "permissionSetting/:id",
        "colony/permissionSetting",
        "HC",
        "权限设置",
        "Permission settings",
        "lock",
        "",
        "memberManage"
    ),
    menu!(
        "reportManage",
        "colony",
        "reportManage",
        "layout/routerHolder",
        "",
        "报表管理",
        "Reports",
        "data-analysis",
        "",
        ""
    ),
    menu!(
        "alertQuery",
        "reportManage",
        "alertQuery",
        "colony/alertQuery",
        "K",
        "告警查询",
        "Alert query",
        "search",
        "export",
        ""
    ),
    menu!(
        "stockManage",
        "colony",
        "stockManage",
        "colony/stockManage",
        "K",
        "库存管理",
        "Stock",
        "box",
        "add,edit,delete,export",
        ""
    ),
    menu!(
        "stockDetail",
        "colony",
        "stockDetail/:id",
        "colony/stockDetail",
        "HC",
        "库存详情",
        "Stock detail",
        "document",
        "",
        "stockManage"
    ),
    menu!(
        "supplierDialog",
        "colony",
        "supplierDialog",
        "colony/supplierDialog",
        "H",
        "供应商选择",
        "Supplier picker",
        "",
        "",
        "stockManage"
    ),
    menu!(
        "superviseSetting",
        "colony",
        "superviseSetting",
        "colony/superviseSetting",
        "K",
        "监管设置",
        "Supervision",
        "view",
        "edit",
        ""
    ),
    menu!(
        "alarmRules",
        "colony",
        "alarmRules",
        "colony/alarmRules",
        "HC",
        "告警规则",
        "Alarm rules",
        "bell",
        "add,edit,delete",
        "superviseSetting"
    ),
    menu!(
        "enterpriseSet",
        "colony",
        "enterpriseSet",
        "colony/enterpriseSet",
        "",
        "企业设置",
        "Enterprise settings",
        "setting",
        "edit",
        ""
    ),
    menu!(
        "labelManage",
        "colony",
        "labelManage",
        "colony/labelManage",
        "K",
        "标签管理",
        "Labels",
        "collection-tag",
        "add,edit,delete",
        ""
    ),
    menu!(
        "messageList",
        "colony",
        "messageList",
        "colony/messageList",
        "K",
        "消息列表",
        "Messages",
        "message",
        "delete",
        ""
    ),
    menu!(
        "maskedMessageList",
        "colony",
        "maskedMessageList",
        "colony/maskedMessageList",
        "K",
        "屏蔽消息",
        "Masked messages",
        "mute-notification",
        "delete",
        ""
    ),
    menu!(
        "systemMessageList",
        "colony",
        "systemMessageList",
        "colony/systemMessageList",
        "K",
        "系统消息",
        "System messages",
        "chat-line-square",
        "",
        ""
    ),
    menu!(
        "memberPush",
        "colony",
        "memberPush",
        "colony/memberPush",
        "K",
        "成员推送",
        "Member push",
        "promotion",
        "add,edit,delete",
        ""
    ),
    menu!(
        "pushSetting",
        "colony",
        "pushSetting",
        "colony/pushSetting",
        "",
        "推送设置",
        "Push settings",
        "bell",
        "edit",
        ""
    ),
    menu!(
        "noticeRule",
        "colony",
        "noticeRule",
        "colony/noticeRule",
        "K",
        "通知规则",
        "Notification rules",
        "notification",
        "add,edit,delete",
        ""
    ),
    menu!(
        "noticeSetting",
        "colony",
        "noticeSetting",
        "colony/noticeSetting",
        "",
        "通知设置",
        "Notification settings",
        "setting",
        "edit",
        ""
    ),
    menu!(
        "warningSetting",
        "colony",
        "warningSetting",
        "colony/warningSetting",
        "",
        "预警设置",
        "Warning settings",
        "warning",
        "edit",
        ""
    ),
    menu!(
        "moduleManage",
        "colony",
        "moduleManage",
        "colony/moduleManage",
        "K",
        "模块管理",
        "Modules",
        "grid",
        "add,edit,delete",
        ""
    ),
    menu!(
        "problemType",
        "colony",
        "problemType",
        "colony/problemType",
        "K",
        "问题类型",
        "Issue types",
        "question-filled",
        "add,edit,delete",
        ""
    ),
    menu!(
        "supplierManage",
        "colony",
        "supplierManage",
        "colony/supplierManage",
        "K",
        "供应商管理",
        "Suppliers",
        "shop",
        "add,edit,delete,export",
        ""
    ),
    menu!(
        "dataManage",
        "",
        "dataManage",
        "layout/routerHolder",
        "",
        "数据管理",
        "Data",
        "data-board",
        "",
        ""
    ),
    menu!(
        "vehicleManage",
        "dataManage",
        "vehicleManage",
        "dataManage/vehicleManage",
        "K",
        "车辆管理",
        "Vehicles",
        "van",
        "add,edit,delete,export",
        ""
    ),
    menu!(
        "vehicleManageSystem",
        "dataManage",
        "vehicleManageSystem",
        "dataManage/vehicleManageSystem",
        "K",
        "车辆管理（系统）",
        "Vehicles (system)",
        "van",
        "add,edit,delete,export",
        ""
    ),
    menu!(
        "modelManage",
        "dataManage",
        "modelManage",
        "dataManage/modelManage",
        "K",
        "车型管理",
        "Vehicle models",
        "files",
        "add,edit,delete",
        ""
    ),
    menu!(
        "trailerSwap",
        "dataManage",
        "trailerSwap",
        "dataManage/trailerSwap",
        "K",
        "甩挂记录",
        "Trailer swaps",
        "switch",
        "export",
        ""
    ),
    menu!(
        "alarmList",
        "dataManage",
        "alarmList",
        "dataManage/alarmList",
        "K",
        "告警列表",
        "Alarms",
        "bell",
        "export",
        ""
    ),
    menu!(
        "defaultAlert",
        "dataManage",
        "defaultAlert",
        "dataManage/defaultAlert",
        "K",
        "默认告警",
        "Default alerts",
        "alarm-clock",
        "edit",
        ""
    ),
    menu!(
        "hangingAnalysis",
        "dataManage",
        "hangingAnalysis",
        "dataManage/hangingAnalysis",
        "K",
        "挂车分析",
        "Hanging analysis",
        "histogram",
        "export",
        ""
    ),
    menu!(
        "tempDifferenceAnalysis",
        "dataManage",
        "tempDifferenceAnalysis",
        "dataManage/tempDifferenceAnalysis",
        "K",
        "温差分析",
        "Temperature difference",
        "trend-charts",
        "export",
        ""
    ),
    menu!(
        "mileageInquiry",
        "dataManage",
        "mileageInquiry",
        "dataManage/mileageInquiry",
        "K",
        "里程查询",
        "Mileage",
        "odometer",
        "export",
        ""
    ),
    menu!(
        "routeManage",
        "dataManage",
        "routeManage",
        "dataManage/routeManage",
        "K",
        "线路管理",
        "Routes",
        "guide",
        "add,edit,delete",
        ""
    ),
    menu!(
        "travelManage",
        "dataManage",
        "travelManage",
        "dataManage/travelManage",
        "K",
        "行程管理",
        "Trips",
        "position",
        "export",
        ""
    ),
    menu!(
        "tyreManage",
        "dataManage",
        "tyreManage",
        "dataManage/tyreManage",
        "K",
        "轮胎管理",
        "Tyres",
        "circle-check",
        "add,edit,delete,export",
        ""
    ),
    menu!(
        "tyreBrand",
        "dataManage",
        "tyreBrand",
        "dataManage/tyreBrand",
        "K",
        "轮胎品牌",
        "Tyre brands",
        "medal",
        "add,edit,delete",
        ""
    ),
    menu!(
        "tyreMileage",
        "dataManage",
        "tyreMileage",
        "dataManage/tyreMileage",
        "K",
        "轮胎里程",
        "Tyre mileage",
        "odometer",
        "export",
        ""
    ),
    menu!(
        "panels",
        "dataManage",
        "panels",
        "layout/routerHolder",
        "",
        "数据面板",
        "Panels",
        "monitor",
        "",
        ""
    ),
    menu!(
        "panel4",
        "panels",
        "panel4",
        "dataManage/panel4",
        "K",
        "面板 4",
        "Panel 4",
        "pie-chart",
        "",
        ""
    ),
    menu!(
        "panel5",
        "panels",
        "panel5",
        "dataManage/panel5",
        "K",
        "面板 5",
        "Panel 5",
        "pie-chart",
        "",
        ""
    ),
    menu!(
        "panel6",
        "panels",
        "panel6",
        "dataManage/panel6",
        "K",
        "面板 6",
        "Panel 6",
        "pie-chart",
        "",
        ""
    ),
    menu!(
        "panel7",
        "panels",
        "panel7",
        "dataManage/panel7",
        "K",
        "面板 7",
        "Panel 7",
        "pie-chart",
        "",
        ""
    ),
    menu!(
        "panel8",
        "panels",
        "panel8",
        "dataManage/panel8",
        "K",
        "面板 8",
        "Panel 8",
        "pie-chart",
        "",
        ""
    ),
    menu!(
        "panel9",
        "panels",
        "panel9",
        "dataManage/panel9",
        "K",
        "面板 9",
        "Panel 9",
        "pie-chart",
        "",
        ""
    ),
    menu!(
        "panel10",
        "panels",
        "panel10",
        "dataManage/panel10",
        "K",
        "面板 10",
        "Panel 10",
        "pie-chart",
        "",
        ""
    ),
    menu!(
        "panel11",
        "panels",
        "panel11",
        "dataManage/panel11",
        "K",
        "面板 11",
        "Panel 11",
        "pie-chart",
        "",
        ""
    ),
    menu!(
        "panel12",
        "panels",
        "panel12",
        "dataManage/panel12",
        "K",
        "面板 12",
        "Panel 12",
        "pie-chart",
        "",
        ""
    ),
    menu!(
        "panel13",
        "panels",
        "panel13",
        "dataManage/panel13",
        "K",
        "面板 13",
        "Panel 13",
        "pie-chart",
        "",
        ""
    ),
    menu!(
        "panel14",
        "panels",
        "panel14",
        "dataManage/panel14",
        "K",
        "面板 14",
        "Panel 14",
        "pie-chart",
        "",
        ""
    ),
    menu!(
        "panel15",
        "panels",
        "panel15",
        "dataManage/panel15",
        "K",
        "面板 15",
        "Panel 15",
        "pie-chart",
        "",
        ""
    ),
    menu!(
        "panel16",
        "panels",
        "panel16",
        "dataManage/panel16",
        "K",
        "面板 16",
        "Panel 16",
        "pie-chart",
        "",
        ""
    ),
    menu!(
        "panel17",
        "panels",
        "panel17",
        "dataManage/panel17",
        "K",
        "面板 17",
        "Panel 17",
        "pie-chart",
        "",
        ""
    ),
    menu!(
        "panel18",
        "panels",
        "panel18",
        "dataManage/panel18",
        "K",
        "面板 18",
        "Panel 18",
        "pie-chart",
        "",
        ""
    ),
    menu!(
        "panel19",
        "panels",
        "panel19",
        "dataManage/panel19",
        "K",
        "面板 19",
        "Panel 19",
        "pie-chart",
        "",
        ""
    ),
    menu!(
        "panel20",
        "panels",
        "panel20",
        "dataManage/panel20",
        "K",
        "面板 20",
        "Panel 20",
        "pie-chart",
        "",
        ""
    ),
    menu!(
        "panel21",
        "panels",
        "panel21",
        "dataManage/panel21",
        "K",
        "面板 21",
        "Panel 21",
        "pie-chart",
        "",
        ""
    ),
    menu!(
        "panel22",
        "panels",
        "panel22",
        "dataManage/panel22",
        "K",
        "面板 22",
        "Panel 22",
        "pie-chart",
        "",
        ""
    ),
    menu!(
        "equipmentManage",
        "",
        "equipmentManage",
        "layout/routerHolder",
        "",
        "设备管理",
        "Devices",
        "cpu",
        "",
        ""
    ),
    menu!(
        "receiver",
        "equipmentManage",
        "receiver",
        "equipmentManage/receiver",
        "K",
        "接收器",
        "Receivers",
        "connection",
        "add,edit,delete,export",
        ""
    ),
    menu!(
        "receiverUpgrade",
        "equipmentManage",
        "receiverUpgrade",
        "equipmentManage/receiverUpgrade",
        "K",
        "接收器升级",
        "Receiver upgrade",
        "upload",
        "add",
        ""
    ),
    menu!(
        "sensor",
        "equipmentManage",
        "sensor",
        "equipmentManage/sensor",
        "K",
        "传感器",
        "Sensors",
        "aim",
        "add,edit,delete,export",
        ""
    ),
    menu!(
        "deviceModelManage",
        "equipmentManage",
        "deviceModelManage",
        "equipmentManage/deviceModelManage",
        "K",
        "设备型号",
        "Device models",
        "set-up",
        "add,edit,delete",
        ""
    ),
    menu!(
        "firmwareList",
        "equipmentManage",
        "firmwareList",
        "equipmentManage/firmwareList",
        "K",
        "固件列表",
        "Firmware",
        "files",
        "add,edit,delete",
        ""
    ),
    menu!(
        "upgradeLog",
        "equipmentManage",
        "upgradeLog",
        "equipmentManage/upgradeLog",
        "K",
        "升级日志",
        "Upgrade log",
        "tickets",
        "export",
        ""
    ),
    menu!(
        "projectArea",
        "",
        "project",
        "layout/routerHolder",
        "",
        "项目工单",
        "Projects",
        "folder-opened",
        "",
        ""
    ),
    menu!(
        "allWorkOrders",
        "projectArea",
        "allWorkOrders",
        "project/allWorkOrders",
        "K",
        "全部工单",
        "All work orders",
        "list",
        "export",
        ""
    ),
    menu!(
        "workOrder",
        "projectArea",
        "workOrder",
        "project/workOrder",
        "K",
        "工单",
        "Work orders",
        "tickets",
        "add,edit,delete,export",
        ""
    ),
    menu!(
        "workOrderDetail",
        "projectArea",
        "workOrderDetail/:id",
        "project/workOrderDetail",
        "HC",
        "工单详情",
        "Work order detail",
        "document",
        "edit",
        "workOrder"
    ),
    menu!(
        "orderList",
        "projectArea",
        "orderList",
        "project/orderList",
        "K",
        "订单列表",
        "Orders",
        "shopping-cart",
        "export",
        ""
    ),
    menu!(
        "project",
        "projectArea",
        "project",
        "project/project",
        "K",
        "项目",
        "Project",
        "folder",
        "add,edit,delete",
        ""
    ),
    menu!(
        "projectManage",
        "projectArea",
        "projectManage",
        "project/projectManage",
        "K",
        "项目管理",
        "Project management",
        "management",
        "add,edit,delete",
        ""
    ),
    menu!(
        "workPlan",
        "projectArea",
        "workPlan",
        "project/workPlan",
        "K",
        "工作计划",
        "Work plan",
        "calendar",
        "add,edit,delete",
        ""
    ),
    menu!(
        "noticePlan",
        "projectArea",
        "noticePlan",
        "project/noticePlan",
        "K",
        "通知计划",
        "Notice plan",
        "alarm-clock",
        "add,edit,delete",
        ""
    ),
    menu!(
        "discussionsList",
        "projectArea",
        "discussionsList",
        "project/discussionsList",
        "K",
        "讨论列表",
        "Discussions",
        "chat-dot-round",
        "delete",
        ""
    ),
    menu!(
        "flow",
        "projectArea",
        "flow",
        "project/flow",
        "K",
        "流程",
        "Workflows",
        "share",
        "add,edit,delete",
        ""
    ),
    menu!(
        "state",
        "projectArea",
        "state",
        "project/state",
        "K",
        "状态",
        "States",
        "finished",
        "add,edit,delete",
        ""
    ),
    menu!(
        "projectDialog",
        "projectArea",
        "dialog",
        "project/dialog",
        "H",
        "工单弹窗",
        "Work order dialog",
        "",
        "",
        "workOrder"
    ),
    menu!(
        "person",
        "",
        "person",
        "person/profile",
        "H",
        "个人信息",
        "Profile",
        "message",
        "",
        ""
    ),
    menu!(
        "superAdmin",
        "",
        "superAdmin",
        "layout/routerHolder",
        "",
        "超级管理员",
        "Super admin",
        "user-filled",
        "",
        ""
    ),
    menu!(
        "authority",
        "superAdmin",
        "authority",
        "superAdmin/authority",
        "K",
        "角色管理",
        "Roles",
        "avatar",
        "add,edit,delete,copy",
        ""
    ),
    menu!(
        "menu",
        "superAdmin",
        "menu",
        "superAdmin/menu",
        "K",
        "菜单管理",
        "Menus",
        "tickets",
        "add,edit,delete",
        ""
    ),
    menu!(
        "api",
        "superAdmin",
        "api",
        "superAdmin/api",
        "K",
        "API 管理",
        "APIs",
        "platform",
        "add,edit,delete",
        ""
    ),
    menu!(
        "user",
        "superAdmin",
        "user",
        "superAdmin/user",
        "K",
        "用户管理",
        "Users",
        "coordinate",
        "add,edit,delete,export",
        ""
    ),
    menu!(
        "userList",
        "superAdmin",
        "userList",
        "superAdmin/userList",
        "K",
        "用户列表",
        "User list",
        "user",
        "export",
        ""
    ),
    menu!(
        "userDetail",
        "superAdmin",
        "userDetail/:id",
        "superAdmin/userDetail",
        "HC",
        "用户详情",
        "User detail",
        "document",
        "edit",
        "user"
    ),
    menu!(
        "dictionary",
        "superAdmin",
        "dictionary",
        "superAdmin/dictionary",
        "K",
        "字典管理",
        "Dictionaries",
        "notebook",
        "add,edit,delete",
        ""
    ),
    menu!(
        "dictionaryDetail",
        "superAdmin",
        "dictionaryDetail/:id",
        "superAdmin/dictionaryDetail",
        "HC",
        "字典详情",
        "Dictionary detail",
        "list",
        "add,edit,delete",
        "dictionary"
    ),
    menu!(
        "sysDictionary",
        "superAdmin",
        "sysDictionary",
        "superAdmin/sysDictionary",
        "K",
        "系统字典",
        "System dictionaries",
        "notebook",
        "add,edit,delete",
        ""
    ),
    menu!(
        "sysDictionaryDetail",
        "superAdmin",
        "sysDictionaryDetail/:id",
        "superAdmin/sysDictionaryDetail",
        "HC",
        "系统字典详情",
        "System dictionary detail",
        "list",
        "add,edit,delete",
        "sysDictionary"
    ),
    menu!(
        "operation",
        "superAdmin",
        "operation",
        "superAdmin/operation",
        "K",
        "操作历史",
        "Operation records",
        "pie-chart",
        "delete",
        ""
    ),
    menu!(
        "file",
        "superAdmin",
        "file",
        "superAdmin/file",
        "K",
        "文件管理",
        "Files",
        "upload",
        "add,delete",
        ""
    ),
    menu!(
        "linkConfig",
        "superAdmin",
        "linkConfig",
        "superAdmin/linkConfig",
        "K",
        "链接配置",
        "Link settings",
        "link",
        "add,edit,delete",
        ""
    ),
    menu!(
        "clusterList",
        "superAdmin",
        "clusterList",
        "superAdmin/clusterList",
        "K",
        "集群列表",
        "Clusters",
        "coin",
        "add,edit,delete",
        ""
    ),
    menu!(
        "clusterDetail",
        "superAdmin",
        "clusterDetail/:id",
        "superAdmin/clusterDetail",
        "HC",
        "集群详情",
        "Cluster detail",
        "document",
        "edit",
        "clusterList"
    ),
    menu!(
        "enterpriseList",
        "superAdmin",
        "enterpriseList",
        "superAdmin/enterpriseList",
        "K",
        "企业列表",
        "Enterprises",
        "office-building",
        "add,edit,delete,export",
        ""
    ),
    menu!(
        "addEnterpriseDialog",
        "superAdmin",
        "addEnterpriseDialog",
        "superAdmin/addEnterpriseDialog",
        "H",
        "新增企业",
        "Add enterprise",
        "",
        "",
        "enterpriseList"
    ),
    menu!(
        "enterpriseDetail",
        "superAdmin",
        "enterpriseDetail/:id",
        "superAdmin/enterpriseDetail",
        "HC",
        "企业详情",
        "Enterprise detail",
        "document",
        "edit",
        "enterpriseList"
    ),
    menu!(
        "enterpriseSettings",
        "superAdmin",
        "enterpriseSettings/:id",
        "superAdmin/enterpriseSettings",
        "HC",
        "企业设置",
        "Enterprise settings (admin)",
        "setting",
        "edit",
        "enterpriseList"
    ),
    menu!(
        "cooperativeEnterprise",
        "superAdmin",
        "cooperativeEnterprise",
        "superAdmin/cooperativeEnterprise",
        "K",
        "合作企业",
        "Partner enterprises",
        "share",
        "add,edit,delete",
        ""
    ),
    menu!(
        "partnershipDialog",
        "superAdmin",
        "partnershipDialog",
        "superAdmin/partnershipDialog",
        "H",
        "合作关系",
        "Partnership",
        "",
        "",
        "cooperativeEnterprise"
    ),
    menu!(
        "operatorList",
        "superAdmin",
        "operatorList",
        "superAdmin/operatorList",
        "K",
        "运营人员",
        "Operators",
        "service",
        "add,edit,delete",
        ""
    ),
    menu!(
        "serviceProviderList",
        "superAdmin",
        "serviceProviderList",
        "superAdmin/serviceProviderList",
        "K",
        "服务商列表",
        "Service providers",
        "suitcase",
        "add,edit,delete",
        ""
    ),
    menu!(
        "relationGraph",
        "superAdmin",
        "relationGraph",
        "superAdmin/relationGraph",
        "",
        "关系图谱",
        "Relation graph",
        "connection",
        "",
        ""
    ),
    menu!(
        "icon",
        "superAdmin",
        "icon",
        "superAdmin/icon",
        "",
        "图标",
        "Icons",
        "picture",
        "",
        ""
    ),
    menu!(
        "superTag",
        "",
        "superTag",
        "layout/routerHolder",
        "",
        "超级标签",
        "Super tag",
        "price-tag",
        "",
        ""
    ),
    menu!(
        "tagHash",
        "superTag",
        "tagHash",
        "superTag/tagHash",
        "K",
        "标签库",
        "Tags",
        "collection-tag",
        "add,edit,delete",
        ""
    ),
    menu!(
        "tagEdit",
        "superTag",
        "tagEdit",
        "superTag/tagEdit",
        "",
        "标签编辑",
        "Tag editor",
        "edit",
        "edit",
        ""
    ),
    menu!(
        "field",
        "superTag",
        "field",
        "superTag/field",
        "K",
        "字段",
        "Fields",
        "document",
        "add,edit,delete",
        ""
    ),
    menu!(
        "quickSearch",
        "superTag",
        "quickSearch",
        "superTag/quickSearch",
        "",
        "快速搜索",
        "Quick search",
        "search",
        "",
        ""
    ),
    menu!(
        "fieldEdit",
        "superTag",
        "fieldEdit/:id",
        "superTag/fieldEdit",
        "HC",
        "字段编辑",
        "Field editor",
        "edit",
        "",
        "field"
    ),
    menu!(
        "tagForm",
        "superTag",
        "tagForm",
        "superTag/tagForm",
        "H",
        "标签表单",
        "Tag form",
        "",
        "",
        "tagEdit"
    ),
    menu!(
        "tagPicker",
        "superTag",
        "tagPicker",
        "superTag/tagPicker",
        "H",
        "标签选择",
        "Tag picker",
        "",
        "",
        "tagEdit"
    ),
    menu!(
        "sorter",
        "superTag",
        "sorter",
        "superTag/sorter",
        "H",
        "排序",
        "Sorter",
        "",
        "",
        "tagEdit"
    ),
    menu!(
        "locusModule",
        "",
        "locusModule",
        "layout/routerHolder",
        "",
        "轨迹",
        "Tracks",
        "location",
        "",
        ""
    ),
    menu!(
        "tracks",
        "locusModule",
        "tracks",
        "locus/tracks",
        "K",
        "轨迹回放",
        "Track playback",
        "location",
        "",
        ""
    ),
    menu!(
        "mileageRoute",
        "locusModule",
        "mileageRoute",
        "locus/mileageRoute",
        "K",
        "里程与线路",
        "Mileage and route",
        "odometer",
        "export",
        ""
    ),
    menu!(
        "locusList",
        "locusModule",
        "list",
        "locus/list",
        "K",
        "轨迹列表",
        "Track list",
        "list",
        "export",
        ""
    ),
    menu!(
        "locusView",
        "locusModule",
        "view/:id",
        "locus/view",
        "HC",
        "轨迹查看",
        "Track view",
        "view",
        "",
        "locusList"
    ),
    menu!(
        "locusMap",
        "locusModule",
        "map",
        "locus/map",
        "",
        "轨迹地图",
        "Track map",
        "map-location",
        "",
        ""
    ),
    menu!(
        "routeList",
        "locusModule",
        "routeList",
        "locus/routeList",
        "K",
        "线路列表",
        "Route list",
        "guide",
        "add,edit,delete",
        ""
    ),
    menu!(
        "routeNodes",
        "locusModule",
        "routeNodes",
        "locus/routeNodes",
        "K",
        "线路节点",
        "Route nodes",
        "place",
        "add,edit,delete",
        ""
    ),
    menu!(
        "tripList",
        "locusModule",
        "tripList",
        "locus/tripList",
        "K",
        "行程列表",
        "Trip list",
        "position",
        "export",
        ""
    ),
    menu!(
        "tripView",
        "locusModule",
        "tripView/:id",
        "locus/tripView",
        "HC",
        "行程查看",
        "Trip view",
        "view",
        "",
        "tripList"
    ),
    menu!(
        "nodeList",
        "locusModule",
        "nodeList",
        "locus/nodeList",
        "K",
        "节点列表",
        "Node list",
        "place",
        "add,edit,delete",
        ""
    ),
    menu!(
        "poi",
        "locusModule",
        "poi",
        "locus/poi",
        "K",
        "兴趣点",
        "Points of interest",
        "location-information",
        "add,edit,delete",
        ""
    ),
    menu!(
        "fragmentGenerator",
        "locusModule",
        "fragmentGenerator",
        "locus/fragmentGenerator",
        "",
        "片段生成",
        "Fragment generator",
        "magic-stick",
        "add",
        ""
    ),
    menu!(
        "generationLog",
        "locusModule",
        "generationLog",
        "locus/generationLog",
        "K",
        "生成日志",
        "Generation log",
        "tickets",
        "",
        ""
    ),
    menu!(
        "osmEditor",
        "locusModule",
        "osmEditor",
        "locus/osmEditor",
        "",
        "OSM 编辑器",
        "OSM editor",
        "edit-pen",
        "edit",
        ""
    ),
    menu!(
        "mqtt",
        "locusModule",
        "mqtt",
        "layout/routerHolder",
        "",
        "MQTT 控制台",
        "MQTT console",
        "connection",
        "",
        ""
    ),
    menu!(
        "mqttDashboard",
        "mqtt",
        "dashboard",
        "locus/mqttDashboard",
        "",
        "仪表盘",
        "Dashboard",
        "odometer",
        "",
        ""
    ),
    menu!(
        "mqttOverview",
        "mqtt",
        "overview",
        "locus/mqttOverview",
        "",
        "概览",
        "Overview",
        "data-line",
        "",
        ""
    ),
    menu!(
        "mqttClient",
        "mqtt",
        "client",
        "locus/mqttClient",
        "K",
        "客户端",
        "Clients",
        "monitor",
        "delete",
        ""
    ),
    menu!(
        "mqttSubscription",
        "mqtt",
        "subscription",
        "locus/mqttSubscription",
        "K",
        "订阅",
        "Subscriptions",
        "bell",
        "add,edit,delete",
        ""
    ),
    menu!(
        "mqttRoute",
        "mqtt",
        "route",
        "locus/mqttRoute",
        "K",
        "路由",
        "Routes",
        "share",
        "add,edit,delete",
        ""
    ),
    menu!(
        "mqttPublisher",
        "mqtt",
        "publisher",
        "locus/mqttPublisher",
        "",
        "消息发布",
        "Publish message",
        "promotion",
        "add",
        ""
    ),
    menu!(
        "mapComponents",
        "",
        "mapComponents",
        "layout/routerHolder",
        "H",
        "地图组件",
        "Map components",
        "map-location",
        "",
        ""
    ),
    menu!(
        "gaugeChart",
        "mapComponents",
        "gaugeChart",
        "mapComponents/gaugeChart",
        "H",
        "仪表图",
        "Gauge chart",
        "",
        "",
        ""
    ),
    menu!(
        "measureTool",
        "mapComponents",
        "measureTool",
        "mapComponents/measureTool",
        "H",
        "测距工具",
        "Measure tool",
        "",
        "",
        ""
    ),
    menu!(
        "vehicleInfo",
        "mapComponents",
        "vehicleInfo",
        "mapComponents/vehicleInfo",
        "H",
        "车辆信息",
        "Vehicle info",
        "",
        "",
        ""
    ),
    menu!(
        "layout",
        "",
        "layout",
        "layout/routerHolder",
        "H",
        "布局",
        "Layout",
        "",
        "",
        ""
    ),
    menu!(
        "aside",
        "layout",
        "aside",
        "layout/aside",
        "H",
        "侧边菜单",
        "Side menu",
        "",
        "",
        ""
    ),
    menu!(
        "language",
        "layout",
        "language",
        "layout/language",
        "H",
        "语言切换",
        "Language switcher",
        "",
        "",
        ""
    ),
    menu!(
        "screenfull",
        "layout",
        "screenfull",
        "layout/screenfull",
        "H",
        "全屏",
        "Full screen",
        "",
        "",
        ""
    ),
    menu!(
        "search",
        "layout",
        "search",
        "layout/search",
        "H",
        "搜索",
        "Search",
        "",
        "",
        ""
    ),
    menu!(
        "setting",
        "layout",
        "setting",
        "layout/setting",
        "H",
        "系统配置",
        "Settings",
        "",
        "",
        ""
    ),
    menu!(
        "vehiclePanel",
        "layout",
        "vehiclePanel",
        "layout/vehiclePanel",
        "H",
        "车辆面板",
        "Vehicle panel",
        "",
        "",
        ""
    ),
    menu!(
        "pushMessage",
        "layout",
        "pushMessage",
        "layout/pushMessage",
        "H",
        "推送消息",
        "Push messages",
        "",
        "",
        ""
    ),
    menu!(
        "error",
        "",
        "error",
        "error/index",
        "HC",
        "出错了",
        "Error",
        "",
        "",
        ""
    ),
    menu!(
        "reload",
        "",
        "reload",
        "reload/index",
        "H",
        "刷新",
        "Reload",
        "",
        "",
        ""
    ),
];

/// What a role created through `createAuthority` sees (with everything below these): the home
/// page, its profile and the pieces the map and the layout need.
pub const NEW_ROLE_MENUS: &[&str] = &[
    "home",
    "person",
    "mapComponents",
    "layout",
    "error",
    "reload",
];

/// The description of a seeded button.
pub fn button_desc(name: &str) -> &'static str {
    match name {
        "add" => "新增",
        "edit" => "编辑",
        "delete" => "删除",
        "export" => "导出",
        "copy" => "复制",
        _ => "",
    }
}

fn find(name: &str) -> Option<&'static SeedMenu> {
    MENUS.iter().find(|m| m.name == name)
}

/// The menu and its ancestors, nearest first.
fn lineage(menu: &'static SeedMenu) -> impl Iterator<Item = &'static SeedMenu> {
    std::iter::successors(Some(menu), |m| find(m.parent))
}

fn under(menu: &'static SeedMenu, names: &[&str]) -> bool {
    lineage(menu).any(|m| names.contains(&m.name))
}

/// The subtrees each seeded role sees (`None`: everything) and the subtrees taken out of that.
fn role_menus(role: i64) -> (Option<&'static [&'static str]>, &'static [&'static str]) {
    const FLEET_TAIL: &[&str] = &["mapComponents", "layout", "error", "reload"];
    match role {
        ROLE_SUPER_ADMIN => (None, &[]),
        // Platform staff run the platform but do not edit roles, menus or the API registry.
        ROLE_PLATFORM_OPERATOR | ROLE_PLATFORM_SUPPORT => (None, &["authority", "menu", "api"]),
        ROLE_ENTERPRISE_ADMIN => (
            Some(&[
                "home",
                "colony",
                "dataManage",
                "equipmentManage",
                "projectArea",
                "person",
                "tracks",
                "mileageRoute",
                "locusList",
                "locusView",
                "locusMap",
                "routeList",
                "routeNodes",
                "tripList",
                "tripView",
                "nodeList",
                "poi",
                "mapComponents",
                "layout",
                "error",
                "reload",
            ]),
            &[],
        ),
        ROLE_ENTERPRISE_MEMBER => (
            Some(&[
                "home",
                "customerManage",
                "messageList",
                "maskedMessageList",
                "systemMessageList",
                "alertQuery",
                "stockManage",
                "stockDetail",
                "supplierDialog",
                "dataManage",
                "receiver",
                "sensor",
                "projectArea",
                "person",
                "tracks",
                "mileageRoute",
                "locusList",
                "locusView",
                "locusMap",
                "tripList",
                "tripView",
                "poi",
                "mapComponents",
                "layout",
                "error",
                "reload",
            ]),
            &[],
        ),
        ROLE_SERVICE_PROVIDER => (
            Some(&[
                "home",
                "customerManage",
                "maintenanceManage",
                "maintenanceDetail",
                "stockManage",
                "stockDetail",
                "supplierDialog",
                "supplierManage",
                "messageList",
                "systemMessageList",
                "vehicleManage",
                "tyreManage",
                "tyreBrand",
                "alarmList",
                "tyreMileage",
                "equipmentManage",
                "projectArea",
                "person",
                "tracks",
                "mapComponents",
                "layout",
                "error",
                "reload",
            ]),
            &[],
        ),
        ROLE_CLUSTER_SUPERVISOR => (
            Some(&[
                "home",
                "superviseSetting",
                "alarmRules",
                "warningSetting",
                "alertQuery",
                "messageList",
                "systemMessageList",
                "dataManage",
                "allWorkOrders",
                "workOrderDetail",
                "orderList",
                "person",
                "tracks",
                "mileageRoute",
                "locusList",
                "locusView",
                "locusMap",
                "tripList",
                "tripView",
                "mapComponents",
                "layout",
                "error",
                "reload",
            ]),
            &[],
        ),
        ROLE_VISITOR => (
            Some(&[
                "home",
                "vehicleManage",
                "alarmList",
                "mileageInquiry",
                "tyreMileage",
                "tracks",
                "locusMap",
                "mapComponents",
                "layout",
                "error",
                "reload",
            ]),
            &[],
        ),
        _ => (Some(FLEET_TAIL), &[]),
    }
}

/// The names of the menus a seeded role sees by default (with every ancestor).
pub fn default_menus(role: i64) -> BTreeSet<&'static str> {
    let (roots, excluded) = role_menus(role);
    let mut names = BTreeSet::new();
    for menu in MENUS {
        let included = roots.is_none_or(|roots| under(menu, roots));
        if included && !under(menu, excluded) {
            names.extend(lineage(menu).map(|m| m.name));
        }
    }
    names
}

/// Whether a seeded role may use a button of a menu it sees.
pub fn default_button(role: i64, menu: &'static SeedMenu, button: &str) -> bool {
    match role {
        ROLE_SUPER_ADMIN
        | ROLE_PLATFORM_OPERATOR
        | ROLE_PLATFORM_SUPPORT
        | ROLE_ENTERPRISE_ADMIN => true,
        ROLE_ENTERPRISE_MEMBER => under(menu, &["projectArea"]) || button == "export",
        ROLE_SERVICE_PROVIDER => {
            under(
                menu,
                &[
                    "projectArea",
                    "equipmentManage",
                    "maintenanceManage",
                    "stockManage",
                    "supplierManage",
                ],
            ) || button == "export"
        }
        ROLE_CLUSTER_SUPERVISOR => button == "export",
        _ => false,
    }
}

/// Creates the seeded menus that do not exist (by name) and grants them by role default.
pub async fn seed<C: ConnectionTrait>(db: &C, roles: &[i64]) -> Result<(), sea_orm::DbErr> {
    let now = Utc::now();
    let mut ids: BTreeMap<String, i64> = sys_base_menu::Entity::find()
        .all(db)
        .await?
        .into_iter()
        .map(|m| (m.name, m.id))
        .collect();
    let new: Vec<&'static SeedMenu> = MENUS.iter().filter(|m| !ids.contains_key(m.name)).collect();
    if new.is_empty() {
        return Ok(());
    }
    let mut sorts: BTreeMap<&str, i32> = BTreeMap::new();
    let sort_of: BTreeMap<&str, i32> = MENUS
        .iter()
        .map(|m| {
            let n = sorts.entry(m.parent).or_default();
            *n += 1;
            (m.name, *n)
        })
        .collect();
    // Parents first: insert level by level, reading the ids back in between.
    let mut pending = new.clone();
    while !pending.is_empty() {
        let (ready, later): (Vec<&'static SeedMenu>, Vec<&'static SeedMenu>) = pending
            .into_iter()
            .partition(|m| m.parent.is_empty() || ids.contains_key(m.parent));
        if ready.is_empty() {
            break;
        }
        for chunk in ready.chunks(100) {
            let rows = chunk
                .iter()
                .map(|m: &&'static SeedMenu| sys_base_menu::ActiveModel {
                    parent_id: Set(ids.get(m.parent).copied()),
                    path: Set(m.path.into()),
                    name: Set(m.name.into()),
                    hidden: Set(m.hidden()),
                    component: Set(m.component.into()),
                    sort: Set(sort_of.get(m.name).copied().unwrap_or_default()),
                    title: Set(m.title.into()),
                    title_en: Set(m.title_en.into()),
                    icon: Set(m.icon.into()),
                    keep_alive: Set(m.keep_alive()),
                    close_tab: Set(m.close_tab()),
                    default_menu: Set(false),
                    active_name: Set(m.active_name.into()),
                    created_at: Set(now),
                    updated_at: Set(now),
                    ..Default::default()
                });
            sys_base_menu::Entity::insert_many(rows)
                .exec_without_returning(db)
                .await?;
        }
        let names: Vec<&str> = ready.iter().map(|m| m.name).collect();
        for row in sys_base_menu::Entity::find()
            .filter(sys_base_menu::Column::Name.is_in(names))
            .all(db)
            .await?
        {
            ids.insert(row.name, row.id);
        }
        pending = later;
    }

    let new_ids: Vec<i64> = new
        .iter()
        .filter_map(|m| ids.get(m.name).copied())
        .collect();
    let buttons: Vec<sys_base_menu_btn::ActiveModel> = new
        .iter()
        .filter_map(|m| Some((ids.get(m.name).copied()?, m)))
        .flat_map(|(id, m)| {
            m.buttons().map(move |b| sys_base_menu_btn::ActiveModel {
                menu_id: Set(id),
                name: Set(b.into()),
                desc: Set(button_desc(b).into()),
                ..Default::default()
            })
        })
        .collect();
    for chunk in buttons.chunks(200) {
        sys_base_menu_btn::Entity::insert_many(chunk.to_vec())
            .exec_without_returning(db)
            .await?;
    }
    let mut button_ids: BTreeMap<(i64, String), i64> = BTreeMap::new();
    for chunk in new_ids.chunks(200) {
        for b in sys_base_menu_btn::Entity::find()
            .filter(sys_base_menu_btn::Column::MenuId.is_in(chunk.to_vec()))
            .all(db)
            .await?
        {
            button_ids.insert((b.menu_id, b.name), b.id);
        }
    }

    let mut menu_links = Vec::new();
    let mut button_links = Vec::new();
    for &role in roles {
        let names = default_menus(role);
        for m in new.iter().filter(|m| names.contains(m.name)) {
            let Some(&menu_id) = ids.get(m.name) else {
                continue;
            };
            menu_links.push(sys_authority_menu::ActiveModel {
                authority_id: Set(role),
                menu_id: Set(menu_id),
            });
            for b in m.buttons().filter(|b| default_button(role, m, b)) {
                if let Some(&btn_id) = button_ids.get(&(menu_id, b.to_owned())) {
                    button_links.push(sys_authority_btn::ActiveModel {
                        authority_id: Set(role),
                        menu_id: Set(menu_id),
                        btn_id: Set(btn_id),
                    });
                }
            }
        }
    }
    for chunk in menu_links.chunks(300) {
        sys_authority_menu::Entity::insert_many(chunk.to_vec())
            .on_conflict(
                OnConflict::columns([
                    sys_authority_menu::Column::AuthorityId,
                    sys_authority_menu::Column::MenuId,
                ])
                .do_nothing()
                .to_owned(),
            )
            .exec_without_returning(db)
            .await?;
    }
    for chunk in button_links.chunks(300) {
        sys_authority_btn::Entity::insert_many(chunk.to_vec())
            .on_conflict(
                OnConflict::columns([
                    sys_authority_btn::Column::AuthorityId,
                    sys_authority_btn::Column::BtnId,
                ])
                .do_nothing()
                .to_owned(),
            )
            .exec_without_returning(db)
            .await?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_and_parents_come_first() {
        let mut seen = BTreeSet::new();
        for m in MENUS {
            assert!(
                m.parent.is_empty() || seen.contains(m.parent),
                "{} after its parent",
                m.name
            );
            assert!(seen.insert(m.name), "{} is unique", m.name);
            assert!(
                m.component.contains('/'),
                "{} has a <group>/<view> key",
                m.name
            );
        }
    }

    #[test]
    fn role_defaults_name_existing_menus() {
        for role in [100, 101, 200, 300, 777] {
            let (roots, _) = role_menus(role);
            for name in roots.unwrap_or_default() {
                assert!(find(name).is_some(), "{role}: {name} exists");
            }
        }
        for name in NEW_ROLE_MENUS {
            assert!(find(name).is_some(), "{name} exists");
        }
        let all = default_menus(ROLE_SUPER_ADMIN);
        assert_eq!(all.len(), MENUS.len());
        let platform = default_menus(ROLE_PLATFORM_OPERATOR);
        assert!(!platform.contains("menu") && platform.contains("user"));
        let visitor = default_menus(ROLE_VISITOR);
        assert!(visitor.contains("dataManage") && !visitor.contains("superAdmin"));
    }
}
