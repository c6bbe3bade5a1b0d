//! Work-order flows: an enterprise's workflow templates. A flow is an ordered list of nodes;
//! an order of a type naming a flow stands on one node at a time and moves on with
//! `save_flow` (the node's required fields and functions done, the branch conditions choosing
//! the next node). A node's `state` is the order's state while there, so moving to a node of
//! another state is that state transition, with its who-may rules ([`super::states`]). A type
//! without a flow follows the built-in flow (id −1): Reported 100 → Working 101 → Resolved
//! 102 → Closed 104, whose node ids are the negated states.

use std::collections::BTreeMap;

use chrono::{DateTime, Utc};
use entities::{
    work_flow, work_flow_node, work_order, work_order_line, work_order_link, work_order_log,
    work_order_task, work_order_type,
};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DatabaseConnection, EntityTrait,
    PaginatorTrait, QueryFilter, QueryOrder, QuerySelect, Set,
};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};
use utoipa::ToSchema;

use super::orders::{LINK_FILE, checked_members, user_names};
use super::states::{self, CLOSED, IN_PROGRESS, LOG_STEP, PENDING, RESOLVED};
use super::types::{self, TemplateField};
use super::{find, find_writable, is_admin, refuse_read_only};
use crate::live::hub::LiveHub;
use crate::scope::{EnterpriseOwned, Scope};
use kernel::db::write_txn;
use kernel::error::AppError;
use kernel::i18n::Text;
use kernel::paging::{PageQuery, PageResult};
use kernel::text;
use kernel::validate::{json_list, limited, required, to_json};

/// The built-in flow's id.
pub const BUILT_IN: i64 = -1;
/// The states a node may stand for (cancelling leaves the flow).
const NODE_STATES: [i16; 4] = [PENDING, IN_PROGRESS, RESOLVED, CLOSED];
const MAX_NODES: usize = 30;
const OPS: [&str; 6] = ["eq", "ne", "gt", "lt", "in", "filled"];

/// The functions a node may offer: key, zh, en, opens its own form, description zh, en.
const FUNCTIONS: [(&str, &str, &str, bool, &str, &str); 10] = [
    (
        "photo",
        "拍照",
        "Photo",
        false,
        "上传照片（工单附件）",
        "Upload photos (order attachments)",
    ),
    (
        "signature",
        "签名",
        "Signature",
        false,
        "签名图片字段",
        "A signature image field",
    ),
    (
        "location",
        "定位",
        "Location",
        false,
        "记录工单位置",
        "Record the order's location",
    ),
    (
        "parts",
        "配件",
        "Parts",
        true,
        "填写配件明细",
        "Enter part lines",
    ),
    (
        "labour",
        "工时",
        "Labour",
        false,
        "填写工时明细",
        "Enter labour lines",
    ),
    (
        "dispose",
        "处理记录",
        "Dispose record",
        true,
        "填写处理表单",
        "Fill in the dispose form",
    ),
    (
        "tyreChange",
        "换胎",
        "Tyre change",
        true,
        "记录各轮位的换胎",
        "Record tyre changes per wheel position",
    ),
    (
        "approval",
        "审批",
        "Approval",
        false,
        "企业管理员审批本步骤",
        "An enterprise administrator approves the step",
    ),
    (
        "discussion",
        "讨论",
        "Discussion",
        false,
        "在讨论中留言",
        "Write a note in the discussion",
    ),
    (
        "task",
        "任务",
        "Tasks",
        false,
        "完成工单内的全部任务",
        "Finish every task of the order",
    ),
];

/// Who acts at a node.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize, Serialize, ToSchema)]
#[serde(untagged)]
pub enum NodeAssignee {
    /// `requester`, `assignee` or `admin`.
    Role(String),
    /// One user.
    User {
        #[serde(rename = "userId", alias = "user_id", alias = "id")]
        user_id: i64,
    },
}

impl Default for NodeAssignee {
    fn default() -> Self {
        Self::Role("assignee".to_owned())
    }
}

/// A branch: when `field` compares to `value` by `op`, the order goes on to `nextNodeId`.
#[derive(Debug, Clone, Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Branch {
    /// Given by the server (kept when sent back).
    #[serde(default)]
    pub id: i64,
    pub field: String,
    /// eq, ne, gt, lt, in (value is a list), filled.
    pub op: String,
    /// Any JSON value (a list for `in`).
    #[serde(default)]
    pub value: Value,
    #[serde(alias = "next_node_id", alias = "nextId")]
    pub next_node_id: i64,
}

/// A node of a flow.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Node {
    /// Negative: a node of the built-in flow (−state).
    pub id: i64,
    pub flow_id: i64,
    pub name: String,
    pub sort: i32,
    /// The order's state while at this node: 100, 101, 102 or 104.
    pub state: i16,
    pub assignee: NodeAssignee,
    pub fields: Vec<TemplateField>,
    pub functions: Vec<String>,
    /// Functions that must be done before leaving the node.
    pub required: Vec<String>,
    pub conditions: Vec<Branch>,
}

impl From<work_flow_node::Model> for Node {
    fn from(n: work_flow_node::Model) -> Self {
        Self {
            id: n.id,
            flow_id: n.flow_id,
            name: n.name,
            sort: n.sort,
            state: n.state,
            assignee: serde_json::from_str(&n.assignee).unwrap_or_default(),
            fields: json_list(&n.fields),
            functions: json_list(&n.functions),
            required: json_list(&n.required),
            conditions: json_list(&n.conditions),
        }
    }
}

fn built_in_nodes() -> Vec<Node> {
    [
        (PENDING, text!("已上报", "Reported"), "assignee"),
        (IN_PROGRESS, text!("处理中", "Working"), "assignee"),
        (RESOLVED, text!("已解决", "Resolved"), "requester"),
        (CLOSED, text!("已关闭", "Closed"), "requester"),
    ]
    .into_iter()
    .enumerate()
    .map(|(i, (state, name, who))| Node {
        id: -i64::from(state),
        flow_id: BUILT_IN,
        name: name.current().to_owned(),
        sort: i32::try_from(i).unwrap_or(0),
        state,
        assignee: NodeAssignee::Role(who.to_owned()),
        fields: Vec::new(),
        functions: Vec::new(),
        required: Vec::new(),
        conditions: Vec::new(),
    })
    .collect()
}

impl EnterpriseOwned for work_flow::Entity {
    const ENTERPRISE: Self::Column = work_flow::Column::EnterpriseId;
    fn not_found(id: i64) -> AppError {
        AppError::fail(text!("流程 {} 不存在", "No flow {}", id))
    }
}

/// A flow with its nodes, in order.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Flow {
    /// −1: the built-in flow.
    pub id: i64,
    pub ent_id: i64,
    pub name: String,
    pub description: String,
    pub enabled: bool,
    pub built_in: bool,
    pub nodes: Vec<Node>,
    pub updated_at: Option<DateTime<Utc>>,
}

fn built_in_flow(ent: i64) -> Flow {
    Flow {
        id: BUILT_IN,
        ent_id: ent,
        name: text!("默认流程", "Default flow").current().to_owned(),
        description: text!(
            "上报 → 处理 → 解决 → 关闭",
            "Reported → Working → Resolved → Closed"
        )
        .current()
        .to_owned(),
        enabled: true,
        built_in: true,
        nodes: built_in_nodes(),
        updated_at: None,
    }
}

async fn nodes_of(db: &impl ConnectionTrait, flow_id: i64) -> Result<Vec<Node>, AppError> {
    if flow_id == BUILT_IN {
        return Ok(built_in_nodes());
    }
    Ok(work_flow_node::Entity::find()
        .filter(work_flow_node::Column::FlowId.eq(flow_id))
        .order_by_asc(work_flow_node::Column::Sort)
        .order_by_asc(work_flow_node::Column::Id)
        .all(db)
        .await?
        .into_iter()
        .map(Node::from)
        .collect())
}

fn flow_of(f: work_flow::Model, nodes: Vec<Node>) -> Flow {
    Flow {
        id: f.id,
        ent_id: f.enterprise_id,
        name: f.name,
        description: f.description,
        enabled: f.enabled,
        built_in: false,
        nodes,
        updated_at: Some(f.updated_at),
    }
}

/// A flow the scope sees (−1: the built-in one, for the acting enterprise).
async fn load(db: &impl ConnectionTrait, scope: &Scope, id: i64) -> Result<Flow, AppError> {
    if id == BUILT_IN {
        return Ok(built_in_flow(scope.acting(None).unwrap_or(0)));
    }
    let f = scope.find::<work_flow::Entity>(db, id).await?;
    let nodes = nodes_of(db, f.id).await?;
    Ok(flow_of(f, nodes))
}

/// One of the scope's own flows, to change: the built-in one is refused naming `field`.
async fn own(
    db: &impl ConnectionTrait,
    scope: &Scope,
    field: &str,
    id: i64,
) -> Result<work_flow::Model, AppError> {
    refuse_read_only(scope)?;
    if id == BUILT_IN {
        return Err(AppError::field(
            field,
            text!(
                "{}：内置流程 {} 不能修改或删除",
                "{}: the built-in flow {} cannot be changed or deleted",
                field,
                id
            ),
        ));
    }
    scope.find::<work_flow::Entity>(db, id).await
}

/// The flow a type of enterprise `ent` may name (`flowId`): None for the built-in one.
pub async fn checked_for_type(
    db: &impl ConnectionTrait,
    scope: &Scope,
    ent: i64,
    id: i64,
) -> Result<Option<i64>, AppError> {
    if id == BUILT_IN {
        return Ok(None);
    }
    let refuse = || {
        AppError::field(
            "flowId",
            text!("flowId：流程 {} 不存在", "flowId: no flow {}", id),
        )
    };
    let f = scope
        .find::<work_flow::Entity>(db, id)
        .await
        .map_err(|_| refuse())?;
    if f.enterprise_id != ent {
        return Err(refuse());
    }
    Ok(Some(f.id))
}

/// Orders not cancelled or closed.
fn open_states() -> [i16; 3] {
    [PENDING, IN_PROGRESS, RESOLVED]
}

// ---------------------------------------------------------------------------------------------
// Listing, saving, copying and deleting flows

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FlowListQuery {
    #[serde(flatten)]
    pub page: PageQuery,
    #[serde(default, alias = "name")]
    pub keyword: Option<String>,
    /// Only the flow this order type follows.
    #[serde(default, alias = "type_id")]
    pub type_id: Option<i64>,
    #[serde(default, alias = "ent_id", alias = "enterpriseId")]
    pub ent_id: Option<i64>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FlowRow {
    pub id: i64,
    pub name: String,
    pub description: String,
    pub enabled: bool,
    pub built_in: bool,
    /// Order types following it.
    pub type_ids: Vec<i64>,
    pub node_count: u64,
    /// Open orders following it.
    pub used_by: u64,
    pub updated_at: Option<DateTime<Utc>>,
}

/// The flows of an enterprise (default: the acting one), the built-in one first.
pub async fn list(
    db: &DatabaseConnection,
    scope: &Scope,
    q: FlowListQuery,
) -> Result<PageResult<FlowRow>, AppError> {
    let ent = scope.acting(q.ent_id)?;
    let page = q.page.checked()?;
    let keyword = q.keyword.as_deref().map(str::trim).unwrap_or_default();
    let own = work_flow::Entity::find()
        .filter(work_flow::Column::EnterpriseId.eq(ent))
        .order_by_asc(work_flow::Column::Id)
        .all(db)
        .await?;
    let type_flows: Vec<(i64, Option<i64>)> = work_order_type::Entity::find()
        .select_only()
        .column(work_order_type::Column::Id)
        .column(work_order_type::Column::FlowId)
        .filter(work_order_type::Column::EnterpriseId.eq(ent))
        .into_tuple()
        .all(db)
        .await?;
    let type_ids = |flow: Option<i64>| -> Vec<i64> {
        type_flows
            .iter()
            .filter(|(_, f)| *f == flow)
            .map(|(t, _)| *t)
            .collect()
    };
    let ids: Vec<i64> = own.iter().map(|f| f.id).collect();
    let node_counts: BTreeMap<i64, i64> = work_flow_node::Entity::find()
        .select_only()
        .column(work_flow_node::Column::FlowId)
        .column_as(work_flow_node::Column::Id.count(), "n")
        .filter(work_flow_node::Column::FlowId.is_in(ids.iter().copied()))
        .group_by(work_flow_node::Column::FlowId)
        .into_tuple()
        .all(db)
        .await?
        .into_iter()
        .collect();
    let used: Vec<(Option<i64>, i64)> = work_order::Entity::find()
        .select_only()
        .column(work_order::Column::FlowId)
        .column_as(work_order::Column::Id.count(), "n")
        .filter(work_order::Column::EnterpriseId.eq(ent))
        .filter(work_order::Column::State.is_in(open_states()))
        .group_by(work_order::Column::FlowId)
        .into_tuple()
        .all(db)
        .await?;
    let used_by = |flow: Option<i64>| {
        used.iter()
            .find(|(f, _)| *f == flow)
            .map_or(0, |(_, n)| u64::try_from(*n).unwrap_or(0))
    };
    let builtin = built_in_flow(ent);
    let mut rows = vec![FlowRow {
        id: BUILT_IN,
        name: builtin.name,
        description: builtin.description,
        enabled: true,
        built_in: true,
        // Types without a flow of their own; the built-in types when the enterprise has none.
        type_ids: if type_flows.is_empty() {
            types::all_of(db, ent).await?.iter().map(|t| t.id).collect()
        } else {
            type_ids(None)
        },
        node_count: builtin.nodes.len() as u64,
        used_by: used_by(None),
        updated_at: None,
    }];
    rows.extend(own.into_iter().map(|f| {
        FlowRow {
            type_ids: type_ids(Some(f.id)),
            node_count: node_counts
                .get(&f.id)
                .map_or(0, |n| u64::try_from(*n).unwrap_or(0)),
            used_by: used_by(Some(f.id)),
            id: f.id,
            name: f.name,
            description: f.description,
            enabled: f.enabled,
            built_in: false,
            updated_at: Some(f.updated_at),
        }
    }));
    let rows: Vec<FlowRow> = rows
        .into_iter()
        .filter(|r| keyword.is_empty() || r.name.contains(keyword))
        .filter(|r| q.type_id.is_none_or(|t| r.type_ids.contains(&t)))
        .collect();
    let total = rows.len() as u64;
    Ok(page.of(rows, total))
}

/// A node as sent by `flow/save` or `workSetting/update_node`.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NodeInput {
    /// Kept when given (a node of this flow); new without.
    #[serde(default, alias = "nodeId")]
    pub id: Option<i64>,
    #[serde(default)]
    pub name: String,
    #[serde(default)]
    pub state: i16,
    #[serde(default)]
    pub assignee: NodeAssignee,
    #[serde(default)]
    pub fields: Vec<TemplateField>,
    #[serde(default)]
    pub functions: Vec<String>,
    #[serde(default)]
    pub required: Vec<String>,
    /// Branches to later nodes of this flow (ids of nodes that exist).
    #[serde(default)]
    pub conditions: Vec<Branch>,
}

/// A flow to create (no `id`) or change.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FlowInput {
    pub id: Option<i64>,
    #[serde(default, alias = "ent_id", alias = "enterpriseId")]
    pub ent_id: Option<i64>,
    #[serde(default)]
    pub name: String,
    #[serde(default)]
    pub description: String,
    #[serde(default)]
    pub enabled: Option<bool>,
    #[serde(default)]
    pub nodes: Vec<NodeInput>,
}

fn function_keys() -> impl Iterator<Item = &'static str> {
    FUNCTIONS.iter().map(|f| f.0)
}

/// A node's own parts checked (its place in the flow is checked by [`checked_order`]).
async fn checked_node(
    db: &impl ConnectionTrait,
    scope: &Scope,
    at: &str,
    mut n: NodeInput,
) -> Result<NodeInput, AppError> {
    n.name = required(&format!("{at}.name"), &n.name, 64)?;
    if !NODE_STATES.contains(&n.state) {
        return Err(AppError::field(
            format!("{at}.state"),
            text!(
                "{}.state 须为 100、101、102 或 104",
                "{}.state must be 100, 101, 102 or 104",
                at
            ),
        ));
    }
    match &n.assignee {
        NodeAssignee::Role(r) if !["requester", "assignee", "admin"].contains(&r.as_str()) => {
            return Err(AppError::field(
                format!("{at}.assignee"),
                text!(
                    "{}.assignee 须为 requester、assignee、admin 或 {{userId}}",
                    "{}.assignee must be requester, assignee, admin or {{userId}}",
                    at
                ),
            ));
        }
        NodeAssignee::User { user_id } => {
            checked_members(db, scope, &format!("{at}.assignee"), &[*user_id]).await?;
        }
        NodeAssignee::Role(_) => {}
    }
    n.fields = types::checked_form(&format!("{at}.fields"), n.fields)?;
    for (list, name) in [(&n.functions, "functions"), (&n.required, "required")] {
        if let Some((i, k)) = list
            .iter()
            .enumerate()
            .find(|(_, k)| !function_keys().any(|f| f == k.as_str()))
        {
            return Err(AppError::field(
                format!("{at}.{name}[{i}]"),
                text!(
                    "{}.{}[{}]：没有功能 “{}”",
                    "{}.{}[{}]: no function \"{}\"",
                    at,
                    name,
                    i,
                    k
                ),
            ));
        }
    }
    // A required function is offered too.
    for k in &n.required {
        if !n.functions.contains(k) {
            n.functions.push(k.clone());
        }
    }
    n.functions.dedup();
    Ok(n)
}

/// The order rules: at least 2 nodes, the first 100, the last 104, and each node's state the
/// previous one's or the one the state machine goes to next.
fn checked_order(states: &[i16]) -> Result<(), AppError> {
    if states.len() < 2 || states.len() > MAX_NODES {
        return Err(AppError::field(
            "nodes",
            text!(
                "nodes 须有 2 到 {} 个节点",
                "nodes takes 2 to {} nodes",
                MAX_NODES
            ),
        ));
    }
    if states[0] != PENDING {
        return Err(AppError::field(
            "nodes[0].state",
            text!(
                "nodes[0].state：第一个节点须为待处理（100）",
                "nodes[0].state: the first node must be pending (100)"
            ),
        ));
    }
    let last = states.len() - 1;
    if states[last] != CLOSED {
        return Err(AppError::field(
            format!("nodes[{last}].state"),
            text!(
                "nodes[{}].state：最后一个节点须为已关闭（104）",
                "nodes[{}].state: the last node must be closed (104)",
                last
            ),
        ));
    }
    for i in 1..states.len() {
        let (before, now) = (states[i - 1], states[i]);
        let next = NODE_STATES
            .iter()
            .position(|s| *s == before)
            .and_then(|p| NODE_STATES.get(p + 1).copied());
        if now != before && Some(now) != next {
            return Err(AppError::field(
                format!("nodes[{i}].state"),
                text!(
                    "nodes[{}].state：{} 不能接在 {} 之后",
                    "nodes[{}].state: {} cannot follow {}",
                    i,
                    now,
                    before
                ),
            ));
        }
    }
    Ok(())
}

/// Branches checked against the flow's node ids in order: known fields and ops, a later node
/// as target; ids given to new branches.
fn checked_branches(
    at: &str,
    branches: Vec<Branch>,
    node_ids: &[i64],
    own: usize,
) -> Result<Vec<Branch>, AppError> {
    let mut next_id = branches.iter().map(|b| b.id).max().unwrap_or(0).max(0);
    let mut out = Vec::with_capacity(branches.len());
    for (i, mut b) in branches.into_iter().enumerate() {
        let p = format!("{at}[{i}]");
        b.field = required(&format!("{p}.field"), &b.field, 32)?;
        if !OPS.contains(&b.op.as_str()) {
            return Err(AppError::field(
                format!("{p}.op"),
                text!(
                    "{}.op 须为 {} 之一",
                    "{}.op must be one of {}",
                    p,
                    OPS.join(", ")
                ),
            ));
        }
        if b.op == "in" && !b.value.is_array() {
            return Err(AppError::field(
                format!("{p}.value"),
                text!("{}.value 须为列表", "{}.value must be a list", p),
            ));
        }
        match node_ids.iter().position(|n| *n == b.next_node_id) {
            Some(pos) if pos > own => {}
            _ => {
                return Err(AppError::field(
                    format!("{p}.nextNodeId"),
                    text!(
                        "{}.nextNodeId：{} 不是本流程中其后的节点",
                        "{}.nextNodeId: {} is not a later node of this flow",
                        p,
                        b.next_node_id
                    ),
                ));
            }
        }
        if b.id <= 0 {
            next_id += 1;
            b.id = next_id;
        }
        out.push(b);
    }
    Ok(out)
}

/// Open orders standing on any of `nodes`: refused naming the first.
async fn refuse_nodes_in_use(db: &impl ConnectionTrait, nodes: &[i64]) -> Result<(), AppError> {
    if nodes.is_empty() {
        return Ok(());
    }
    if let Some(o) = work_order::Entity::find()
        .filter(work_order::Column::NodeId.is_in(nodes.iter().copied()))
        .filter(work_order::Column::State.is_in(open_states()))
        .order_by_asc(work_order::Column::Id)
        .one(db)
        .await?
    {
        return Err(AppError::field(
            "nodes",
            text!(
                "nodes：工单 {} 正处于节点 {}，不能删除该节点",
                "nodes: work order {} stands on node {}, which cannot be removed",
                o.number,
                o.node_id.unwrap_or_default()
            ),
        ));
    }
    Ok(())
}

fn node_row(
    flow_id: i64,
    sort: usize,
    n: &NodeInput,
    now: DateTime<Utc>,
) -> work_flow_node::ActiveModel {
    work_flow_node::ActiveModel {
        flow_id: Set(flow_id),
        name: Set(n.name.clone()),
        sort: Set(i32::try_from(sort).unwrap_or(i32::MAX)),
        state: Set(n.state),
        assignee: Set(to_json(&n.assignee)),
        fields: Set(to_json(&n.fields)),
        functions: Set(to_json(&n.functions)),
        required: Set(to_json(&n.required)),
        conditions: Set("[]".to_owned()),
        updated_at: Set(now),
        ..Default::default()
    }
}

/// Creates or changes a flow with its nodes, in the given order. Node ids given are kept; a
/// node left out is removed unless an open order stands on it. All or nothing.
pub async fn save(
    db: &DatabaseConnection,
    scope: &Scope,
    input: FlowInput,
) -> Result<Flow, AppError> {
    refuse_read_only(scope)?;
    let name = required("name", &input.name, 64)?;
    let description = limited("description", &input.description, 500)?;
    checked_order(&input.nodes.iter().map(|n| n.state).collect::<Vec<_>>())?;
    let txn = write_txn(db).await?;
    let mut nodes = Vec::with_capacity(input.nodes.len());
    for (i, n) in input.nodes.into_iter().enumerate() {
        nodes.push(checked_node(&txn, scope, &format!("nodes[{i}]"), n).await?);
    }
    let now = Utc::now();
    let flow = match input.id {
        Some(id) => {
            let found = own(&txn, scope, "id", id).await?;
            let mut row: work_flow::ActiveModel = found.into();
            row.name = Set(name);
            row.description = Set(description);
            if let Some(e) = input.enabled {
                row.enabled = Set(e);
            }
            row.updated_at = Set(now);
            row.update(&txn).await?
        }
        None => {
            let ent = scope.acting(input.ent_id)?;
            work_flow::ActiveModel {
                enterprise_id: Set(ent),
                name: Set(name),
                description: Set(description),
                enabled: Set(input.enabled.unwrap_or(true)),
                created_at: Set(now),
                updated_at: Set(now),
                ..Default::default()
            }
            .insert(&txn)
            .await?
        }
    };
    let existing: Vec<i64> = nodes_of(&txn, flow.id)
        .await?
        .iter()
        .map(|n| n.id)
        .collect();
    for (i, n) in nodes.iter().enumerate() {
        if let Some(id) = n.id
            && !existing.contains(&id)
        {
            return Err(AppError::field(
                format!("nodes[{i}].id"),
                text!(
                    "nodes[{}].id：节点 {} 不属于本流程",
                    "nodes[{}].id: node {} is not of this flow",
                    i,
                    id
                ),
            ));
        }
    }
    let removed: Vec<i64> = existing
        .iter()
        .copied()
        .filter(|id| !nodes.iter().any(|n| n.id == Some(*id)))
        .collect();
    refuse_nodes_in_use(&txn, &removed).await?;
    work_flow_node::Entity::delete_many()
        .filter(work_flow_node::Column::Id.is_in(removed))
        .exec(&txn)
        .await?;
    // Nodes first (new ones get their ids), then the branches that name them.
    let mut ids = Vec::with_capacity(nodes.len());
    for (i, n) in nodes.iter().enumerate() {
        let mut row = node_row(flow.id, i, n, now);
        let saved = match n.id {
            Some(id) => {
                row.id = Set(id);
                row.update(&txn).await?
            }
            None => {
                row.created_at = Set(now);
                row.insert(&txn).await?
            }
        };
        ids.push(saved.id);
    }
    for (i, n) in nodes.into_iter().enumerate() {
        let branches = checked_branches(&format!("nodes[{i}].conditions"), n.conditions, &ids, i)?;
        work_flow_node::ActiveModel {
            id: Set(ids[i]),
            conditions: Set(to_json(&branches)),
            ..Default::default()
        }
        .update(&txn)
        .await?;
    }
    let out = flow_of(flow.clone(), nodes_of(&txn, flow.id).await?);
    txn.commit().await?;
    Ok(out)
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CopyInput {
    #[serde(alias = "flowId", alias = "flow_id")]
    pub id: i64,
    #[serde(default)]
    pub name: Option<String>,
}

/// A copy of a flow the scope sees (the built-in one too) in the acting enterprise, named
/// "… (copy)" unless a name is given; branches point at the copied nodes.
pub async fn copy(
    db: &DatabaseConnection,
    scope: &Scope,
    input: CopyInput,
) -> Result<Flow, AppError> {
    refuse_read_only(scope)?;
    let source = load(db, scope, input.id).await?;
    let name = match input
        .name
        .as_deref()
        .map(str::trim)
        .filter(|n| !n.is_empty())
    {
        Some(n) => required("name", n, 64)?,
        None => {
            let base: String = source.name.chars().take(56).collect();
            text!("{}（副本）", "{} (copy)", base).current().to_owned()
        }
    };
    let ent = if source.built_in {
        scope.acting(None)?
    } else {
        source.ent_id
    };
    let now = Utc::now();
    let txn = write_txn(db).await?;
    let flow = work_flow::ActiveModel {
        enterprise_id: Set(ent),
        name: Set(name),
        description: Set(source.description.clone()),
        enabled: Set(source.enabled),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    }
    .insert(&txn)
    .await?;
    let mut map = BTreeMap::new();
    for n in &source.nodes {
        let input = NodeInput {
            id: None,
            name: n.name.clone(),
            state: n.state,
            assignee: n.assignee.clone(),
            fields: n.fields.clone(),
            functions: n.functions.clone(),
            required: n.required.clone(),
            conditions: Vec::new(),
        };
        let mut row = node_row(flow.id, usize::try_from(n.sort).unwrap_or(0), &input, now);
        row.created_at = Set(now);
        map.insert(n.id, row.insert(&txn).await?.id);
    }
    for n in &source.nodes {
        let branches: Vec<Branch> = n
            .conditions
            .iter()
            .filter_map(|b| {
                map.get(&b.next_node_id).map(|to| Branch {
                    next_node_id: *to,
                    ..b.clone()
                })
            })
            .collect();
        work_flow_node::ActiveModel {
            id: Set(map[&n.id]),
            conditions: Set(to_json(&branches)),
            ..Default::default()
        }
        .update(&txn)
        .await?;
    }
    let out = flow_of(flow.clone(), nodes_of(&txn, flow.id).await?);
    txn.commit().await?;
    Ok(out)
}

/// Deletes flows no type names and no open order follows; all or none, naming what uses one.
pub async fn delete(db: &DatabaseConnection, scope: &Scope, ids: &[i64]) -> Result<u64, AppError> {
    if ids.is_empty() {
        return Err(AppError::field(
            "ids",
            text!("ids 不能为空", "ids must not be empty"),
        ));
    }
    let txn = write_txn(db).await?;
    for id in ids {
        let f = own(&txn, scope, "ids", *id).await?;
        let types: Vec<String> = work_order_type::Entity::find()
            .select_only()
            .column(work_order_type::Column::Name)
            .filter(work_order_type::Column::FlowId.eq(f.id))
            .into_tuple()
            .all(&txn)
            .await?;
        if !types.is_empty() {
            return Err(AppError::fail(text!(
                "流程“{}”被工单类型 {} 使用，不能删除",
                "The flow \"{}\" is used by the order types {} and cannot be deleted",
                f.name,
                types.join(", ")
            )));
        }
        let orders: Vec<String> = work_order::Entity::find()
            .select_only()
            .column(work_order::Column::Number)
            .filter(work_order::Column::FlowId.eq(f.id))
            .filter(work_order::Column::State.is_in(open_states()))
            .order_by_asc(work_order::Column::Id)
            .limit(5)
            .into_tuple()
            .all(&txn)
            .await?;
        if !orders.is_empty() {
            return Err(AppError::fail(text!(
                "流程“{}”仍有进行中的工单 {}，不能删除",
                "The flow \"{}\" is followed by the open work orders {} and cannot be deleted",
                f.name,
                orders.join(", ")
            )));
        }
        work_flow_node::Entity::delete_many()
            .filter(work_flow_node::Column::FlowId.eq(f.id))
            .exec(&txn)
            .await?;
        work_flow::Entity::delete_by_id(f.id).exec(&txn).await?;
    }
    txn.commit().await?;
    Ok(ids.len() as u64)
}

// ---------------------------------------------------------------------------------------------
// Work settings: one flow's nodes

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FlowRef {
    #[serde(alias = "flow_id", alias = "id")]
    pub flow_id: i64,
}

/// The nodes of a flow, in order.
pub async fn nodes(
    db: &DatabaseConnection,
    scope: &Scope,
    flow_id: i64,
) -> Result<Vec<Node>, AppError> {
    Ok(load(db, scope, flow_id).await?.nodes)
}

/// A node of a flow the scope sees (negative ids: the built-in flow's nodes).
async fn find_node(
    db: &impl ConnectionTrait,
    scope: &Scope,
    field: &str,
    id: i64,
) -> Result<(Flow, usize), AppError> {
    let not_found = || {
        AppError::field(
            field,
            text!("{}：节点 {} 不存在", "{}: no node {}", field, id),
        )
    };
    let flow_id = if id < 0 {
        BUILT_IN
    } else {
        work_flow_node::Entity::find_by_id(id)
            .one(db)
            .await?
            .ok_or_else(not_found)?
            .flow_id
    };
    let flow = load(db, scope, flow_id).await.map_err(|_| not_found())?;
    let pos = flow
        .nodes
        .iter()
        .position(|n| n.id == id)
        .ok_or_else(not_found)?;
    Ok((flow, pos))
}

/// A node of one of the scope's own flows, to change.
async fn own_node(
    db: &impl ConnectionTrait,
    scope: &Scope,
    field: &str,
    id: i64,
) -> Result<(Flow, usize), AppError> {
    refuse_read_only(scope)?;
    if id < 0 {
        return Err(AppError::field(
            field,
            text!(
                "{}：内置流程的节点 {} 不能修改",
                "{}: node {} of the built-in flow cannot be changed",
                field,
                id
            ),
        ));
    }
    find_node(db, scope, field, id).await
}

/// A node's new parts; those left out keep their value.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NodeUpdate {
    #[serde(alias = "nodeId", alias = "node_id")]
    pub id: i64,
    pub name: Option<String>,
    pub state: Option<i16>,
    pub assignee: Option<NodeAssignee>,
    pub fields: Option<Vec<TemplateField>>,
    pub functions: Option<Vec<String>>,
    pub required: Option<Vec<String>>,
}

/// Changes one node of one of the scope's own flows (its state within the flow's rules).
pub async fn update_node(
    db: &DatabaseConnection,
    scope: &Scope,
    input: NodeUpdate,
) -> Result<Node, AppError> {
    let txn = write_txn(db).await?;
    let (flow, pos) = own_node(&txn, scope, "id", input.id).await?;
    let n = &flow.nodes[pos];
    let changed = NodeInput {
        id: Some(n.id),
        name: input.name.unwrap_or_else(|| n.name.clone()),
        state: input.state.unwrap_or(n.state),
        assignee: input.assignee.unwrap_or_else(|| n.assignee.clone()),
        fields: input.fields.unwrap_or_else(|| n.fields.clone()),
        functions: input.functions.unwrap_or_else(|| n.functions.clone()),
        required: input.required.unwrap_or_else(|| n.required.clone()),
        conditions: Vec::new(),
    };
    let changed = checked_node(&txn, scope, "node", changed).await?;
    let mut states: Vec<i16> = flow.nodes.iter().map(|n| n.state).collect();
    states[pos] = changed.state;
    checked_order(&states)?;
    let mut row = node_row(flow.id, pos, &changed, Utc::now());
    row.id = Set(n.id);
    row.sort = Set(n.sort);
    row.conditions = sea_orm::ActiveValue::NotSet;
    let saved = row.update(&txn).await?;
    txn.commit().await?;
    Ok(saved.into())
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ConditionInput {
    #[serde(alias = "node_id", alias = "id")]
    pub node_id: i64,
    /// Replaces the node's branches when given.
    pub conditions: Option<Vec<Branch>>,
}

/// The branches of a node; replaced when `conditions` is given.
pub async fn conditions(
    db: &DatabaseConnection,
    scope: &Scope,
    input: ConditionInput,
) -> Result<Vec<Branch>, AppError> {
    let Some(branches) = input.conditions else {
        let (flow, pos) = find_node(db, scope, "nodeId", input.node_id).await?;
        return Ok(flow.nodes[pos].conditions.clone());
    };
    let txn = write_txn(db).await?;
    let (flow, pos) = own_node(&txn, scope, "nodeId", input.node_id).await?;
    let ids: Vec<i64> = flow.nodes.iter().map(|n| n.id).collect();
    let branches = checked_branches("conditions", branches, &ids, pos)?;
    set_branches(&txn, ids[pos], &branches).await?;
    txn.commit().await?;
    Ok(branches)
}

async fn set_branches(
    txn: &impl ConnectionTrait,
    node: i64,
    branches: &[Branch],
) -> Result<(), AppError> {
    work_flow_node::ActiveModel {
        id: Set(node),
        conditions: Set(to_json(&branches)),
        updated_at: Set(Utc::now()),
        ..Default::default()
    }
    .update(txn)
    .await?;
    Ok(())
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BranchRef {
    #[serde(alias = "node_id")]
    pub node_id: i64,
    #[serde(alias = "condition_id", alias = "id")]
    pub condition_id: i64,
}

/// Removes one branch of a node; answers the rest.
pub async fn remove_branch(
    db: &DatabaseConnection,
    scope: &Scope,
    input: BranchRef,
) -> Result<Vec<Branch>, AppError> {
    let txn = write_txn(db).await?;
    let (flow, pos) = own_node(&txn, scope, "nodeId", input.node_id).await?;
    let mut branches = flow.nodes[pos].conditions.clone();
    let before = branches.len();
    branches.retain(|b| b.id != input.condition_id);
    if branches.len() == before {
        return Err(AppError::field(
            "conditionId",
            text!(
                "conditionId：节点 {} 没有分支 {}",
                "conditionId: node {} has no branch {}",
                input.node_id,
                input.condition_id
            ),
        ));
    }
    set_branches(&txn, input.node_id, &branches).await?;
    txn.commit().await?;
    Ok(branches)
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FunctionQuery {
    #[serde(default, alias = "name")]
    pub keyword: Option<String>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FunctionInfo {
    pub key: String,
    pub zh: String,
    pub en: String,
    /// Opens its own form (parts, dispose, tyre change).
    pub sub_page: bool,
    /// In the caller's language.
    pub description: String,
}

/// The functions a node may offer, matching `keyword` (key or either name).
pub fn functions(q: &FunctionQuery) -> Vec<FunctionInfo> {
    let k = q
        .keyword
        .as_deref()
        .map(str::trim)
        .unwrap_or_default()
        .to_lowercase();
    FUNCTIONS
        .iter()
        .filter(|(key, zh, en, ..)| {
            k.is_empty()
                || key.to_lowercase().contains(&k)
                || zh.contains(&k)
                || en.to_lowercase().contains(&k)
        })
        .map(|(key, zh, en, sub, dzh, den)| FunctionInfo {
            key: (*key).to_owned(),
            zh: (*zh).to_owned(),
            en: (*en).to_owned(),
            sub_page: *sub,
            description: Text::new(*dzh, *den).current().to_owned(),
        })
        .collect()
}

// ---------------------------------------------------------------------------------------------
// An order on its flow

/// A node of an order's flow as the caller sees it.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Step {
    pub node_id: i64,
    pub name: String,
    pub state: i16,
    /// completed, current, selectable (the caller may move the order there now) or forbidden.
    pub display: String,
    /// When the order left the node (completed nodes).
    pub at: Option<DateTime<Utc>>,
    /// Who moved it on.
    pub by: Option<i64>,
    pub by_name: Option<String>,
}

/// Where an order stands: its flow's nodes and the current one.
struct Position {
    nodes: Vec<Node>,
    current: Option<usize>,
}

async fn position(
    db: &impl ConnectionTrait,
    order: &work_order::Model,
) -> Result<Position, AppError> {
    let nodes = nodes_of(db, order.flow_id.unwrap_or(BUILT_IN)).await?;
    let current = match order.flow_id {
        Some(_) => order
            .node_id
            .and_then(|id| nodes.iter().position(|n| n.id == id)),
        None => nodes.iter().position(|n| n.state == order.state),
    };
    Ok(Position { nodes, current })
}

/// The flow and first node an order of type `type_id` starts on (None: the built-in flow; a
/// disabled flow takes no new orders).
pub(crate) async fn start(
    db: &impl ConnectionTrait,
    ent: i64,
    type_id: i64,
) -> Result<Option<(i64, i64)>, AppError> {
    let Some(flow) = work_order_type::Entity::find_by_id(type_id)
        .filter(work_order_type::Column::EnterpriseId.eq(ent))
        .one(db)
        .await?
        .and_then(|t| t.flow_id)
    else {
        return Ok(None);
    };
    let enabled = work_flow::Entity::find_by_id(flow)
        .one(db)
        .await?
        .is_some_and(|f| f.enabled);
    if !enabled {
        return Ok(None);
    }
    Ok(nodes_of(db, flow).await?.first().map(|n| (flow, n.id)))
}

/// After a state change made outside the flow (`setState`, `immediately`), the order moves
/// to the nearest node of its new state: the next one forward, or back for a reopening.
pub(crate) async fn follow_state(
    txn: &impl ConnectionTrait,
    order: work_order::Model,
) -> Result<work_order::Model, AppError> {
    if order.flow_id.is_none() {
        return Ok(order);
    }
    let pos = position(txn, &order).await?;
    let Some(cur) = pos.current else {
        return Ok(order);
    };
    if pos.nodes[cur].state == order.state {
        return Ok(order);
    }
    let forward = pos.nodes[cur..].iter().find(|n| n.state == order.state);
    let back = pos.nodes[..cur]
        .iter()
        .rev()
        .find(|n| n.state == order.state);
    let Some(to) = forward.or(back).map(|n| n.id) else {
        return Ok(order);
    };
    let mut row: work_order::ActiveModel = order.into();
    row.node_id = Set(Some(to));
    Ok(row.update(txn).await?)
}

/// The values branches compare: the order's form values, then those of its steps.
async fn values(
    db: &impl ConnectionTrait,
    order: &work_order::Model,
) -> Result<Map<String, Value>, AppError> {
    let mut out: Map<String, Value> = serde_json::from_str(&order.fields).unwrap_or_default();
    for l in step_logs(db, order.id).await? {
        if let Ok(Value::Object(d)) = serde_json::from_str::<Value>(&l.data)
            && let Some(Value::Object(v)) = d.get("values")
        {
            out.extend(v.clone());
        }
    }
    Ok(out)
}

async fn step_logs(
    db: &impl ConnectionTrait,
    order: i64,
) -> Result<Vec<work_order_log::Model>, AppError> {
    Ok(work_order_log::Entity::find()
        .filter(work_order_log::Column::OrderId.eq(order))
        .filter(work_order_log::Column::Kind.is_in([LOG_STEP, states::LOG_STATE]))
        .order_by_asc(work_order_log::Column::Id)
        .all(db)
        .await?)
}

fn number(v: &Value) -> Option<f64> {
    match v {
        Value::Number(n) => n.as_f64(),
        Value::String(s) => s.trim().parse().ok(),
        _ => None,
    }
}

fn same(a: &Value, b: &Value) -> bool {
    match (number(a), number(b)) {
        (Some(x), Some(y)) => (x - y).abs() < f64::EPSILON,
        _ => match (a, b) {
            (Value::String(x), Value::String(y)) => x.trim() == y.trim(),
            _ => a == b,
        },
    }
}

fn filled(v: Option<&Value>) -> bool {
    match v {
        None | Some(Value::Null) => false,
        Some(Value::String(s)) => !s.trim().is_empty(),
        Some(Value::Array(a)) => !a.is_empty(),
        Some(_) => true,
    }
}

fn matches(b: &Branch, values: &Map<String, Value>) -> bool {
    let v = values.get(&b.field);
    match (b.op.as_str(), v) {
        ("filled", _) => filled(v),
        ("ne", None) => true,
        (_, None) => false,
        ("eq", Some(v)) => same(v, &b.value),
        ("ne", Some(v)) => !same(v, &b.value),
        ("gt", Some(v)) => number(v).zip(number(&b.value)).is_some_and(|(x, y)| x > y),
        ("lt", Some(v)) => number(v).zip(number(&b.value)).is_some_and(|(x, y)| x < y),
        ("in", Some(v)) => b
            .value
            .as_array()
            .is_some_and(|l| l.iter().any(|x| same(v, x))),
        _ => false,
    }
}

/// The node the order goes to next from `cur`: the first matching branch, else the next by sort.
fn next_node(nodes: &[Node], cur: usize, values: &Map<String, Value>) -> Option<usize> {
    nodes[cur]
        .conditions
        .iter()
        .find(|b| matches(b, values))
        .and_then(|b| nodes.iter().position(|n| n.id == b.next_node_id))
        .filter(|p| *p > cur)
        .or_else(|| (cur + 1 < nodes.len()).then_some(cur + 1))
}

/// Whether the caller acts at `node` of `order`.
fn acts_at(scope: &Scope, order: &work_order::Model, node: &Node) -> bool {
    if is_admin(scope, order) {
        return true;
    }
    let me = scope.user.id;
    match &node.assignee {
        NodeAssignee::User { user_id } => *user_id == me,
        NodeAssignee::Role(r) => match r.as_str() {
            "requester" => order.requester_id == me,
            // Unassigned: the requester moves it on.
            "assignee" => order
                .assignee_id
                .map_or(order.requester_id == me, |a| a == me),
            _ => false,
        },
    }
}

/// Whether the caller may move `order` from `from` to `to` (who acts, and the state rule).
fn may_move(scope: &Scope, order: &work_order::Model, from: &Node, to: &Node) -> bool {
    acts_at(scope, order, from)
        && (to.state == order.state || states::next_for(scope, order).contains(&to.state))
}

/// The steps of an order for the caller (`writable`: the caller may change the order).
pub async fn steps(
    db: &impl ConnectionTrait,
    scope: &Scope,
    order: &work_order::Model,
    writable: bool,
) -> Result<Vec<Step>, AppError> {
    let pos = position(db, order).await?;
    let logs = step_logs(db, order.id).await?;
    let vals = values(db, order).await?;
    let selectable = pos
        .current
        .filter(|_| writable && order.state != CLOSED)
        .and_then(|cur| {
            next_node(&pos.nodes, cur, &vals)
                .filter(|n| may_move(scope, order, &pos.nodes[cur], &pos.nodes[*n]))
        });
    // When each node was left, and by whom: its last step entry (built-in flow: the last
    // state change out of its state).
    let left = |node: &Node| {
        logs.iter().rev().find(|l| {
            if l.kind == LOG_STEP {
                step_from(l) == Some(node.id)
            } else {
                order.flow_id.is_none()
                    && l.from_state == Some(node.state)
                    && l.to_state != Some(node.state)
            }
        })
    };
    let names = user_names(db, logs.iter().map(|l| l.user_id)).await?;
    Ok(pos
        .nodes
        .iter()
        .enumerate()
        .map(|(i, n)| {
            let passed = left(n).filter(|_| pos.current.is_some_and(|c| i < c));
            let display = match pos.current {
                Some(c) if c == i => "current",
                _ if passed.is_some() => "completed",
                Some(c) if i < c && order.flow_id.is_none() => "completed",
                _ if selectable == Some(i) => "selectable",
                _ => "forbidden",
            };
            Step {
                node_id: n.id,
                name: n.name.clone(),
                state: n.state,
                display: display.to_owned(),
                at: passed.map(|l| l.created_at),
                by: passed.map(|l| l.user_id),
                by_name: passed.and_then(|l| names.get(&l.user_id).cloned()),
            }
        })
        .collect())
}

fn step_from(l: &work_order_log::Model) -> Option<i64> {
    serde_json::from_str::<Value>(&l.data)
        .ok()
        .and_then(|d| d.get("fromNode").and_then(Value::as_i64))
}

/// Whether function `key` has been done on `order` (with the step's `data`).
async fn done(
    db: &impl ConnectionTrait,
    scope: &Scope,
    order: &work_order::Model,
    node: &Node,
    key: &str,
    data: &Map<String, Value>,
) -> Result<bool, AppError> {
    let log_of = |kind: i16| {
        work_order_log::Entity::find()
            .filter(work_order_log::Column::OrderId.eq(order.id))
            .filter(work_order_log::Column::Kind.eq(kind))
    };
    let line_of = |kind: i16| {
        work_order_line::Entity::find()
            .filter(work_order_line::Column::OrderId.eq(order.id))
            .filter(work_order_line::Column::Kind.eq(kind))
    };
    Ok(match key {
        "photo" => {
            work_order_link::Entity::find()
                .filter(work_order_link::Column::OrderId.eq(order.id))
                .filter(work_order_link::Column::Kind.eq(LINK_FILE))
                .count(db)
                .await?
                > 0
        }
        "signature" => {
            filled(data.get("signature"))
                || node
                    .fields
                    .iter()
                    .any(|f| f.kind == "image" && filled(data.get(&f.key)))
        }
        "location" => order.lat.is_some() && order.lon.is_some(),
        "parts" => line_of(1).count(db).await? > 0,
        "labour" => line_of(2).count(db).await? > 0,
        "dispose" => log_of(states::LOG_DISPOSE).count(db).await? > 0,
        "discussion" => log_of(states::LOG_NOTE).count(db).await? > 0,
        "tyreChange" => serde_json::from_str::<Value>(&order.repair)
            .ok()
            .and_then(|r| {
                r.get("wheels")
                    .and_then(Value::as_array)
                    .map(|w| !w.is_empty())
            })
            .unwrap_or(false),
        "approval" => is_admin(scope, order),
        "task" => {
            let tasks = work_order_task::Entity::find()
                .filter(work_order_task::Column::OrderId.eq(order.id))
                .all(db)
                .await?;
            !tasks.is_empty() && tasks.iter().all(|t| t.done)
        }
        _ => true,
    })
}

fn function_label(key: &str) -> String {
    FUNCTIONS.iter().find(|f| f.0 == key).map_or_else(
        || key.to_owned(),
        |f| Text::new(f.1, f.2).current().to_owned(),
    )
}

/// A field or function of the current node as the caller sees it.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NodeItem {
    pub key: String,
    pub label: String,
    /// required, optional or selected (filled / done); functions opening their own form are
    /// `subPage` until done.
    pub display: String,
    pub required: bool,
    /// A function (not a field).
    pub function: bool,
}

/// A node with what it asks, as the caller sees it (and the order's steps when asked by order).
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NodeDetail {
    pub node: Node,
    pub order_id: Option<i64>,
    pub items: Vec<NodeItem>,
    pub steps: Vec<Step>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NodeQuery {
    /// A node id.
    #[serde(default, alias = "nodeId", alias = "node_id")]
    pub id: Option<i64>,
    /// Or an order: its current node, with display states.
    #[serde(default, alias = "order_id", alias = "workId")]
    pub order_id: Option<i64>,
}

/// A node (by id), or an order's current node with display states for the caller.
pub async fn detail(
    db: &DatabaseConnection,
    scope: &Scope,
    q: NodeQuery,
) -> Result<NodeDetail, AppError> {
    let item = |key: &str, label: String, required: bool, function: bool, display: &str| NodeItem {
        key: key.to_owned(),
        label,
        display: display.to_owned(),
        required,
        function,
    };
    let plain = |node: &Node| -> Vec<NodeItem> {
        node.fields
            .iter()
            .map(|f| {
                item(
                    &f.key,
                    f.label.clone(),
                    f.required,
                    false,
                    if f.required { "required" } else { "optional" },
                )
            })
            .chain(node.functions.iter().map(|k| {
                let req = node.required.contains(k);
                let sub = FUNCTIONS.iter().any(|f| f.0 == k.as_str() && f.3);
                let display = if sub {
                    "subPage"
                } else if req {
                    "required"
                } else {
                    "optional"
                };
                item(k, function_label(k), req, true, display)
            }))
            .collect()
    };
    match (q.order_id, q.id) {
        (Some(order_id), _) => {
            let order = find(db, scope, order_id).await?;
            let pos = position(db, &order).await?;
            let writable = find_writable(db, scope, order.id).await.is_ok();
            let steps = steps(db, scope, &order, writable).await?;
            let Some(cur) = pos.current else {
                return Err(AppError::fail(text!(
                    "工单 {} 不在流程的任何节点上",
                    "Work order {} stands on no node of its flow",
                    order.number
                )));
            };
            let node = pos.nodes[cur].clone();
            let vals = values(db, &order).await?;
            let mut items = plain(&node);
            for it in &mut items {
                let is_done = if it.function {
                    done(db, scope, &order, &node, &it.key, &vals).await?
                } else {
                    filled(vals.get(&it.key))
                };
                if is_done {
                    it.display = "selected".to_owned();
                }
            }
            Ok(NodeDetail {
                node,
                order_id: Some(order.id),
                items,
                steps,
            })
        }
        (None, Some(id)) => {
            let (flow, pos) = find_node(db, scope, "id", id).await?;
            let node = flow.nodes[pos].clone();
            Ok(NodeDetail {
                items: plain(&node),
                node,
                order_id: None,
                steps: Vec::new(),
            })
        }
        (None, None) => Err(AppError::field(
            "id",
            text!("id 或 orderId 不能为空", "id or orderId must be given"),
        )),
    }
}

/// Moving an order on its flow.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StepInput {
    #[serde(alias = "order_id", alias = "workId", alias = "id")]
    pub order_id: i64,
    /// The next node, as the screen shows it; left out, the order goes where the flow's branches
    /// send it with `data` (a branch on a field of the current step is only decided by it).
    #[serde(default, alias = "node_id")]
    pub node_id: Option<i64>,
    /// Values of the current node's fields.
    #[serde(default)]
    #[schema(value_type = Option<Object>)]
    pub data: Option<Map<String, Value>>,
    #[serde(default, alias = "content")]
    pub remark: String,
}

/// Submits the order's current node (its required fields from `data` and its required
/// functions, each missing one named) and moves the order to `nodeId`, which must be the
/// selectable next node; a node of another state is that state transition. Writes a step entry
/// (kind 5). Answers the steps and whether the state changed.
pub async fn move_on(
    db: &DatabaseConnection,
    scope: &Scope,
    live: &LiveHub,
    input: StepInput,
) -> Result<Vec<Step>, AppError> {
    let remark = limited("remark", &input.remark, 1000)?;
    let data = input.data.unwrap_or_default();
    let txn = write_txn(db).await?;
    let order = find_writable(&txn, scope, input.order_id).await?;
    let pos = position(&txn, &order).await?;
    let Some(cur) = pos.current.filter(|_| order.state != CLOSED) else {
        let s = states::label(order.state);
        return Err(AppError::fail(Text::new(
            format!("工单 {} 是{}，不能再推进流程", order.number, s.zh),
            format!(
                "Work order {} is {} and cannot move on its flow",
                order.number, s.en
            ),
        )));
    };
    let mut vals = values(&txn, &order).await?;
    vals.extend(data.clone());
    let next = next_node(&pos.nodes, cur, &vals);
    let target = match input.node_id {
        None => next.ok_or_else(|| {
            AppError::fail(text!(
                "工单 {} 已在流程的最后一步",
                "Work order {} is at the last step of its flow",
                order.number
            ))
        })?,
        Some(node_id) => {
            let Some(target) = pos.nodes.iter().position(|n| n.id == node_id) else {
                return Err(AppError::field(
                    "nodeId",
                    text!(
                        "nodeId：工单 {} 的流程中没有节点 {}",
                        "nodeId: the flow of work order {} has no node {}",
                        order.number,
                        node_id
                    ),
                ));
            };
            if next != Some(target) {
                let next_name = next.map_or_else(String::new, |n| pos.nodes[n].name.clone());
                return Err(AppError::field(
                    "nodeId",
                    text!(
                        "nodeId：工单 {} 现在不能从“{}”到“{}”（下一步：{}）",
                        "nodeId: work order {} cannot go from \"{}\" to \"{}\" now (next: {})",
                        order.number,
                        pos.nodes[cur].name,
                        pos.nodes[target].name,
                        next_name
                    ),
                ));
            }
            target
        }
    };
    let (from, to) = (&pos.nodes[cur], &pos.nodes[target]);
    if !acts_at(scope, &order, from) {
        return Err(AppError::fail(text!(
            "“{}”这一步不由你处理（工单 {}）",
            "The step \"{}\" of work order {} is not yours to submit",
            from.name,
            order.number
        )));
    }
    let mut missing: Vec<(String, String)> = from
        .fields
        .iter()
        .filter(|f| f.required && !filled(data.get(&f.key)))
        .map(|f| {
            (
                format!("data.{}", f.key),
                format!("data.{} ({})", f.key, f.label),
            )
        })
        .collect();
    for k in &from.required {
        if !done(&txn, scope, &order, from, k, &data).await? {
            missing.push((k.clone(), format!("{k} ({})", function_label(k))));
        }
    }
    if let Some((field, _)) = missing.first() {
        let list: Vec<&str> = missing.iter().map(|(_, l)| l.as_str()).collect();
        return Err(AppError::field(
            field.clone(),
            text!(
                "“{}”尚缺：{}",
                "The step \"{}\" still needs: {}",
                from.name,
                list.join(", ")
            ),
        ));
    }
    types::check_values("data", &from.fields, &data)?;
    let from_state = order.state;
    let moved = if to.state == order.state {
        order
    } else {
        states::transition(&txn, scope, order, to.state, &remark).await?
    };
    let mut row: work_order::ActiveModel = moved.into();
    row.node_id = Set(Some(to.id));
    row.updated_at = Set(Utc::now());
    let moved = row.update(&txn).await?;
    let now = Utc::now();
    work_order_log::ActiveModel {
        order_id: Set(moved.id),
        kind: Set(LOG_STEP),
        from_state: Set(Some(from_state)),
        to_state: Set(Some(moved.state)),
        content: Set(remark),
        images: Set("[]".to_owned()),
        // The fields' labels as the step asked them: a later edit of the flow does not
        // rename what the timeline shows was submitted.
        data: Set(to_json(&json!({
            "fromNode": from.id,
            "toNode": to.id,
            "values": data,
            "labels": from
                .fields
                .iter()
                .filter(|f| data.contains_key(&f.key))
                .map(|f| (f.key.clone(), Value::from(f.label.clone())))
                .collect::<Map<String, Value>>(),
        }))),
        user_id: Set(scope.user.id),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    }
    .insert(&txn)
    .await?;
    let out = steps(&txn, scope, &moved, true).await?;
    txn.commit().await?;
    if moved.state != from_state {
        super::discussions::announce_state(db, live, &moved).await?;
    }
    Ok(out)
}
