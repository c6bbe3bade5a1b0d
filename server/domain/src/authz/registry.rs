//! The registry of calls: every route the server registers, with its kind, kept in the `apis` table.

use super::{CallKind, kind_of};
use chrono::Utc;
use entities::sys_api;
use sea_orm::sea_query::OnConflict;
use sea_orm::{ConnectionTrait, EntityTrait, Set};

/// A call the API registry knows.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub struct ApiEntry {
    pub path: String,
    pub method: String,
    pub group: String,
    pub description: String,
    /// The declared kind; `None` for a catalogue call the server does not serve yet.
    pub kind: Option<CallKind>,
}

/// Every call of the spec's catalogue plus every call the code documents, by (path, method).
pub fn registry(openapi: &utoipa::openapi::OpenApi) -> Vec<ApiEntry> {
    let mut entries = std::collections::BTreeMap::new();
    for line in include_str!("../api-catalogue.tsv").lines() {
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
                    kind: None,
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
                    kind: None,
                });
            entry.description = description;
            entry.kind = kind_of(op);
            if entry.group.is_empty() {
                entry.group = group;
            }
        }
    }
    entries.into_values().collect()
}

pub(super) fn operations(
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
            kind: Set(e.kind.map(|k| k.as_str().to_owned())),
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
