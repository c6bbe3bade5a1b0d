use sea_orm::entity::prelude::*;

/// A work order. States: 100 pending, 101 in progress, 102 resolved, 103 cancelled, 104
/// closed. JSON text columns: `declaration`, `snapshot` (the vehicle's live state when
/// opened), `repair` (the repair record), `labels`, `fields` (the type's form values).
#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "work_orders")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub enterprise_id: i64,
    /// `WO-YYYYMMDD-NNNN`, unique per enterprise.
    pub number: String,
    /// Negative: a built-in order type.
    pub type_id: i64,
    /// A problem type (`work_categories`), 0 the built-in one.
    pub category_id: i64,
    pub grade: i16,
    pub priority: i16,
    pub state: i16,
    pub title: String,
    pub description: String,
    /// The first vehicle of the order.
    pub vehicle_id: Option<i64>,
    pub requester_id: i64,
    pub assignee_id: Option<i64>,
    pub due_at: Option<DateTimeUtc>,
    pub lat: Option<f64>,
    pub lon: Option<f64>,
    pub address: String,
    pub cover_url: String,
    pub carrier: String,
    pub tracking_no: String,
    pub shipped_at: Option<DateTimeUtc>,
    pub declaration: String,
    pub snapshot: String,
    pub repair: String,
    pub labels: String,
    pub fields: String,
    /// Parts and labour, summed from the order's lines.
    pub cost: f64,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
    pub first_response_at: Option<DateTimeUtc>,
    pub resolved_at: Option<DateTimeUtc>,
    pub closed_at: Option<DateTimeUtc>,
    pub cancelled_at: Option<DateTimeUtc>,
    /// Seconds from opening to `first_response_at`, kept with it: the statistics average it
    /// without computing a duration per order.
    pub response_secs: Option<i64>,
    /// Seconds from opening to resolution (`resolved_at`, else `closed_at`), kept with them.
    pub resolution_secs: Option<i64>,
    /// When the discussion last moved: the newest note, else the opening (the discussions
    /// list's order).
    pub discussed_at: DateTimeUtc,
    /// The flow the order follows (None: the built-in flow, nodes by state).
    pub flow_id: Option<i64>,
    /// The flow node the order stands on.
    pub node_id: Option<i64>,
    /// The enterprise project the order is filed under.
    pub project_id: Option<i64>,
    /// When the work is planned (the work plan's calendar).
    pub planned_at: Option<DateTimeUtc>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
