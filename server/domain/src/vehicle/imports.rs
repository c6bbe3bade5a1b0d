//! Import targets of the vehicle area: `vehicles` and `drivers` (CSV or XLSX, see
//! [`crate::tabular`]). Rows are checked against the caller's scope; the enterprise
//! column takes an id or an exact name (default: the acting enterprise).

use std::collections::{BTreeSet, HashMap};

use chrono::Utc;
use entities::{driver, enterprise, enterprise_group_vehicle, group, vehicle};
use futures::future::BoxFuture;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, Condition, DatabaseTransaction, EntityTrait, QueryFilter, Set,
};

use super::records::{self, layout_positions, normalize_plate, parse_layout};
use crate::scope::Scope;
use crate::tabular::{
    Col, ImportError, Importer, Record, RowError, insert_all, insert_checked, no_row_refused,
};
use kernel::changes::{Change, announce};
use kernel::text;

const ENTERPRISE: &str = "enterprise";

/// The enterprises the file names (by id or exact name) that the scope may act for.
async fn enterprises(
    txn: &DatabaseTransaction,
    scope: &Scope,
    records: &[Record],
) -> Result<(HashMap<i64, i64>, HashMap<String, i64>), ImportError> {
    let named: BTreeSet<String> = records
        .iter()
        .filter_map(|r| r.get(ENTERPRISE).map(str::to_owned))
        .collect();
    let ids: BTreeSet<i64> = named.iter().filter_map(|n| n.parse().ok()).collect();
    let found = enterprise::Entity::find()
        .filter(scope.filter(enterprise::Column::Id))
        .filter(
            Condition::any()
                .add(enterprise::Column::Id.is_in(ids))
                .add(enterprise::Column::EntName.is_in(named)),
        )
        .all(txn)
        .await?;
    let by_id = found.iter().map(|e| (e.id, e.id)).collect();
    let by_name = found.into_iter().map(|e| (e.ent_name, e.id)).collect();
    Ok((by_id, by_name))
}

/// The enterprise of a row: the named one in scope, else the acting one.
fn row_enterprise(
    rec: &Record,
    scope: &Scope,
    known: &(HashMap<i64, i64>, HashMap<String, i64>),
    errors: &mut Vec<RowError>,
) -> Option<i64> {
    match rec.get(ENTERPRISE) {
        Some(named) => {
            let hit = named
                .parse::<i64>()
                .ok()
                .and_then(|id| known.0.get(&id))
                .or_else(|| known.1.get(named))
                .copied();
            if hit.is_none() {
                rec.reject(
                    ENTERPRISE,
                    text!("企业 {} 不存在", "No enterprise {}", named),
                    errors,
                );
            }
            hit
        }
        None => {
            if scope.enterprise_id.is_none() {
                rec.reject(
                    ENTERPRISE,
                    text!("请填写企业", "name the enterprise"),
                    errors,
                );
            }
            scope.enterprise_id
        }
    }
}

/// `vehicles`: plate (unique in the file and platform-wide), vin, kind, axleLayout, enterprise,
/// group (a group name of that enterprise), remark. Each vehicle gets its wheels and state.
pub struct Vehicles;

impl Importer for Vehicles {
    fn table(&self) -> &'static str {
        "vehicles"
    }

    fn columns(&self) -> &'static [Col] {
        const COLUMNS: &[Col] = &[
            Col::required("plate"),
            Col::optional("vin"),
            Col::optional("kind"),
            Col::optional("axleLayout"),
            Col::optional(ENTERPRISE),
            Col::optional("group"),
            Col::optional("remark"),
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
            let known = enterprises(txn, scope, records).await?;
            let plates: BTreeSet<String> = records
                .iter()
                .filter_map(|r| normalize_plate(r.get("plate")?).ok())
                .collect();
            let taken: BTreeSet<String> = vehicle::Entity::find()
                .filter(vehicle::Column::Plate.is_in(plates))
                .all(txn)
                .await?
                .into_iter()
                .map(|v| v.plate)
                .collect();
            let groups: HashMap<(i64, String), i64> = group::Entity::find()
                .filter(scope.filter(group::Column::EnterpriseId))
                .filter(
                    group::Column::Name.is_in(
                        records
                            .iter()
                            .filter_map(|r| r.get("group").map(str::to_owned))
                            .collect::<BTreeSet<_>>(),
                    ),
                )
                .all(txn)
                .await?
                .into_iter()
                .map(|g| ((g.enterprise_id, g.name), g.id))
                .collect();
            let mut in_file: HashMap<String, u64> = HashMap::new();
            let mut errors = Vec::new();
            let mut rows = Vec::new();
            for rec in records {
                let before = errors.len();
                let plate = rec.text("plate", &mut errors).and_then(|p| {
                    normalize_plate(&p)
                        .map_err(|e| rec.reject("plate", e.into_text(), &mut errors))
                        .ok()
                });
                if let Some(p) = &plate {
                    if taken.contains(p) {
                        rec.reject(
                            "plate",
                            text!("车牌 {} 已存在", "plate {} already exists", p),
                            &mut errors,
                        );
                    } else if let Some(first) = in_file.insert(p.clone(), rec.row) {
                        rec.reject(
                            "plate",
                            text!(
                                "车牌 {} 与第 {} 行重复",
                                "plate {} repeats row {}",
                                p,
                                first
                            ),
                            &mut errors,
                        );
                    }
                }
                let kind = rec.int::<i16>("kind", 0, &mut errors);
                if kind.is_some_and(|k| !(0..=3).contains(&k)) {
                    rec.reject(
                        "kind",
                        text!("须在 0 到 3 之间", "must be between 0 and 3"),
                        &mut errors,
                    );
                }
                let layout = rec.get("axleLayout").unwrap_or("2,4");
                let axles = parse_layout(layout)
                    .map_err(|e| rec.reject("axleLayout", e.into_text(), &mut errors))
                    .ok();
                let vin = rec.get("vin").unwrap_or_default().to_uppercase();
                if vin.chars().count() > 17 {
                    rec.reject(
                        "vin",
                        text!("最多 17 个字符", "has at most 17 characters"),
                        &mut errors,
                    );
                }
                let ent = row_enterprise(rec, scope, &known, &mut errors);
                let group = match (rec.get("group"), ent) {
                    (Some(name), Some(e)) => {
                        let g = groups.get(&(e, name.to_owned())).copied();
                        if g.is_none() {
                            rec.reject(
                                "group",
                                text!("企业内没有分组 {}", "no group {} in the enterprise", name),
                                &mut errors,
                            );
                        }
                        g
                    }
                    _ => None,
                };
                if errors.len() > before {
                    continue;
                }
                if let (Some(plate), Some(kind), Some(axles), Some(ent)) = (plate, kind, axles, ent)
                {
                    rows.push((plate, vin, kind, axles, ent, group, rec));
                }
            }
            no_row_refused(errors)?;
            let now = Utc::now();
            let mut placed = Vec::new();
            for (plate, vin, kind, axles, ent, group, rec) in &rows {
                let (layout, positions) = layout_positions(axles);
                let saved = vehicle::ActiveModel {
                    enterprise_id: Set(*ent),
                    plate: Set(plate.clone()),
                    vin: Set(vin.clone()),
                    kind: Set(*kind),
                    trailer_id: Set(None),
                    brand_id: Set(None),
                    series_id: Set(None),
                    class_id: Set(None),
                    device_type_id: Set(0),
                    head_img_url: Set(String::new()),
                    axle_layout: Set(layout),
                    install_state: Set(0),
                    power_supply: Set(0),
                    recharge: Set(false),
                    remark: Set(rec.get("remark").unwrap_or_default().to_owned()),
                    created_at: Set(now),
                    updated_at: Set(now),
                    ..Default::default()
                }
                .insert(txn)
                .await?;
                records::new_state(saved.id).insert(txn).await?;
                announce(Change::Vehicles(vec![saved.id]));
                records::reconcile_wheels(txn, saved.id, &positions)
                    .await
                    .map_err(|e| ImportError::Rows(vec![row_failure(rec, e)]))?;
                if let Some(g) = group {
                    placed.push(enterprise_group_vehicle::ActiveModel {
                        enterprise_id: Set(*ent),
                        vehicle_id: Set(saved.id),
                        group_id: Set(*g),
                        updated_at: Set(now),
                    });
                }
            }
            insert_all(txn, placed).await?;
            Ok(rows.len() as u64)
        })
    }
}

fn row_failure(rec: &Record, e: kernel::error::AppError) -> RowError {
    RowError {
        row: rec.row,
        column: String::new(),
        message: e.into_text(),
    }
}

/// `drivers`: name, phone, license, remark, enterprise.
pub struct Drivers;

impl Importer for Drivers {
    fn table(&self) -> &'static str {
        "drivers"
    }

    fn columns(&self) -> &'static [Col] {
        const COLUMNS: &[Col] = &[
            Col::required("name"),
            Col::optional("phone"),
            Col::optional("license"),
            Col::optional("remark"),
            Col::optional(ENTERPRISE),
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
            let known = enterprises(txn, scope, records).await?;
            let mut errors = Vec::new();
            let mut rows = Vec::new();
            let now = Utc::now();
            for rec in records {
                let before = errors.len();
                let name = rec.text("name", &mut errors);
                if name.as_ref().is_some_and(|n| n.chars().count() > 32) {
                    rec.reject(
                        "name",
                        text!("最多 32 个字符", "has at most 32 characters"),
                        &mut errors,
                    );
                }
                let phone = super::drivers::check_phone(rec.get("phone").unwrap_or_default())
                    .map_err(|e| rec.reject("phone", e.into_text(), &mut errors))
                    .ok();
                let ent = row_enterprise(rec, scope, &known, &mut errors);
                if errors.len() > before {
                    continue;
                }
                if let (Some(name), Some(phone), Some(ent)) = (name, phone, ent) {
                    rows.push(driver::ActiveModel {
                        enterprise_id: Set(ent),
                        name: Set(name),
                        phone: Set(phone),
                        license: Set(rec.get("license").unwrap_or_default().to_owned()),
                        remark: Set(rec.get("remark").unwrap_or_default().to_owned()),
                        created_at: Set(now),
                        updated_at: Set(now),
                        ..Default::default()
                    });
                }
            }
            insert_checked(txn, rows, errors).await
        })
    }
}
