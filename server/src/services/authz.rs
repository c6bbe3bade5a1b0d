//! Access control: casbin policies (subject = authorityId, object = call path, action = HTTP
//! method), the registry of calls they are granted over, and which calls are open or read-only.

use std::collections::BTreeSet;
use std::sync::Arc;

use casbin::{CoreApi, DefaultModel, Enforcer, MemoryAdapter, MgmtApi};
use chrono::Utc;
use entities::{casbin_rule, sys_api};
use sea_orm::sea_query::OnConflict;
use sea_orm::{
    ColumnTrait, ConnectionTrait, DatabaseConnection, EntityTrait, QueryFilter, Set,
    TransactionTrait,
};
use tokio::sync::RwLock;

use crate::error::AppError;

const MODEL: &str = "\
[request_definition]
r = sub, obj, act
[policy_definition]
p = sub, obj, act
[policy_effect]
e = some(where (p.eft == allow))
[matchers]
m = r.sub == p.sub && keyMatch2(r.obj, p.obj) && r.act == p.act
";

/// Calls anyone may make without signing in.
pub const OPEN_CALLS: &[&str] = &[
    "/api/health",
    "/api/base/login",
    "/api/base/captcha",
    "/api/base/scan",
    "/api/base/timeKey",
    "/api/base/register",
    "/api/base/sendSms",
    "/api/user/login",
    "/api/user/phone",
    "/api/user/recons",
    "/api/wechat/getWechatJSSDK",
    // Checks its caller itself: a session with a policy for it, or an upload grant.
    "/api/web/tool/aliyun/uploading",
    "/tapi/device/report",
];

/// Calls that write although their name reads like a read.
const WRITE_CALLS: &[&str] = &["/api/web/tool/csv"];

pub fn is_open(path: &str) -> bool {
    OPEN_CALLS.contains(&path)
}

/// Whether a call only reads. Most calls here are POST, so the method alone cannot tell;
/// the last path segment does (`list`, `getUserInfo`, `watchList4`, `carInfo` …). Used to pick
/// what the operation log records and what read-only roles may call.
pub fn is_read_call(method: &str, path: &str) -> bool {
    if WRITE_CALLS.contains(&path) {
        return false;
    }
    if method.eq_ignore_ascii_case("GET") {
        return true;
    }
    let last = path.rsplit('/').next().unwrap_or_default();
    let lower = last.to_ascii_lowercase();
    const READ_PREFIXES: &[&str] = &[
        "get",
        "find",
        "list",
        "search",
        "query",
        "statistic",
        "info",
        "detail",
        "all",
        "count",
        "chart_data",
        "view",
        "nearby",
        "analy",
        "tree",
        "day",
        "heavy",
        "version",
        "online",
        "ctwing",
        "t_info",
        "juris",
        "relation_list",
        "relationby",
        "toggle",
        "watchlist",
        "data_",
        "mileage",
        "hour_",
        "areal_",
        "alarm_pie",
        "ship_",
        "tags_list",
        "state_list",
        "type_list",
        "inform_list",
        "event_list",
        "task_list",
        "message_",
        "discuss_list",
        "trailerlist",
        "driverlist",
        "sensor_",
        "axle_list",
        "axledata",
        "supervisory",
        "chip",
        "tag_last",
        "carbrandall",
        "carseriesall",
        "tyrebrandall",
        "tyre_list",
        "grainsize",
        "spec",
        "imeisn",
        "is_white",
        "test_heartbeat_list",
        "setting_list",
        "setting_info",
        "captain_log",
        "production",
        "acceptorlog",
        "updatelog",
        "docking",
        "colony",
        "userlist",
        "role_lists",
        "entlistnew",
        "lists",
        "invitations",
        "invitelog",
        "getent",
        "project_log",
        "project_inform",
        "project_task",
        "project_list",
        "category_list",
        "flow/list",
        "option",
        "related_users",
        "participant",
        "fun_search",
        "condition",
        "details_list",
        "order_car",
        "dynamic_analysis",
        "repair_info",
        "order_device_ent",
        "product_search",
        "user_search",
        "poi_search",
        "task_search",
        "label",
        "default_t",
        "order_type_t",
        "snapshoot",
        "filelist",
        "location",
        "push_log",
        "memberlist",
        "reads",
        "incidents",
        "tpms_log",
        "installation",
        "tyre_info",
        "logslist",
        "loglist",
        "device",
        "sensor",
        "applets",
        "abnormaltrack",
        "instant",
        "itinerary",
        "infoall",
        "brakingtp",
        "pressure",
        "deeplines",
        "getpicture",
        "servicetags",
        "strategy",
    ];
    const READ_SUFFIXES: &[&str] = &[
        "list",
        "info",
        "all",
        "tree",
        "statistics",
        "statistical",
        "log",
        "detail",
        "chart",
        "count",
        "histogram",
        "csv",
        "collect",
        "rate",
        "search",
        "distribution",
        "byid",
    ];
    const WRITE_WORDS: &[&str] = &[
        "save",
        "update",
        "set",
        "del",
        "add",
        "create",
        "copy",
        "upload",
        "import",
        "reset",
        "change",
        "invite",
        "cut",
        "transfer",
        "submit",
        "attention",
        "cmd",
        "upgrade",
        "remove",
        "push_event",
        "exchange",
        "register",
        "allocation",
        "immediately",
        "shield",
        "dispose",
        "maintain",
        "declaration",
        "synchroniz",
        "marking",
        "inup",
        "tie",
        "edit",
        "batch",
    ];
    if WRITE_WORDS
        .iter()
        .any(|w| lower.starts_with(w) || lower.contains(&format!("_{w}")))
    {
        return false;
    }
    READ_PREFIXES.iter().any(|p| lower.starts_with(p))
        || READ_SUFFIXES.iter().any(|s| lower.ends_with(s))
}

/// A call the API registry knows.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct ApiEntry {
    pub path: String,
    pub method: String,
    pub group: String,
    pub description: String,
}

/// Every call of the spec's catalogue plus every call the code documents, by (path, method).
pub fn registry(openapi: &utoipa::openapi::OpenApi) -> Vec<ApiEntry> {
    let mut entries = std::collections::BTreeMap::new();
    for line in include_str!("api-catalogue.tsv").lines() {
        let cols: Vec<&str> = line.split('\t').collect();
        if let [method, base, path, area] = cols[..]
            && !method.starts_with('#')
        {
            let full = format!("{base}{path}");
            entries.insert(
                (full.clone(), method.to_owned()),
                ApiEntry {
                    path: full,
                    method: method.into(),
                    group: area.into(),
                    description: String::new(),
                },
            );
        }
    }
    for (path, item) in &openapi.paths.paths {
        for (method, op) in operations(item) {
            let group = op
                .tags
                .as_ref()
                .and_then(|t| t.first().cloned())
                .unwrap_or_default();
            let description = op.summary.clone().unwrap_or_default();
            let entry = entries
                .entry((path.clone(), method.to_owned()))
                .or_insert(ApiEntry {
                    path: path.clone(),
                    method: method.to_owned(),
                    group: group.clone(),
                    description: String::new(),
                });
            entry.description = description;
            if entry.group.is_empty() {
                entry.group = group;
            }
        }
    }
    entries.into_values().collect()
}

fn operations(
    item: &utoipa::openapi::PathItem,
) -> Vec<(&'static str, &utoipa::openapi::path::Operation)> {
    [
        ("GET", item.get.as_ref()),
        ("POST", item.post.as_ref()),
        ("PUT", item.put.as_ref()),
        ("DELETE", item.delete.as_ref()),
        ("PATCH", item.patch.as_ref()),
    ]
    .into_iter()
    .filter_map(|(m, op)| op.map(|op| (m, op)))
    .collect()
}

/// Adds missing registry rows (never removes: operators may have added their own).
pub async fn sync_registry<C: ConnectionTrait>(
    db: &C,
    entries: &[ApiEntry],
) -> Result<(), sea_orm::DbErr> {
    let now = Utc::now();
    for chunk in entries.chunks(200) {
        let rows = chunk.iter().map(|e| sys_api::ActiveModel {
            path: Set(e.path.clone()),
            method: Set(e.method.clone()),
            api_group: Set(e.group.clone()),
            description: Set(e.description.clone()),
            created_at: Set(now),
            updated_at: Set(now),
            ..Default::default()
        });
        sys_api::Entity::insert_many(rows)
            .on_conflict(
                OnConflict::columns([sys_api::Column::Path, sys_api::Column::Method])
                    .do_nothing()
                    .to_owned(),
            )
            .exec_without_returning(db)
            .await?;
    }
    Ok(())
}

/// Grants missing policies (idempotent).
pub async fn grant<C: ConnectionTrait>(
    db: &C,
    authority_id: i64,
    calls: impl IntoIterator<Item = (String, String)>,
) -> Result<(), sea_orm::DbErr> {
    let sub = authority_id.to_string();
    let rows: Vec<_> = calls
        .into_iter()
        .map(|(path, method)| casbin_rule::ActiveModel {
            ptype: Set("p".into()),
            v0: Set(sub.clone()),
            v1: Set(path),
            v2: Set(method),
            ..Default::default()
        })
        .collect();
    for chunk in rows.chunks(200) {
        casbin_rule::Entity::insert_many(chunk.to_vec())
            .on_conflict(
                OnConflict::columns([
                    casbin_rule::Column::Ptype,
                    casbin_rule::Column::V0,
                    casbin_rule::Column::V1,
                    casbin_rule::Column::V2,
                ])
                .do_nothing()
                .to_owned(),
            )
            .exec_without_returning(db)
            .await?;
    }
    Ok(())
}

/// The casbin enforcer, loaded from `casbin_rule`; edits go to the table and the enforcer
/// together, so they take effect at once.
#[derive(Clone)]
pub struct Policies {
    enforcer: Arc<RwLock<Enforcer>>,
}

impl Policies {
    pub async fn load(db: &DatabaseConnection) -> anyhow::Result<Self> {
        let model = DefaultModel::from_str(MODEL).await?;
        let mut enforcer = Enforcer::new(model, MemoryAdapter::default()).await?;
        let rules: Vec<Vec<String>> = casbin_rule::Entity::find()
            .filter(casbin_rule::Column::Ptype.eq("p"))
            .all(db)
            .await?
            .into_iter()
            .map(|r| vec![r.v0, r.v1, r.v2])
            .collect();
        if !rules.is_empty() {
            enforcer.add_policies(rules).await?;
        }
        Ok(Self {
            enforcer: Arc::new(RwLock::new(enforcer)),
        })
    }

    pub async fn allows(&self, authority_id: i64, path: &str, method: &str) -> bool {
        let enforcer = self.enforcer.read().await;
        enforcer
            .enforce((authority_id.to_string(), path, method))
            .unwrap_or(false)
    }

    /// The (path, method) pairs granted to a role.
    pub async fn of(&self, authority_id: i64) -> BTreeSet<(String, String)> {
        let enforcer = self.enforcer.read().await;
        enforcer
            .get_filtered_policy(0, vec![authority_id.to_string()])
            .into_iter()
            .filter_map(|p| Some((p.get(1)?.clone(), p.get(2)?.clone())))
            .collect()
    }

    /// Replaces a role's whole policy set, in the table and the enforcer.
    pub async fn replace(
        &self,
        db: &DatabaseConnection,
        authority_id: i64,
        calls: BTreeSet<(String, String)>,
    ) -> Result<(), AppError> {
        let sub = authority_id.to_string();
        let txn = db.begin().await?;
        casbin_rule::Entity::delete_many()
            .filter(casbin_rule::Column::V0.eq(sub.clone()))
            .exec(&txn)
            .await?;
        grant(&txn, authority_id, calls.iter().cloned()).await?;
        let mut enforcer = self.enforcer.write().await;
        txn.commit().await?;
        enforcer
            .remove_filtered_policy(0, vec![sub.clone()])
            .await
            .map_err(|e| AppError::Internal(e.into()))?;
        let rules: Vec<Vec<String>> = calls
            .into_iter()
            .map(|(p, m)| vec![sub.clone(), p, m])
            .collect();
        if !rules.is_empty() {
            enforcer
                .add_policies(rules)
                .await
                .map_err(|e| AppError::Internal(e.into()))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::is_read_call;

    #[test]
    fn tells_reads_from_writes() {
        for read in [
            "/api/web/car/list",
            "/api/user/getUserInfo",
            "/api/web/car/watchList4",
            "/api/web/car/statistics",
            "/api/menu/getMenuList",
            "/api/web/car/carInfo",
            "/api/web/ent/my_enterprise/toggleList",
            "/api/sysDictionary/findSysDictionary",
        ] {
            assert!(is_read_call("POST", read), "{read} reads");
        }
        for write in [
            "/api/user/setUserInfo",
            "/api/web/car/delCar",
            "/api/menu/addBaseMenu",
            "/api/web/car/updateCarInfo",
            "/api/web/ent/my_enterprise/cut",
            "/api/casbin/updateCasbin",
            "/api/web/car/attention",
            "/api/work/save_task",
            "/api/web/device/cmd2",
            "/api/web/tool/aliyun/uploading",
            "/api/user/admin_register",
            "/api/web/tool/csv",
            "/api/fileUploadAndDownload/upload",
            "/api/fileUploadAndDownload/deleteFile",
            "/api/sysOperationRecord/deleteSysOperationRecordByIds",
        ] {
            assert!(!is_read_call("POST", write), "{write} writes");
        }
    }
}
