//! The product's enumerations (console-spec §3), defined once: the dictionary is seeded from
//! this table and the names the server puts in its answers (an enterprise's type, a relation's
//! type, a docking platform) are read from it.

use kernel::i18n::Text;
use kernel::text;

pub const ENTERPRISE_TYPE: &str = "enterprise_type";
pub const RELATIONSHIP_TYPE: &str = "relationship_type";
pub const DOCKING_PLATFORM: &str = "docking_platform";
pub const WHEEL_SUPPORT: &str = "wheel_support";

/// The entries of an enumeration as (value, label).
pub fn entries(kind: &str) -> impl Iterator<Item = (&'static str, Text)> {
    ENUMERATIONS
        .iter()
        .filter(move |(k, ..)| *k == kind)
        .flat_map(|(.., entries)| entries.iter())
        .map(|(value, zh, en, _)| (*value, Text::new(*zh, *en)))
}

/// The label of `value` in the request's language; "unknown" for a value the enumeration lacks.
pub fn label(kind: &str, value: impl std::fmt::Display) -> String {
    let value = value.to_string();
    entries(kind)
        .find(|(v, _)| *v == value)
        .map_or_else(|| text!("未知", "unknown"), |(_, t)| t)
        .current()
        .to_owned()
}

/// (value, zh label, en label, extend)
pub type Entry = (&'static str, &'static str, &'static str, &'static str);

/// (type, zh name, en description, entries)
pub const ENUMERATIONS: &[(&str, &str, &str, &[Entry])] = &[
    (
        "relationship_type",
        "企业关系类型",
        "Relationship types between enterprises",
        &[
            ("0", "未确认", "Unconfirmed", ""),
            ("1", "上下级", "Superior-subordinate", ""),
            ("2", "维保托管", "Maintenance custody", ""),
            ("3", "客户", "Customer", ""),
            ("4", "合作", "Cooperation", ""),
        ],
    ),
    (
        "enterprise_type",
        "企业类型",
        "Enterprise types",
        &[
            ("0", "直营", "Direct", ""),
            ("1", "上级", "Superior", ""),
            ("2", "外包", "Outsourced", ""),
            ("3", "代理", "Agent", ""),
            ("4", "监管", "Supervisory", ""),
        ],
    ),
    (
        "docking_platform",
        "对接平台",
        "Docking platforms",
        &[
            ("0", "无", "none", ""),
            ("1", "车队管理平台", "fleet-management platform", ""),
            ("2", "物流 App", "logistics app", ""),
            ("3", "干线承运商", "trunk-line carrier", ""),
            ("4", "快递承运商", "express carrier", ""),
            ("5", "冷链承运商", "cold-chain carrier", ""),
            ("6", "危化品承运商", "hazardous-goods carrier", ""),
            ("7", "轮胎服务商", "tyre service provider", ""),
            ("8", "轮胎翻新商", "tyre retreader", ""),
            ("9", "道路救援服务商", "roadside-rescue provider", ""),
            ("10", "车险服务商", "vehicle-insurance provider", ""),
        ],
    ),
    (
        "wheel_support",
        "轮端传感支持",
        "Wheel sensor support",
        &[
            ("0", "轴温 + 胎压", "Axle temperature and tyre pressure", ""),
            ("1", "仅轴温", "Axle temperature only", ""),
            ("2", "仅胎压", "Tyre pressure only", ""),
            ("3", "无", "Neither", ""),
        ],
    ),
    (
        "issue_grade",
        "问题等级",
        "Issue grades",
        &[
            ("0", "未定义", "Undefined", ""),
            ("1", "待改进", "Needs improvement", ""),
            ("2", "缺陷", "Defect", ""),
            ("3", "严重", "Severe", ""),
        ],
    ),
    (
        "order_state",
        "工单状态",
        "Work-order states",
        &[
            ("100", "待处理", "Pending", ""),
            ("101", "处理中", "In progress", ""),
            ("102", "已解决", "Resolved", ""),
            ("103", "已取消", "Cancelled", ""),
            ("104", "已关闭", "Closed", ""),
        ],
    ),
    (
        "step_state",
        "步骤显示状态",
        "Step display states",
        &[
            ("process", "当前进度", "Current progress", ""),
            ("forbidden", "禁止", "Forbidden", ""),
            ("finish", "已完成", "Completed", ""),
            ("selectable", "可选择", "Selectable", ""),
            ("required", "必填", "Required", ""),
            ("optional", "可选", "Optional", ""),
            ("selected", "已选择", "Selected", ""),
            ("subpage", "进入子页面", "Enters sub-page", ""),
        ],
    ),
    (
        "pressure_unit",
        "压力单位",
        "Pressure units (values are stored in bar; shown = bar × factor, rounded to decimals)",
        &[
            (
                "bar",
                "Bar",
                "Bar",
                r#"{"factor":1,"decimals":2,"default":true}"#,
            ),
            ("psi", "Psi", "Psi", r#"{"factor":14.5,"decimals":0}"#),
            ("kpa", "Kpa", "kPa", r#"{"factor":100,"decimals":1}"#),
        ],
    ),
    (
        "temperature_unit",
        "温度单位",
        "Temperature units (values are stored in °C)",
        &[
            (
                "celsius",
                "摄氏度 ℃",
                "Celsius °C",
                r#"{"formula":"c","decimals":0,"default":true}"#,
            ),
            (
                "fahrenheit",
                "华氏度 ℉",
                "Fahrenheit °F",
                r#"{"formula":"c*9/5+32","decimals":0}"#,
            ),
        ],
    ),
];
