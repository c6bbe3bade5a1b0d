//! Clusters ("colonies"): enterprises grouped under a supervising enterprise, whose members
//! see every enterprise of the cluster. A cluster is visible to a scope that sees its
//! supervisor or one of its enterprises; only platform staff and the supervisor manage it.

use std::collections::{BTreeSet, HashMap};

use chrono::{DateTime, Utc};
use entities::{cluster, cluster_enterprise, enterprise, sys_user};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, Condition, ConnectionTrait, DatabaseConnection, EntityTrait,
    QueryFilter, QueryOrder, QuerySelect, QueryTrait, Set,
};
use serde::Serialize;
use utoipa::ToSchema;

use super::enterprises::{self, EnterpriseInput, EnterpriseRow, SaveRules};
use super::find_visible;
use crate::scope::Scope;
use kernel::changes::{Change, announce};
use kernel::error::{AppError, DbResultExt};
use kernel::paging::{self, PageQuery, PageResult};
use kernel::text;
use kernel::validate::{limited, required};

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ClusterRow {
    /// The cluster id (`colonyId`).
    #[serde(rename = "ID")]
    pub id: i64,
    pub colony_id: i64,
    pub name: String,
    /// Brand host of the cluster ("" for none).
    pub domain: String,
    pub logo: String,
    pub remark: String,
    pub supervisor_ent_id: Option<i64>,
    pub supervisor_ent_name: String,
    /// Enterprises in the cluster (all of them, seen or not).
    pub ent_count: u64,
    /// Whether the caller may manage it (edit, add or remove enterprises).
    pub manageable: bool,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ClusterDetail {
    #[serde(flatten)]
    pub cluster: ClusterRow,
    /// The cluster's enterprises the caller sees.
    pub enterprises: Vec<EnterpriseRow>,
}

/// One entry of the cluster switch list.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ClusterToggle {
    pub label: String,
    pub value: i64,
    pub logo: String,
    pub domain: String,
}

fn not_found(id: i64) -> AppError {
    AppError::fail(text!("集群 {} 不存在", "Cluster {} does not exist", id))
}

/// Clusters the scope sees: supervised by, or containing, a visible enterprise.
fn visible(scope: &Scope) -> Condition {
    if scope.platform {
        return Condition::all();
    }
    let members = cluster_enterprise::Entity::find()
        .select_only()
        .column(cluster_enterprise::Column::ClusterId)
        .filter(cluster_enterprise::Column::EnterpriseId.is_in(scope.visible.iter().copied()))
        .into_query();
    Condition::any()
        .add(cluster::Column::SupervisorEnterpriseId.is_in(scope.visible.iter().copied()))
        .add(cluster::Column::Id.in_subquery(members))
}

/// The acting enterprise's own subtree (None for platform staff: everything). Managing
/// clusters rests on it, not on what clusters let the caller see, so a supervisor cannot pass
/// one cluster's enterprises on to another.
async fn own(db: &impl ConnectionTrait, scope: &Scope) -> Result<Option<BTreeSet<i64>>, AppError> {
    if scope.platform {
        return Ok(None);
    }
    match scope.enterprise_id {
        Some(e) => Ok(Some(enterprises::subtree(db, e).await?)),
        None => Ok(Some(BTreeSet::new())),
    }
}

fn in_own(own: Option<&BTreeSet<i64>>, id: i64) -> bool {
    own.is_none_or(|o| o.contains(&id))
}

fn manages(own: Option<&BTreeSet<i64>>, c: &cluster::Model) -> bool {
    own.is_none() || c.supervisor_enterprise_id.is_some_and(|s| in_own(own, s))
}

fn not_own(id: i64) -> AppError {
    AppError::fail(text!(
        "企业 {} 不在您的企业之下",
        "Enterprise {} is not one of your enterprises",
        id
    ))
}

/// A cluster the scope sees (others look absent).
pub async fn find_visible_cluster(
    db: &impl ConnectionTrait,
    scope: &Scope,
    id: i64,
) -> Result<cluster::Model, AppError> {
    cluster::Entity::find_by_id(id)
        .filter(visible(scope))
        .one(db)
        .await?
        .ok_or_else(|| not_found(id))
}

/// A cluster the scope may manage.
async fn find_managed(
    db: &impl ConnectionTrait,
    scope: &Scope,
    id: i64,
) -> Result<cluster::Model, AppError> {
    let c = find_visible_cluster(db, scope, id).await?;
    if manages(own(db, scope).await?.as_ref(), &c) {
        Ok(c)
    } else {
        Err(AppError::fail(text!(
            "无权管理集群 {}",
            "You may not manage cluster {}",
            id
        )))
    }
}

async fn cluster_rows(
    db: &impl ConnectionTrait,
    scope: &Scope,
    list: Vec<cluster::Model>,
) -> Result<Vec<ClusterRow>, AppError> {
    let own = own(db, scope).await?;
    let ids: Vec<i64> = list.iter().map(|c| c.id).collect();
    let counts: HashMap<i64, i64> = cluster_enterprise::Entity::find()
        .select_only()
        .column(cluster_enterprise::Column::ClusterId)
        .column_as(cluster_enterprise::Column::EnterpriseId.count(), "n")
        .filter(cluster_enterprise::Column::ClusterId.is_in(ids))
        .group_by(cluster_enterprise::Column::ClusterId)
        .into_tuple::<(i64, i64)>()
        .all(db)
        .await?
        .into_iter()
        .collect();
    let names = super::names(db, list.iter().filter_map(|c| c.supervisor_enterprise_id)).await?;
    Ok(list
        .into_iter()
        .map(|c| ClusterRow {
            id: c.id,
            colony_id: c.id,
            ent_count: counts
                .get(&c.id)
                .copied()
                .unwrap_or_default()
                .unsigned_abs(),
            supervisor_ent_name: c
                .supervisor_enterprise_id
                .and_then(|s| names.get(&s).cloned())
                .unwrap_or_default(),
            manageable: manages(own.as_ref(), &c),
            name: c.name,
            domain: c.domain,
            logo: c.logo,
            remark: c.remark,
            supervisor_ent_id: c.supervisor_enterprise_id,
            created_at: c.created_at,
            updated_at: c.updated_at,
        })
        .collect())
}

/// Clusters the scope sees, filtered and paged.
pub async fn list(
    db: &DatabaseConnection,
    scope: &Scope,
    keyword: Option<&str>,
    page: PageQuery,
) -> Result<PageResult<ClusterRow>, AppError> {
    let mut cond = visible(scope);
    if let Some(k) = keyword.map(str::trim).filter(|k| !k.is_empty()) {
        cond = Condition::all()
            .add(cond)
            .add(kernel::search::contains(cluster::Column::Name, k));
    }
    let select = cluster::Entity::find()
        .filter(cond)
        .order_by_asc(cluster::Column::Id);
    let page = paging::fetch(db, select, page, |c| c).await?;
    Ok(PageResult {
        list: cluster_rows(db, scope, page.list).await?,
        total: page.total,
        page: page.page,
        page_size: page.page_size,
    })
}

/// Clusters an enterprise belongs to or supervises.
pub async fn of_enterprise(
    db: &DatabaseConnection,
    scope: &Scope,
    ent_id: Option<i64>,
) -> Result<Vec<ClusterRow>, AppError> {
    let ent = scope.acting(ent_id)?;
    find_visible(db, scope, ent).await?;
    let member_of = cluster_enterprise::Entity::find()
        .select_only()
        .column(cluster_enterprise::Column::ClusterId)
        .filter(cluster_enterprise::Column::EnterpriseId.eq(ent))
        .into_query();
    let list = cluster::Entity::find()
        .filter(
            Condition::any()
                .add(cluster::Column::Id.in_subquery(member_of))
                .add(cluster::Column::SupervisorEnterpriseId.eq(ent)),
        )
        .order_by_asc(cluster::Column::Id)
        .all(db)
        .await?;
    cluster_rows(db, scope, list).await
}

pub async fn detail(
    db: &DatabaseConnection,
    scope: &Scope,
    id: i64,
) -> Result<ClusterDetail, AppError> {
    let c = find_visible_cluster(db, scope, id).await?;
    let members = cluster_enterprise::Entity::find()
        .select_only()
        .column(cluster_enterprise::Column::EnterpriseId)
        .filter(cluster_enterprise::Column::ClusterId.eq(id))
        .into_query();
    let ents = enterprise::Entity::find()
        .filter(enterprise::Column::Id.in_subquery(members))
        .filter(scope.filter(enterprise::Column::Id))
        .order_by_asc(enterprise::Column::Id)
        .all(db)
        .await?;
    Ok(ClusterDetail {
        cluster: cluster_rows(db, scope, vec![c]).await?.remove(0),
        enterprises: enterprises::rows(db, ents).await?,
    })
}

/// Fields of a cluster (absent fields keep their value).
#[derive(Debug, Default, Clone, serde::Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ClusterInput {
    /// The cluster to edit; absent or 0 creates one.
    #[serde(default, alias = "ID", alias = "id", alias = "colonyId")]
    pub cluster_id: Option<i64>,
    #[serde(default)]
    pub name: Option<String>,
    #[serde(default)]
    pub domain: Option<String>,
    #[serde(default)]
    pub logo: Option<String>,
    #[serde(default)]
    pub remark: Option<String>,
    /// The supervising enterprise (0: none). Others than platform staff may only name an
    /// enterprise they act for; on creation it defaults to the acting enterprise.
    #[serde(default)]
    pub supervisor_ent_id: Option<i64>,
}

/// Creates or edits a cluster. Callers invalidate the tree cache afterwards.
pub async fn save(
    db: &DatabaseConnection,
    scope: &Scope,
    input: &ClusterInput,
) -> Result<ClusterRow, AppError> {
    announce(Change::Reach);
    let txn = kernel::db::write_txn(db).await?;
    let now = Utc::now();
    let existing = match input.cluster_id.filter(|c| *c != 0) {
        Some(id) => Some(find_managed(&txn, scope, id).await?),
        None => None,
    };
    let mut row: cluster::ActiveModel = match &existing {
        Some(c) => c.clone().into(),
        None => cluster::ActiveModel {
            name: Set(required("name", input.name.as_deref().unwrap_or(""), 64)?),
            domain: Set(String::new()),
            logo: Set(String::new()),
            remark: Set(String::new()),
            supervisor_enterprise_id: Set(if scope.platform {
                None
            } else {
                Some(scope.acting(None)?)
            }),
            created_at: Set(now),
            ..Default::default()
        },
    };
    if let Some(n) = &input.name {
        row.name = Set(required("name", n, 64)?);
    }
    if let Some(d) = &input.domain {
        let d = limited("domain", d, 128)?.to_ascii_lowercase();
        if !d
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | ':'))
        {
            return Err(AppError::fail(text!(
                "domain 不是有效的主机名",
                "domain is not a valid host name"
            )));
        }
        row.domain = Set(d);
    }
    if let Some(l) = &input.logo {
        row.logo = Set(limited("logo", l, 500)?);
    }
    if let Some(r) = &input.remark {
        row.remark = Set(limited("remark", r, 200)?);
    }
    if let Some(s) = input.supervisor_ent_id {
        let s = (s != 0).then_some(s);
        if let Some(s) = s {
            find_visible(&txn, scope, s).await?;
            if !in_own(own(&txn, scope).await?.as_ref(), s) {
                return Err(not_own(s));
            }
        } else if !scope.platform {
            return Err(AppError::fail(text!(
                "只有平台人员可以取消集群的监管企业",
                "Only platform staff may leave a cluster without a supervisor"
            )));
        }
        row.supervisor_enterprise_id = Set(s);
    }
    row.updated_at = Set(now);
    let saved = match existing {
        Some(_) => row.update(&txn).await,
        None => row.insert(&txn).await,
    }
    .on_conflict(|| text!("集群名称已存在", "A cluster with this name already exists"))?;
    txn.commit().await?;
    Ok(cluster_rows(db, scope, vec![saved]).await?.remove(0))
}

/// Puts enterprises into a cluster (or takes them out), keeping `enterprises.colony_id` on a
/// cluster the enterprise is in.
async fn set_membership(
    db: &impl ConnectionTrait,
    cluster_id: i64,
    ent_ids: &BTreeSet<i64>,
    remove: bool,
) -> Result<(), AppError> {
    let now = Utc::now();
    for ent in ent_ids {
        let present = cluster_enterprise::Entity::find_by_id((cluster_id, *ent))
            .one(db)
            .await?
            .is_some();
        let e = super::find(db, *ent).await?;
        if remove && present {
            cluster_enterprise::Entity::delete_by_id((cluster_id, *ent))
                .exec(db)
                .await?;
            if e.colony_id == Some(cluster_id) {
                let other = cluster_enterprise::Entity::find()
                    .filter(cluster_enterprise::Column::EnterpriseId.eq(*ent))
                    .order_by_asc(cluster_enterprise::Column::CreatedAt)
                    .one(db)
                    .await?
                    .map(|c| c.cluster_id);
                let mut row: enterprise::ActiveModel = e.into();
                row.colony_id = Set(other);
                row.update(db).await?;
            }
        } else if !remove && !present {
            cluster_enterprise::ActiveModel {
                cluster_id: Set(cluster_id),
                enterprise_id: Set(*ent),
                created_at: Set(now),
            }
            .insert(db)
            .await?;
            if e.colony_id.is_none() {
                let mut row: enterprise::ActiveModel = e.into();
                row.colony_id = Set(Some(cluster_id));
                row.update(db).await?;
            }
        }
    }
    Ok(())
}

/// Adds enterprises to (or with `remove` takes them out of) a managed cluster, all or none.
/// Others than platform staff may only add enterprises of their own subtree.
pub async fn add_enterprises(
    db: &DatabaseConnection,
    scope: &Scope,
    cluster_id: i64,
    ent_ids: &[i64],
    remove: bool,
) -> Result<ClusterRow, AppError> {
    announce(Change::Reach);
    let ids: BTreeSet<i64> = ent_ids.iter().copied().collect();
    if ids.is_empty() {
        return Err(AppError::fail(text!(
            "entIds 不能为空",
            "entIds must not be empty"
        )));
    }
    let txn = kernel::db::write_txn(db).await?;
    let c = find_managed(&txn, scope, cluster_id).await?;
    let mine = own(&txn, scope).await?;
    for id in &ids {
        find_visible(&txn, scope, *id).await?;
        // Taking an enterprise out is the manager's call; putting one in shares its data
        // with the supervisor, which only its own side (or the platform) may do.
        if !remove && !in_own(mine.as_ref(), *id) {
            return Err(not_own(*id));
        }
    }
    set_membership(&txn, cluster_id, &ids, remove).await?;
    txn.commit().await?;
    Ok(cluster_rows(db, scope, vec![c]).await?.remove(0))
}

/// Creates or edits an enterprise and puts it into a managed cluster. A cluster manager may
/// create top-level enterprises there.
pub async fn save_enterprise(
    db: &DatabaseConnection,
    scope: &Scope,
    cluster_id: i64,
    input: &EnterpriseInput,
) -> Result<EnterpriseRow, AppError> {
    announce(Change::Reach);
    let rules = SaveRules {
        allow_move: false,
        allow_root: true,
    };
    let txn = kernel::db::write_txn(db).await?;
    find_managed(&txn, scope, cluster_id).await?;
    let saved = enterprises::save_in(&txn, scope, input, rules).await?;
    set_membership(&txn, cluster_id, &BTreeSet::from([saved.id]), false).await?;
    txn.commit().await?;
    let fresh = super::find(db, saved.id).await?;
    Ok(enterprises::rows(db, vec![fresh]).await?.remove(0))
}

/// Enterprises of a cluster the scope sees, paged.
pub async fn enterprises_of(
    db: &DatabaseConnection,
    scope: &Scope,
    cluster_id: i64,
    keyword: Option<String>,
    page: PageQuery,
) -> Result<PageResult<EnterpriseRow>, AppError> {
    find_visible_cluster(db, scope, cluster_id).await?;
    enterprises::list(
        db,
        scope,
        enterprises::ListFilter {
            keyword,
            colony_id: Some(cluster_id),
            ..enterprises::ListFilter::default()
        },
        page,
    )
    .await
}

/// Clusters the caller may switch to, paged (console default page 1, size 100).
pub async fn toggle_list(
    db: &DatabaseConnection,
    scope: &Scope,
    page: PageQuery,
) -> Result<PageResult<ClusterToggle>, AppError> {
    let select = cluster::Entity::find()
        .filter(visible(scope))
        .order_by_asc(cluster::Column::Id);
    paging::fetch(db, select, page, |c| ClusterToggle {
        label: c.name,
        value: c.id,
        logo: c.logo,
        domain: c.domain,
    })
    .await
}

/// Sets the caller's current cluster (0: none); it must be one they see.
pub async fn cut(
    db: &DatabaseConnection,
    scope: &Scope,
    cluster_id: i64,
) -> Result<Option<i64>, AppError> {
    announce(Change::Users(vec![scope.user.id]));
    let chosen = if cluster_id == 0 {
        None
    } else {
        Some(find_visible_cluster(db, scope, cluster_id).await?.id)
    };
    let mut row: sys_user::ActiveModel = scope.user.clone().into();
    row.current_cluster = Set(chosen);
    row.updated_at = Set(Utc::now());
    row.update(db).await?;
    Ok(chosen)
}
