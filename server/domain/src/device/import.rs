//! The `devices` import target: rows of imei, sn, partNo, version, iccid, kind (0 receiver,
//! 1 repeater) and the parent receiver's imei (a receiver of the same enterprise, in the file
//! or already registered), owned by `enterpriseId` (default: the acting enterprise; another one
//! must be one the caller may act for). Every row is checked (format, duplicates
//! within the file and against the database) before anything is written; receivers are
//! written before the repeaters that name them.

use std::collections::{HashMap, HashSet};

use chrono::Utc;
use entities::{device, enterprise};
use futures::future::BoxFuture;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, Condition, DatabaseTransaction, EntityTrait, QueryFilter, Set,
};

use super::devices::{KIND_RECEIVER, KIND_REPEATER, check_iccid, check_imei, check_sn};
use crate::scope::Scope;
use crate::tabular::{Col, ImportError, Importer, Record, RowError, no_row_refused};
use kernel::changes::{Change, announce};
use kernel::text;

pub struct Devices;

/// A checked row, ready to insert.
struct Row {
    ent: i64,
    imei: String,
    sn: Option<String>,
    part_no: String,
    version: String,
    iccid: String,
    kind: i16,
    parent_imei: Option<String>,
}

impl Importer for Devices {
    fn table(&self) -> &'static str {
        "devices"
    }

    fn columns(&self) -> &'static [Col] {
        const COLUMNS: &[Col] = &[
            Col::optional("enterpriseId"),
            Col::required("imei"),
            Col::optional("sn"),
            Col::optional("partNo"),
            Col::optional("version"),
            Col::optional("iccid"),
            Col::optional("kind"),
            Col::optional("parentImei"),
        ];
        COLUMNS
    }

    fn import<'a>(
        &'a self,
        txn: &'a DatabaseTransaction,
        scope: &'a Scope,
        records: &'a [Record],
    ) -> BoxFuture<'a, Result<u64, ImportError>> {
        Box::pin(async move {
            let mut errors = Vec::new();
            let rows = check_rows(txn, scope, records, &mut errors).await?;
            no_row_refused(errors)?;
            Ok(insert(txn, rows).await?)
        })
    }
}

async fn check_rows(
    txn: &DatabaseTransaction,
    scope: &Scope,
    records: &[Record],
    errors: &mut Vec<RowError>,
) -> Result<Vec<Row>, sea_orm::DbErr> {
    let acting = scope.acting(None).ok();
    let ents: HashSet<i64> = enterprise::Entity::find()
        .filter(scope.filter(enterprise::Column::Id))
        .all(txn)
        .await?
        .into_iter()
        .map(|e| e.id)
        .collect();
    let mut rows = Vec::new();
    let mut seen_imei: HashMap<String, u64> = HashMap::new();
    let mut seen_sn: HashMap<String, u64> = HashMap::new();
    for rec in records {
        let before = errors.len();
        // The acting enterprise unless the row names another one the caller may act for.
        let ent = match (rec.get("enterpriseId"), acting) {
            (None, Some(acting)) => Some(acting),
            _ => rec.required_int::<i64>("enterpriseId", errors),
        };
        if let Some(e) = ent
            && !ents.contains(&e)
        {
            rec.reject(
                "enterpriseId",
                text!("企业 {} 不存在", "enterprise {} does not exist", e),
                errors,
            );
        }
        let imei = rec.text("imei", errors).and_then(|i| {
            check_imei(&i)
                .map_err(|e| rec.reject("imei", e.into_text(), errors))
                .ok()
        });
        let sn = check_sn(rec.get("sn").unwrap_or_default())
            .map_err(|e| rec.reject("sn", e.into_text(), errors))
            .ok()
            .flatten();
        let iccid = check_iccid(rec.get("iccid").unwrap_or_default())
            .map_err(|e| rec.reject("iccid", e.into_text(), errors))
            .ok();
        let kind = rec.int::<i16>("kind", KIND_RECEIVER, errors);
        if let Some(k) = kind
            && !matches!(k, KIND_RECEIVER | KIND_REPEATER)
        {
            rec.reject(
                "kind",
                text!(
                    "须为 0（接收器）或 1（中继器）",
                    "must be 0 (receiver) or 1 (repeater)"
                ),
                errors,
            );
        }
        let parent_imei = rec.get("parentImei").map(str::to_owned);
        if kind == Some(KIND_REPEATER) && parent_imei.is_none() {
            rec.reject(
                "parentImei",
                text!("中继器须指定上级接收器", "a repeater needs its receiver"),
                errors,
            );
        }
        if let Some(i) = &imei
            && let Some(first) = seen_imei.insert(i.clone(), rec.row)
        {
            rec.reject(
                "imei",
                text!("imei {} 与第 {} 行重复", "imei {} repeats row {}", i, first),
                errors,
            );
        }
        if let Some(s) = &sn
            && let Some(first) = seen_sn.insert(s.clone(), rec.row)
        {
            rec.reject(
                "sn",
                text!("sn {} 与第 {} 行重复", "sn {} repeats row {}", s, first),
                errors,
            );
        }
        if errors.len() > before {
            continue;
        }
        if let (Some(ent), Some(imei), Some(iccid), Some(kind)) = (ent, imei, iccid, kind) {
            rows.push((
                rec,
                Row {
                    ent,
                    imei,
                    sn,
                    part_no: rec
                        .get("partNo")
                        .unwrap_or_default()
                        .chars()
                        .take(32)
                        .collect(),
                    version: rec
                        .get("version")
                        .unwrap_or_default()
                        .chars()
                        .take(32)
                        .collect(),
                    iccid,
                    kind,
                    parent_imei,
                },
            ));
        }
    }
    check_against_database(txn, &rows, errors).await?;
    Ok(rows.into_iter().map(|(_, r)| r).collect())
}

/// Imeis and serial numbers already registered, and parents that are not receivers of the
/// row's enterprise.
async fn check_against_database(
    txn: &DatabaseTransaction,
    rows: &[(&Record, Row)],
    errors: &mut Vec<RowError>,
) -> Result<(), sea_orm::DbErr> {
    let imeis: Vec<String> = rows.iter().map(|(_, r)| r.imei.clone()).collect();
    let sns: Vec<String> = rows.iter().filter_map(|(_, r)| r.sn.clone()).collect();
    let parents: Vec<String> = rows
        .iter()
        .filter_map(|(_, r)| r.parent_imei.clone())
        .collect();
    let existing = device::Entity::find()
        .filter(
            Condition::any()
                .add(device::Column::Imei.is_in(imeis.iter().chain(&parents).cloned()))
                .add(device::Column::Sn.is_in(sns)),
        )
        .all(txn)
        .await?;
    let in_file: HashMap<&str, &Row> = rows.iter().map(|(_, r)| (r.imei.as_str(), r)).collect();
    for (rec, row) in rows {
        if existing.iter().any(|d| d.imei == row.imei) {
            rec.reject(
                "imei",
                text!("imei {} 已存在", "imei {} already exists", row.imei),
                errors,
            );
        }
        if let Some(sn) = &row.sn
            && existing.iter().any(|d| d.sn.as_deref() == Some(sn))
        {
            rec.reject(
                "sn",
                text!("sn {} 已存在", "sn {} already exists", sn),
                errors,
            );
        }
        if let Some(p) = &row.parent_imei {
            let receiver = |ent: i64, kind: i16| ent == row.ent && kind == KIND_RECEIVER;
            let ok = in_file
                .get(p.as_str())
                .is_some_and(|r| receiver(r.ent, r.kind))
                || existing
                    .iter()
                    .any(|d| &d.imei == p && receiver(d.enterprise_id, d.kind));
            if row.kind == KIND_REPEATER && !ok {
                rec.reject(
                    "parentImei",
                    text!(
                        "{} 不是同一企业的接收器",
                        "{} is not a receiver of the same enterprise",
                        p
                    ),
                    errors,
                );
            }
        }
    }
    Ok(())
}

async fn insert(txn: &DatabaseTransaction, mut rows: Vec<Row>) -> Result<u64, sea_orm::DbErr> {
    // Receivers first, so repeaters find their parent.
    rows.sort_by_key(|r| r.kind);
    let now = Utc::now();
    let mut ids: HashMap<String, i64> = HashMap::new();
    let mut written = 0;
    for row in rows {
        let parent_id = match (row.kind, &row.parent_imei) {
            (KIND_REPEATER, Some(p)) => match ids.get(p) {
                Some(id) => Some(*id),
                None => device::Entity::find()
                    .filter(device::Column::Imei.eq(p.clone()))
                    .one(txn)
                    .await?
                    .map(|d| d.id),
            },
            _ => None,
        };
        let saved = device::ActiveModel {
            enterprise_id: Set(row.ent),
            vehicle_id: Set(None),
            parent_id: Set(parent_id),
            kind: Set(row.kind),
            imei: Set(row.imei.clone()),
            sn: Set(row.sn),
            part_no: Set(row.part_no),
            model_id: Set(None),
            version: Set(row.version),
            iccid: Set(row.iccid),
            heartbeat_at: Set(None),
            online: Set(false),
            remark: Set(String::new()),
            created_at: Set(now),
            updated_at: Set(now),
            ..Default::default()
        }
        .insert(txn)
        .await?;
        announce(Change::Devices(vec![row.imei.clone()]));
        ids.insert(row.imei, saved.id);
        written += 1;
    }
    announce(Change::Repeaters);
    Ok(written)
}
