use sea_orm::entity::prelude::*;
use serde::Serialize;

/// An uploaded file. The stored object has a generated name (`key`); the name the client
/// gave is kept only here, as metadata.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel, Serialize)]
#[sea_orm(table_name = "sys_files")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    /// The client's file name (base name only, control characters removed).
    pub name: String,
    pub class_id: i64,
    /// Where the file is fetched: `/uploads/<key>` for the local store, the public URL for S3.
    pub url: String,
    /// The extension, lower case.
    pub tag: String,
    /// Storage key: `YYYY/MM/<uuid>.<ext>`.
    #[sea_orm(unique)]
    pub key: String,
    pub size: i64,
    pub mime: String,
    /// `local` or `s3`.
    pub store: String,
    pub uploaded_by: Option<i64>,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
