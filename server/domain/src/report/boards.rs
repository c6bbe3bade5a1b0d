//! Dashboard boards: boards of charts, a user's own or shared with every member of the
//! enterprise. A chart picks a measure, a grouping, a range of days and one of nine kinds;
//! each is a closed enumeration ([`KINDS`], [`MEASURES`], [`GROUPINGS`], [`RANGES`]) so the
//! numbers behind a chart (`chart_data`) can be read from the daily roll-ups by rule. Only a
//! board's owner changes it; sorting gives the full order of a board's charts.

use std::collections::{BTreeMap, BTreeSet};

use chrono::{NaiveDate, Utc};
use entities::{report_board, report_chart};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, Condition, ConnectionTrait, DatabaseConnection, EntityTrait,
    ModelTrait, PaginatorTrait, QueryFilter, QueryOrder, QuerySelect, Set,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::scope::Scope;
use kernel::db::write_txn;
use kernel::error::AppError;
use kernel::i18n::Text;
use kernel::text;
use kernel::validate::{in_range, required};

/// Boards one user may own.
pub const MAX_BOARDS: u64 = 50;
/// Charts one board may hold.
pub const MAX_CHARTS: u64 = 48;
/// The longest custom range, days.
pub const MAX_RANGE_DAYS: i64 = 366;

/// (value, zh, en)
type Named = (&'static str, &'static str, &'static str);

/// The nine kinds of chart.
pub const KINDS: [Named; 9] = [
    ("bar", "柱状图", "bar"),
    ("line", "折线图", "line"),
    ("pie", "饼图", "pie"),
    ("gauge", "仪表盘", "gauge"),
    ("heatmap", "热力图", "heat map"),
    ("map", "地图", "map"),
    ("waterfall", "瀑布图", "waterfall"),
    ("scatter", "散点图", "scatter"),
    ("barRace", "动态排序柱状图", "bar race"),
];

/// What a chart measures: each is a column (or a count) of the daily roll-ups per vehicle,
/// summed over the grouping except where the name says max or min (see docs/reports.md).
pub const MEASURES: [Named; 11] = [
    ("distanceKm", "行驶里程 (km)", "distance (km)"),
    ("drivingHours", "行驶时长 (h)", "driving time (h)"),
    ("activeVehicles", "出车车辆数", "vehicles that drove"),
    ("alarms", "告警次数", "alarms"),
    ("criticalAlarms", "严重告警次数", "critical alarms"),
    (
        "maxTyreTemp",
        "最高胎温 (°C)",
        "highest tyre temperature (°C)",
    ),
    (
        "maxHubTemp",
        "最高轮端温度 (°C)",
        "highest hub temperature (°C)",
    ),
    (
        "minPressure",
        "最低胎压 (bar)",
        "lowest tyre pressure (bar)",
    ),
    ("sensorLosses", "传感器失联次数", "sensor losses"),
    ("offlineHours", "离线时长 (h)", "offline time (h)"),
    ("workOrders", "新建工单数", "work orders opened"),
];

/// How a chart groups its measure.
pub const GROUPINGS: [Named; 11] = [
    ("none", "不分组（单值）", "none (one value)"),
    ("day", "按天", "by day"),
    ("week", "按周", "by week"),
    ("month", "按月", "by month"),
    ("enterprise", "按企业", "by enterprise"),
    ("vehicle", "按车辆", "by vehicle"),
    ("alarmKind", "按告警类型", "by alarm kind"),
    ("alarmLevel", "按告警级别", "by alarm level"),
    ("region", "按地区", "by region"),
    ("enterpriseDay", "企业 × 天", "enterprise × day"),
    ("vehicleDay", "车辆 × 天", "vehicle × day"),
];

/// The days a chart covers, relative to the day it is read (UTC), or custom.
pub const RANGES: [Named; 8] = [
    ("today", "今天", "today"),
    ("yesterday", "昨天", "yesterday"),
    ("last7Days", "近 7 天", "last 7 days"),
    ("last30Days", "近 30 天", "last 30 days"),
    ("thisMonth", "本月", "this month"),
    ("lastMonth", "上月", "last month"),
    ("thisYear", "今年", "this year"),
    ("custom", "自定义", "custom"),
];

/// The groupings each kind can draw.
pub fn groupings_of(kind: &str) -> &'static [&'static str] {
    match kind {
        "bar" | "line" => &[
            "day",
            "week",
            "month",
            "enterprise",
            "vehicle",
            "alarmKind",
            "alarmLevel",
        ],
        "pie" => &["enterprise", "vehicle", "alarmKind", "alarmLevel", "region"],
        "gauge" => &["none"],
        "heatmap" | "barRace" => &["enterpriseDay", "vehicleDay"],
        "map" => &["region"],
        "waterfall" => &["day", "week", "month"],
        "scatter" => &["vehicle", "enterprise"],
        _ => &[],
    }
}

fn known(list: &[Named], value: &str) -> bool {
    list.iter().any(|(v, ..)| *v == value)
}

fn one_of(field: &str, list: &[Named], value: &str) -> Result<String, AppError> {
    if known(list, value) {
        Ok(value.to_owned())
    } else {
        let all: Vec<&str> = list.iter().map(|(v, ..)| *v).collect();
        Err(AppError::field(
            field,
            text!(
                "{} 须为 {} 之一，而不是 {}",
                "{} must be one of {}, not {}",
                field,
                all.join(", "),
                value
            ),
        ))
    }
}

/// A chart as it is saved.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChartInput {
    pub title: String,
    /// One of [`KINDS`].
    pub kind: String,
    /// One of [`MEASURES`].
    pub measure: String,
    /// A second measure, required by `scatter` (its vertical axis) and refused elsewhere.
    #[serde(default)]
    pub second_measure: Option<String>,
    /// One of the groupings the kind draws ([`groupings_of`]).
    pub grouping: String,
    /// One of [`RANGES`]; `custom` takes `startDate` and `endDate`.
    pub range: String,
    #[serde(default)]
    pub start_date: Option<NaiveDate>,
    #[serde(default)]
    pub end_date: Option<NaiveDate>,
    /// How many vehicles or enterprises a ranking shows (1–50; vehicle groupings default to
    /// 10); refused for other groupings.
    #[serde(default)]
    pub top_n: Option<i32>,
    /// Only this enterprise's vehicles (one the caller sees).
    #[serde(default, alias = "entId")]
    pub enterprise_id: Option<i64>,
}

/// A chart's fields checked, ready to store.
struct CheckedChart {
    title: String,
    kind: String,
    measure: String,
    second_measure: Option<String>,
    grouping: String,
    range: String,
    start_day: Option<NaiveDate>,
    end_day: Option<NaiveDate>,
    top_n: Option<i32>,
    enterprise_id: Option<i64>,
}

impl ChartInput {
    fn checked(&self, scope: &Scope) -> Result<CheckedChart, AppError> {
        let title = required("chart.title", &self.title, 64)?;
        let kind = one_of("chart.kind", &KINDS, self.kind.trim())?;
        let measure = one_of("chart.measure", &MEASURES, self.measure.trim())?;
        let second = self
            .second_measure
            .as_deref()
            .map(str::trim)
            .filter(|s| !s.is_empty());
        let second_measure = match (kind.as_str(), second) {
            ("scatter", Some(s)) => Some(one_of("chart.secondMeasure", &MEASURES, s)?),
            ("scatter", None) => {
                return Err(AppError::field(
                    "chart.secondMeasure",
                    text!(
                        "散点图须选择第二个指标",
                        "a scatter chart needs a second measure"
                    ),
                ));
            }
            (_, Some(_)) => {
                return Err(AppError::field(
                    "chart.secondMeasure",
                    text!(
                        "只有散点图有第二个指标",
                        "only a scatter chart has a second measure"
                    ),
                ));
            }
            (_, None) => None,
        };
        let grouping = one_of("chart.grouping", &GROUPINGS, self.grouping.trim())?;
        let allowed = groupings_of(&kind);
        if !allowed.contains(&grouping.as_str()) {
            return Err(AppError::field(
                "chart.grouping",
                text!(
                    "{} 图可按 {} 分组，而不是 {}",
                    "a {} chart groups by {}, not {}",
                    kind,
                    allowed.join(", "),
                    grouping
                ),
            ));
        }
        if matches!(grouping.as_str(), "alarmKind" | "alarmLevel")
            && !matches!(measure.as_str(), "alarms" | "criticalAlarms")
        {
            return Err(AppError::field(
                "chart.grouping",
                text!(
                    "按告警类型或级别分组只适用于告警指标",
                    "grouping by alarm kind or level needs an alarm measure"
                ),
            ));
        }
        let range = one_of("chart.range", &RANGES, self.range.trim())?;
        let (start_day, end_day) = if range == "custom" {
            let need = |field: &str, d: Option<NaiveDate>| {
                d.ok_or_else(|| {
                    AppError::field(
                        field,
                        text!("自定义范围须给出 {}", "a custom range needs {}", field),
                    )
                })
            };
            let (s, e) = (
                need("chart.startDate", self.start_date)?,
                need("chart.endDate", self.end_date)?,
            );
            if e < s {
                return Err(AppError::field(
                    "chart.endDate",
                    text!(
                        "结束日期不能早于开始日期",
                        "endDate must not be before startDate"
                    ),
                ));
            }
            if (e - s).num_days() >= MAX_RANGE_DAYS {
                return Err(AppError::field(
                    "chart.endDate",
                    text!(
                        "日期范围最长 {} 天",
                        "The date range spans at most {} days",
                        MAX_RANGE_DAYS
                    ),
                ));
            }
            (Some(s), Some(e))
        } else {
            (None, None)
        };
        let ranks = matches!(
            grouping.as_str(),
            "vehicle" | "enterprise" | "vehicleDay" | "enterpriseDay"
        );
        let top_n = match (self.top_n, ranks) {
            (Some(n), true) => {
                in_range("chart.topN", i64::from(n), 1, 50)?;
                Some(n)
            }
            (Some(_), false) => {
                return Err(AppError::field(
                    "chart.topN",
                    text!(
                        "topN 只用于按车辆或企业分组",
                        "topN applies only to vehicle or enterprise groupings"
                    ),
                ));
            }
            (None, true) if grouping.starts_with("vehicle") => Some(10),
            (None, _) => None,
        };
        let enterprise_id = self.enterprise_id.filter(|e| *e != 0);
        if let Some(e) = enterprise_id {
            scope
                .require(e)
                .map_err(|e| AppError::field("chart.enterpriseId", e.into_text()))?;
        }
        Ok(CheckedChart {
            title,
            kind,
            measure,
            second_measure,
            grouping,
            range,
            start_day,
            end_day,
            top_n,
            enterprise_id,
        })
    }
}

/// A board as listed.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BoardRow {
    pub id: i64,
    pub name: String,
    pub enterprise_id: i64,
    pub owner_id: i64,
    /// Shown to every member of the enterprise.
    pub shared: bool,
    /// The caller owns it (and may change it).
    pub mine: bool,
    pub charts: u64,
    pub updated_at: chrono::DateTime<Utc>,
}

/// A chart as stored.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChartRow {
    pub id: i64,
    pub board_id: i64,
    pub title: String,
    pub kind: String,
    pub measure: String,
    pub second_measure: Option<String>,
    pub grouping: String,
    pub range: String,
    pub start_date: Option<NaiveDate>,
    pub end_date: Option<NaiveDate>,
    pub top_n: Option<i32>,
    pub enterprise_id: Option<i64>,
    /// Its place on the board, from 1.
    pub sort: i32,
}

impl From<report_chart::Model> for ChartRow {
    fn from(c: report_chart::Model) -> Self {
        Self {
            id: c.id,
            board_id: c.board_id,
            title: c.title,
            kind: c.kind,
            measure: c.measure,
            second_measure: c.second_measure,
            grouping: c.grouping,
            range: c.range_kind,
            start_date: c.start_day,
            end_date: c.end_day,
            top_n: c.top_n,
            enterprise_id: c.enterprise_id,
            sort: c.sort,
        }
    }
}

/// A value of an enumeration with its label in the request's language.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Choice {
    pub value: &'static str,
    pub label: String,
    /// For kinds: the groupings the kind draws.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub groupings: Option<Vec<&'static str>>,
}

/// The enumerations a chart's settings choose from.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Choices {
    pub kinds: Vec<Choice>,
    pub measures: Vec<Choice>,
    pub groupings: Vec<Choice>,
    pub ranges: Vec<Choice>,
}

fn choices(list: &[Named], with_groupings: bool) -> Vec<Choice> {
    list.iter()
        .map(|(v, zh, en)| Choice {
            value: v,
            label: Text::new(*zh, *en).current().to_owned(),
            groupings: with_groupings.then(|| groupings_of(v).to_vec()),
        })
        .collect()
}

/// A board with its charts in order, and the enumerations.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct BoardSettings {
    /// None when the caller has no board yet.
    pub board: Option<BoardRow>,
    pub charts: Vec<ChartRow>,
    pub choices: Choices,
}

/// The boards a scope shows: the caller's own (in enterprises it sees) and those shared in
/// the enterprise it acts for.
fn shown(scope: &Scope) -> Condition {
    let shared = match scope.enterprise_id {
        Some(e) => Condition::all()
            .add(report_board::Column::Shared.eq(true))
            .add(report_board::Column::EnterpriseId.eq(e)),
        None => Condition::all().add(report_board::Column::Id.eq(-1_i64)),
    };
    Condition::all()
        .add(scope.filter(report_board::Column::EnterpriseId))
        .add(
            Condition::any()
                .add(report_board::Column::OwnerId.eq(scope.user.id))
                .add(shared),
        )
}

fn no_board(id: i64) -> AppError {
    AppError::field("boardId", text!("看板 {} 不存在", "No board {}", id))
}

async fn board(
    db: &impl ConnectionTrait,
    scope: &Scope,
    id: i64,
) -> Result<report_board::Model, AppError> {
    report_board::Entity::find_by_id(id)
        .filter(shown(scope))
        .one(db)
        .await?
        .ok_or_else(|| no_board(id))
}

/// A board the caller may change: their own, not under a read-only trusteeship.
async fn own_board(
    db: &impl ConnectionTrait,
    scope: &Scope,
    id: i64,
) -> Result<report_board::Model, AppError> {
    crate::vehicle::writable(scope)?;
    let b = board(db, scope, id).await?;
    if b.owner_id != scope.user.id {
        return Err(AppError::field(
            "boardId",
            text!(
                "只有看板 {} 的创建者可以修改它",
                "Only the owner of board {} may change it",
                b.name
            ),
        ));
    }
    Ok(b)
}

async fn rows(
    db: &impl ConnectionTrait,
    scope: &Scope,
    boards: Vec<report_board::Model>,
) -> Result<Vec<BoardRow>, AppError> {
    let counts: BTreeMap<i64, i64> = report_chart::Entity::find()
        .select_only()
        .column(report_chart::Column::BoardId)
        .column_as(report_chart::Column::Id.count(), "n")
        .filter(report_chart::Column::BoardId.is_in(boards.iter().map(|b| b.id)))
        .group_by(report_chart::Column::BoardId)
        .into_tuple::<(i64, i64)>()
        .all(db)
        .await?
        .into_iter()
        .collect();
    Ok(boards
        .into_iter()
        .map(|b| BoardRow {
            charts: u64::try_from(counts.get(&b.id).copied().unwrap_or_default())
                .unwrap_or_default(),
            mine: b.owner_id == scope.user.id,
            id: b.id,
            name: b.name,
            enterprise_id: b.enterprise_id,
            owner_id: b.owner_id,
            shared: b.shared,
            updated_at: b.updated_at,
        })
        .collect())
}

/// The boards the caller sees: their own first, then shared ones, each by creation.
pub async fn list(db: &DatabaseConnection, scope: &Scope) -> Result<Vec<BoardRow>, AppError> {
    let mut found = report_board::Entity::find()
        .filter(shown(scope))
        .order_by_asc(report_board::Column::Id)
        .limit(500)
        .all(db)
        .await?;
    found.sort_by_key(|b| (b.owner_id != scope.user.id, b.id));
    rows(db, scope, found).await
}

/// A board (the first the caller sees when none is named) with its charts in order.
pub async fn settings(
    db: &DatabaseConnection,
    scope: &Scope,
    board_id: Option<i64>,
) -> Result<BoardSettings, AppError> {
    let found = match board_id.filter(|b| *b != 0) {
        Some(id) => Some(board(db, scope, id).await?.id),
        None => list(db, scope).await?.first().map(|b| b.id),
    };
    let choices = Choices {
        kinds: choices(&KINDS, true),
        measures: choices(&MEASURES, false),
        groupings: choices(&GROUPINGS, false),
        ranges: choices(&RANGES, false),
    };
    let Some(id) = found else {
        return Ok(BoardSettings {
            board: None,
            charts: Vec::new(),
            choices,
        });
    };
    let b = board(db, scope, id).await?;
    Ok(BoardSettings {
        charts: charts(db, b.id).await?,
        board: rows(db, scope, vec![b]).await?.pop(),
        choices,
    })
}

async fn charts(db: &impl ConnectionTrait, board_id: i64) -> Result<Vec<ChartRow>, AppError> {
    Ok(report_chart::Entity::find()
        .filter(report_chart::Column::BoardId.eq(board_id))
        .order_by_asc(report_chart::Column::Sort)
        .order_by_asc(report_chart::Column::Id)
        .all(db)
        .await?
        .into_iter()
        .map(ChartRow::from)
        .collect())
}

/// What `chart_save` does.
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SaveBoard {
    /// The board; absent: a new board (`boardName` required).
    #[serde(default)]
    pub board_id: Option<i64>,
    /// The board's name (creates or renames it).
    #[serde(default)]
    pub board_name: Option<String>,
    /// Share the board with every member of its enterprise (or stop sharing it).
    #[serde(default)]
    pub shared: Option<bool>,
    /// The chart to change or delete; absent with `chart`: a new chart at the board's end.
    #[serde(default, alias = "chartId")]
    pub id: Option<i64>,
    #[serde(default)]
    pub chart: Option<ChartInput>,
    /// Delete the chart `id`, or without `id` the whole board.
    #[serde(default)]
    pub delete: bool,
}

/// Creates, renames, shares or deletes a board, and adds, changes or deletes one of its
/// charts, in one transaction; answers the board as it is now (no board once deleted).
pub async fn save(
    db: &DatabaseConnection,
    scope: &Scope,
    req: &SaveBoard,
) -> Result<BoardSettings, AppError> {
    crate::vehicle::writable(scope)?;
    let chart = req.chart.as_ref().map(|c| c.checked(scope)).transpose()?;
    let name = req
        .board_name
        .as_deref()
        .map(|n| required("boardName", n, 64))
        .transpose()?;
    let now = Utc::now();
    let txn = write_txn(db).await?;
    let board = match req.board_id.filter(|b| *b != 0) {
        Some(id) => {
            let b = own_board(&txn, scope, id).await?;
            if req.delete && req.id.is_none() {
                b.delete(&txn).await?;
                txn.commit().await?;
                return settings(db, scope, None).await.map(|mut s| {
                    s.board = None;
                    s.charts.clear();
                    s
                });
            }
            let mut active: report_board::ActiveModel = b.into();
            if let Some(n) = &name {
                active.name = Set(n.clone());
            }
            if let Some(s) = req.shared {
                active.shared = Set(s);
            }
            active.updated_at = Set(now);
            active.update(&txn).await?
        }
        None => {
            if req.delete || req.id.is_some() {
                return Err(AppError::field(
                    "boardId",
                    text!("boardId 不能为空", "boardId is required"),
                ));
            }
            let Some(n) = name else {
                return Err(AppError::field(
                    "boardName",
                    text!("新看板须有名称", "a new board needs boardName"),
                ));
            };
            let enterprise = scope.acting(None)?;
            let owned = report_board::Entity::find()
                .filter(report_board::Column::OwnerId.eq(scope.user.id))
                .count(&txn)
                .await?;
            if owned >= MAX_BOARDS {
                return Err(AppError::fail(text!(
                    "每人最多 {} 个看板",
                    "A user keeps at most {} boards",
                    MAX_BOARDS
                )));
            }
            report_board::ActiveModel {
                enterprise_id: Set(enterprise),
                owner_id: Set(scope.user.id),
                name: Set(n),
                shared: Set(req.shared.unwrap_or(false)),
                created_at: Set(now),
                updated_at: Set(now),
                ..Default::default()
            }
            .insert(&txn)
            .await?
        }
    };
    match (req.id.filter(|i| *i != 0), chart, req.delete) {
        (Some(id), _, true) => {
            chart_of(&txn, board.id, id).await?.delete(&txn).await?;
        }
        (Some(id), Some(c), false) => {
            let mut active: report_chart::ActiveModel = chart_of(&txn, board.id, id).await?.into();
            fill(&mut active, c);
            active.updated_at = Set(now);
            active.update(&txn).await?;
        }
        (Some(_), None, false) => {
            return Err(AppError::field(
                "chart",
                text!("chart 不能为空", "chart is required"),
            ));
        }
        (None, Some(c), _) => {
            let held = report_chart::Entity::find()
                .filter(report_chart::Column::BoardId.eq(board.id))
                .count(&txn)
                .await?;
            if held >= MAX_CHARTS {
                return Err(AppError::fail(text!(
                    "每个看板最多 {} 个图表",
                    "A board holds at most {} charts",
                    MAX_CHARTS
                )));
            }
            let mut active = report_chart::ActiveModel {
                board_id: Set(board.id),
                sort: Set(i32::try_from(held + 1).unwrap_or(i32::MAX)),
                created_at: Set(now),
                updated_at: Set(now),
                ..Default::default()
            };
            fill(&mut active, c);
            active.insert(&txn).await?;
        }
        (None, None, _) => {}
    }
    txn.commit().await?;
    settings(db, scope, Some(board.id)).await
}

fn fill(active: &mut report_chart::ActiveModel, c: CheckedChart) {
    active.title = Set(c.title);
    active.kind = Set(c.kind);
    active.measure = Set(c.measure);
    active.second_measure = Set(c.second_measure);
    active.grouping = Set(c.grouping);
    active.range_kind = Set(c.range);
    active.start_day = Set(c.start_day);
    active.end_day = Set(c.end_day);
    active.top_n = Set(c.top_n);
    active.enterprise_id = Set(c.enterprise_id);
}

async fn chart_of(
    db: &impl ConnectionTrait,
    board_id: i64,
    id: i64,
) -> Result<report_chart::Model, AppError> {
    report_chart::Entity::find_by_id(id)
        .filter(report_chart::Column::BoardId.eq(board_id))
        .one(db)
        .await?
        .ok_or_else(|| AppError::field("id", text!("图表 {} 不存在", "No chart {}", id)))
}

/// Puts a board's charts in the order of `ids`, which must name each of them once.
pub async fn sort(
    db: &DatabaseConnection,
    scope: &Scope,
    board_id: i64,
    ids: &[i64],
) -> Result<BoardSettings, AppError> {
    let board = own_board(db, scope, board_id).await?;
    let txn = write_txn(db).await?;
    let held: BTreeSet<i64> = report_chart::Entity::find()
        .select_only()
        .column(report_chart::Column::Id)
        .filter(report_chart::Column::BoardId.eq(board.id))
        .into_tuple::<i64>()
        .all(&txn)
        .await?
        .into_iter()
        .collect();
    let named: BTreeSet<i64> = ids.iter().copied().collect();
    if named.len() != ids.len() || named != held {
        return Err(AppError::field(
            "ids",
            text!(
                "ids 须恰好列出看板的 {} 个图表各一次",
                "ids must name each of the board's {} charts exactly once",
                held.len()
            ),
        ));
    }
    for (place, id) in ids.iter().enumerate() {
        report_chart::Entity::update_many()
            .col_expr(
                report_chart::Column::Sort,
                sea_orm::sea_query::Expr::value(i32::try_from(place + 1).unwrap_or(i32::MAX)),
            )
            .filter(report_chart::Column::Id.eq(*id))
            .exec(&txn)
            .await?;
    }
    txn.commit().await?;
    settings(db, scope, Some(board.id)).await
}
