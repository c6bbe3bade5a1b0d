//! Pickers: enterprises to choose from, and the catalogue of vehicle pictures.

use crate::scope::Scope;
use entities::enterprise;
use kernel::error::AppError;
use sea_orm::{ConnectionTrait, EntityTrait, QueryFilter, QueryOrder, QuerySelect};
use serde::Serialize;
use utoipa::ToSchema;

/// An enterprise for pickers.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FirmOut {
    pub ent_id: i64,
    pub ent_name: String,
    pub parent_id: Option<i64>,
}

/// searchFirms: enterprises in scope whose name contains `keyword` (at most 50).
pub async fn search_firms(
    db: &impl ConnectionTrait,
    scope: &Scope,
    keyword: &str,
) -> Result<Vec<FirmOut>, AppError> {
    let mut q = enterprise::Entity::find().filter(scope.filter(enterprise::Column::Id));
    let k = keyword.trim();
    if !k.is_empty() {
        q = q.filter(kernel::search::contains(enterprise::Column::EntName, k));
    }
    Ok(q.order_by_asc(enterprise::Column::Id)
        .limit(50)
        .all(db)
        .await?
        .into_iter()
        .map(|e| FirmOut {
            ent_id: e.id,
            ent_name: e.ent_name,
            parent_id: e.parent_id,
        })
        .collect())
}

/// A vehicle image the console picks by `deviceTypeId`.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VehiclePicture {
    pub device_type_id: i16,
    pub name: String,
    pub url: String,
}

const PICTURES: &[(&str, &str)] = &[
    ("牵引车", "tractor"),
    ("挂车", "trailer"),
    ("厢式货车", "box truck"),
    ("自卸车", "dump truck"),
    ("罐车", "tanker"),
    ("客车", "bus"),
    ("轻卡", "light truck"),
    ("冷藏车", "refrigerated truck"),
    ("搅拌车", "mixer"),
    ("平板车", "flatbed"),
    ("工程车", "engineering vehicle"),
    ("其他", "other"),
];

/// getPicture: the vehicle images by deviceTypeId, names in the request's language.
pub fn pictures() -> Vec<VehiclePicture> {
    PICTURES
        .iter()
        .enumerate()
        .map(|(i, (zh, en))| VehiclePicture {
            device_type_id: i16::try_from(i).unwrap_or_default(),
            name: kernel::i18n::Text::new(*zh, *en).current().to_owned(),
            url: format!("/img/vehicle/{i}.png"),
        })
        .collect()
}
