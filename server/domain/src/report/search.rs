//! The console's search box (`/search/list`): one keyword across vehicles (plate, VIN),
//! receivers (imei, serial number), drivers (name, phone), work orders (number, title) and
//! enterprises (name, abbreviation) in scope, a few per kind, ranked exact match first, then
//! prefix, then contains (case ignored). And each user's recent searches and picks
//! (`/search/tag_last`), most recent first, at most [`MAX_RECENT`].

use chrono::Utc;
use entities::{device, driver, enterprise, search_recent, vehicle, work_order};
use sea_orm::sea_query::{Expr, ExprTrait, Func};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, Condition, DatabaseConnection, EntityTrait, QueryFilter,
    QueryOrder, QuerySelect, Select, Set,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::scope::Scope;
use kernel::db::write_txn;
use kernel::error::AppError;
use kernel::search::{contains, starts_with};
use kernel::text;
use kernel::validate::{in_range, limited, required};

/// The kinds searched.
pub const KINDS: [&str; 5] = ["vehicle", "device", "driver", "workOrder", "enterprise"];
/// Recent searches kept per user.
pub const MAX_RECENT: u64 = 20;

/// What to search for.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SearchQuery {
    /// 1–64 characters.
    #[serde(alias = "key", alias = "q")]
    pub keyword: String,
    /// Only these kinds (default all of [`KINDS`]).
    #[serde(default)]
    pub kinds: Vec<String>,
    /// Hits per kind (1–20, default 5).
    #[serde(default)]
    pub limit: Option<u64>,
}

/// One hit.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Hit {
    pub kind: &'static str,
    pub id: i64,
    /// What matched first: the plate, imei, driver's name, order number, enterprise name.
    pub label: String,
    /// The second field: VIN, serial number, phone, title, abbreviation.
    pub detail: String,
    pub enterprise_id: i64,
    /// 0 exact, 1 prefix, 2 contains.
    pub rank: u8,
}

/// Hits by kind, best first.
#[derive(Debug, Default, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SearchResult {
    pub vehicles: Vec<Hit>,
    pub devices: Vec<Hit>,
    pub drivers: Vec<Hit>,
    pub work_orders: Vec<Hit>,
    pub enterprises: Vec<Hit>,
}

/// `column` equals `text`, case ignored.
fn equals<C: ColumnTrait>(column: C, text: &str) -> Expr {
    Expr::expr(Func::lower(Expr::col(column.as_column_ref()))).eq(text.to_lowercase())
}

/// Up to `n` rows of `base` matching `keyword` in any of `columns`, exact matches first,
/// then prefixes, then the rest; each tier ordered by the first column.
async fn ranked<E>(
    db: &DatabaseConnection,
    base: Select<E>,
    id: E::Column,
    columns: &[E::Column],
    keyword: &str,
    n: u64,
) -> Result<Vec<(E::Model, u8)>, AppError>
where
    E: EntityTrait,
{
    let mut found: Vec<(E::Model, u8)> = Vec::new();
    let mut seen: Vec<sea_orm::Value> = Vec::new();
    for rank in 0..3_u8 {
        let left = n.saturating_sub(found.len() as u64);
        if left == 0 {
            break;
        }
        let mut any = Condition::any();
        for c in columns {
            any = any.add(match rank {
                0 => equals(*c, keyword),
                1 => starts_with(*c, keyword),
                _ => contains(*c, keyword),
            });
        }
        let mut q = base.clone().filter(any);
        if !seen.is_empty() {
            q = q.filter(id.is_not_in(seen.clone()));
        }
        let rows = q
            .order_by_asc(columns[0])
            .order_by_asc(id)
            .limit(left)
            .all(db)
            .await?;
        for m in rows {
            seen.push(sea_orm::ModelTrait::get(&m, id));
            found.push((m, rank));
        }
    }
    Ok(found)
}

fn wanted(kinds: &[String]) -> Result<Vec<&'static str>, AppError> {
    if kinds.is_empty() {
        return Ok(KINDS.to_vec());
    }
    kinds
        .iter()
        .enumerate()
        .map(|(i, k)| {
            KINDS
                .iter()
                .copied()
                .find(|x| *x == k.trim())
                .ok_or_else(|| {
                    AppError::field(
                        format!("kinds[{i}]"),
                        text!(
                            "未知类型 {}（可选 {}）",
                            "unknown kind {} (one of {})",
                            k,
                            KINDS.join(", ")
                        ),
                    )
                })
        })
        .collect()
}

/// The scope's vehicles, receivers, drivers, orders and enterprises matching the keyword.
pub async fn search(
    db: &DatabaseConnection,
    scope: &Scope,
    q: &SearchQuery,
) -> Result<SearchResult, AppError> {
    let keyword = required("keyword", &q.keyword, 64)?;
    let n = q.limit.unwrap_or(5);
    in_range("limit", i64::try_from(n).unwrap_or(i64::MAX), 1, 20)?;
    let kinds = wanted(&q.kinds)?;
    let mut out = SearchResult::default();
    for kind in kinds {
        match kind {
            "vehicle" => {
                use vehicle::Column as C;
                let base = crate::vehicle::visible(scope);
                out.vehicles = ranked(db, base, C::Id, &[C::Plate, C::Vin], &keyword, n)
                    .await?
                    .into_iter()
                    .map(|(v, rank)| Hit {
                        kind,
                        id: v.id,
                        label: v.plate,
                        detail: v.vin,
                        enterprise_id: v.enterprise_id,
                        rank,
                    })
                    .collect();
            }
            "device" => {
                use device::Column as C;
                let base = crate::device::visible(scope);
                out.devices = ranked(db, base, C::Id, &[C::Imei, C::Sn], &keyword, n)
                    .await?
                    .into_iter()
                    .map(|(d, rank)| Hit {
                        kind,
                        id: d.id,
                        label: d.imei,
                        detail: d.sn.unwrap_or_default(),
                        enterprise_id: d.enterprise_id,
                        rank,
                    })
                    .collect();
            }
            "driver" => {
                use driver::Column as C;
                let base = driver::Entity::find().filter(scope.filter(C::EnterpriseId));
                out.drivers = ranked(db, base, C::Id, &[C::Name, C::Phone], &keyword, n)
                    .await?
                    .into_iter()
                    .map(|(d, rank)| Hit {
                        kind,
                        id: d.id,
                        label: d.name,
                        detail: d.phone,
                        enterprise_id: d.enterprise_id,
                        rank,
                    })
                    .collect();
            }
            "workOrder" => {
                use work_order::Column as C;
                let base = work_order::Entity::find().filter(crate::work::visible(scope));
                out.work_orders = ranked(db, base, C::Id, &[C::Number, C::Title], &keyword, n)
                    .await?
                    .into_iter()
                    .map(|(o, rank)| Hit {
                        kind,
                        id: o.id,
                        label: o.number,
                        detail: o.title,
                        enterprise_id: o.enterprise_id,
                        rank,
                    })
                    .collect();
            }
            _ => {
                use enterprise::Column as C;
                let base = enterprise::Entity::find().filter(scope.filter(C::Id));
                out.enterprises = ranked(
                    db,
                    base,
                    C::Id,
                    &[C::EntName, C::EntAbbreviation],
                    &keyword,
                    n,
                )
                .await?
                .into_iter()
                .map(|(e, rank)| Hit {
                    kind,
                    id: e.id,
                    label: e.ent_name,
                    detail: e.ent_abbreviation,
                    enterprise_id: e.id,
                    rank,
                })
                .collect();
            }
        }
    }
    Ok(out)
}

/// What `tag_last` records (nothing given: it only lists).
#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RecentQuery {
    /// A keyword searched for (1–64 characters) …
    #[serde(default, alias = "key")]
    pub keyword: Option<String>,
    /// … or a hit picked: its kind (one of [`KINDS`]) and id.
    #[serde(default)]
    pub kind: Option<String>,
    #[serde(default, alias = "id")]
    pub ref_id: Option<i64>,
    /// Forget every recent search of the caller.
    #[serde(default)]
    pub clear: bool,
}

/// A recent search or pick.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Recent {
    pub id: i64,
    /// A kind of [`KINDS`], or "" for a keyword.
    pub kind: String,
    pub ref_id: Option<i64>,
    pub keyword: String,
    pub label: String,
    pub used_at: chrono::DateTime<Utc>,
}

/// The label of a hit the scope sees, by kind and id.
async fn label_of(
    db: &DatabaseConnection,
    scope: &Scope,
    kind: &str,
    id: i64,
) -> Result<String, AppError> {
    let gone = || AppError::field("refId", text!("{} {} 不存在", "No {} {}", kind, id));
    let label = match kind {
        "vehicle" => crate::vehicle::find(db, scope, id)
            .await
            .ok()
            .map(|v| v.plate),
        "device" => crate::device::find(db, scope, Some(id), None)
            .await
            .ok()
            .map(|d| d.imei),
        "driver" => driver::Entity::find_by_id(id)
            .filter(scope.filter(driver::Column::EnterpriseId))
            .one(db)
            .await?
            .map(|d| d.name),
        "workOrder" => work_order::Entity::find_by_id(id)
            .filter(crate::work::visible(scope))
            .one(db)
            .await?
            .map(|o| o.number),
        _ => enterprise::Entity::find_by_id(id)
            .filter(scope.filter(enterprise::Column::Id))
            .one(db)
            .await?
            .map(|e| e.ent_name),
    };
    label.ok_or_else(gone)
}

/// Records what `q` names (if anything) and answers the caller's recent searches, most
/// recent first. The shared visitor account records nothing.
pub async fn recent(
    db: &DatabaseConnection,
    scope: &Scope,
    q: &RecentQuery,
) -> Result<Vec<Recent>, AppError> {
    let me = scope.user.id;
    let keyword = q
        .keyword
        .as_deref()
        .map(|k| limited("keyword", k, 64))
        .transpose()?
        .filter(|k| !k.is_empty());
    let kind = q.kind.as_deref().map(str::trim).filter(|k| !k.is_empty());
    let picked = match (kind, q.ref_id.filter(|i| *i != 0)) {
        (Some(k), Some(id)) => {
            let k = wanted(&[k.to_owned()]).map_err(|_| {
                AppError::field(
                    "kind",
                    text!(
                        "未知类型 {}（可选 {}）",
                        "unknown kind {} (one of {})",
                        k,
                        KINDS.join(", ")
                    ),
                )
            })?[0];
            Some((k, id, label_of(db, scope, k, id).await?))
        }
        (Some(_), None) => {
            return Err(AppError::field(
                "refId",
                text!("选中的结果须给出 refId", "a picked hit needs refId"),
            ));
        }
        (None, Some(_)) => {
            return Err(AppError::field(
                "kind",
                text!("选中的结果须给出 kind", "a picked hit needs kind"),
            ));
        }
        (None, None) => None,
    };
    let records = (q.clear || picked.is_some() || keyword.is_some()) && !scope.user.is_visitor;
    if records {
        crate::vehicle::writable(scope)?;
        let txn = write_txn(db).await?;
        use search_recent::Column as R;
        if q.clear {
            search_recent::Entity::delete_many()
                .filter(R::UserId.eq(me))
                .exec(&txn)
                .await?;
        }
        let row = match (&picked, &keyword) {
            (Some((k, id, label)), _) => Some((
                *k,
                Some(*id),
                keyword.clone().unwrap_or_else(|| label.clone()),
                label.clone(),
            )),
            (None, Some(kw)) => Some(("", None, kw.clone(), kw.clone())),
            (None, None) => None,
        };
        if let Some((k, id, kw, label)) = row {
            let same = match id {
                Some(id) => Condition::all().add(R::Kind.eq(k)).add(R::RefId.eq(id)),
                None => Condition::all().add(R::Kind.eq("")).add(R::Keyword.eq(&kw)),
            };
            search_recent::Entity::delete_many()
                .filter(R::UserId.eq(me))
                .filter(same)
                .exec(&txn)
                .await?;
            search_recent::ActiveModel {
                user_id: Set(me),
                kind: Set(k.to_owned()),
                ref_id: Set(id),
                keyword: Set(kw),
                label: Set(label.chars().take(128).collect()),
                used_at: Set(Utc::now()),
                ..Default::default()
            }
            .insert(&txn)
            .await?;
            let stale: Vec<i64> = search_recent::Entity::find()
                .select_only()
                .column(R::Id)
                .filter(R::UserId.eq(me))
                .order_by_desc(R::UsedAt)
                .order_by_desc(R::Id)
                .limit(10_000)
                .offset(MAX_RECENT)
                .into_tuple()
                .all(&txn)
                .await?;
            if !stale.is_empty() {
                search_recent::Entity::delete_many()
                    .filter(R::Id.is_in(stale))
                    .exec(&txn)
                    .await?;
            }
        }
        txn.commit().await?;
    }
    if scope.user.is_visitor {
        return Ok(Vec::new());
    }
    Ok(search_recent::Entity::find()
        .filter(search_recent::Column::UserId.eq(me))
        .order_by_desc(search_recent::Column::UsedAt)
        .order_by_desc(search_recent::Column::Id)
        .limit(MAX_RECENT)
        .all(db)
        .await?
        .into_iter()
        .map(|r| Recent {
            id: r.id,
            kind: r.kind,
            ref_id: r.ref_id,
            keyword: r.keyword,
            label: r.label,
            used_at: r.used_at,
        })
        .collect())
}
