//! Files of a work order (uploaded through the file service, `sys_files`), its cover image and
//! the shipping of its parts.

use chrono::{DateTime, Utc};
use entities::{sys_file, work_order, work_order_link};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, DatabaseConnection, EntityTrait, QueryFilter, QueryOrder, Set,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::orders::{LINK_FILE, add_links, links};
use super::{find, find_writable, logs};
use crate::scope::Scope;
use kernel::db::write_txn;
use kernel::error::AppError;
use kernel::text;
use kernel::validate::{limited, required};

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderFile {
    pub id: i64,
    pub name: String,
    pub url: String,
    /// The extension.
    pub tag: String,
    pub size: i64,
    pub mime: String,
    pub uploaded_by: Option<i64>,
    pub created_at: DateTime<Utc>,
}

/// Files to attach to an order: ids the upload call answered.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FilesInput {
    #[serde(alias = "orderId", alias = "order_id", alias = "workId", alias = "ID")]
    pub id: i64,
    #[serde(default, alias = "file_ids", alias = "files")]
    pub file_ids: Vec<i64>,
}

/// One file to take off an order.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FileRef {
    #[serde(alias = "orderId", alias = "order_id", alias = "workId", alias = "ID")]
    pub id: i64,
    #[serde(alias = "file_id")]
    pub file_id: i64,
}

/// A new cover: a file the caller uploaded (`fileId`), or a URL.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CoverInput {
    #[serde(alias = "orderId", alias = "order_id", alias = "workId", alias = "ID")]
    pub id: i64,
    #[serde(default, alias = "file_id")]
    pub file_id: Option<i64>,
    #[serde(default, alias = "cover_url", alias = "url")]
    pub cover_url: Option<String>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Cover {
    pub id: i64,
    pub cover_url: String,
}

/// The shipping of an order's parts.
#[derive(Debug, Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Express {
    #[serde(alias = "orderId", alias = "order_id", alias = "workId", alias = "ID")]
    pub id: i64,
    #[serde(default, alias = "company", alias = "expressCompany")]
    pub carrier: String,
    #[serde(default, alias = "tracking_no", alias = "expressNo", alias = "number")]
    pub tracking_no: String,
    #[serde(default, alias = "shipped_at")]
    pub shipped_at: Option<DateTime<Utc>>,
}

fn to_file(f: sys_file::Model) -> OrderFile {
    OrderFile {
        id: f.id,
        name: f.name,
        url: f.url,
        tag: f.tag,
        size: f.size,
        mime: f.mime,
        uploaded_by: f.uploaded_by,
        created_at: f.created_at,
    }
}

async fn files_of(
    db: &impl sea_orm::ConnectionTrait,
    order_id: i64,
) -> Result<Vec<OrderFile>, AppError> {
    let ids: Vec<i64> = links(db, order_id, LINK_FILE)
        .await?
        .into_iter()
        .map(|l| l.ref_id)
        .collect();
    Ok(sys_file::Entity::find()
        .filter(sys_file::Column::Id.is_in(ids))
        .order_by_asc(sys_file::Column::Id)
        .all(db)
        .await?
        .into_iter()
        .map(to_file)
        .collect())
}

/// The files of an order the scope sees.
pub async fn list(
    db: &DatabaseConnection,
    scope: &Scope,
    id: i64,
) -> Result<Vec<OrderFile>, AppError> {
    let order = find(db, scope, id).await?;
    files_of(db, order.id).await
}

/// Files the caller uploaded (platform staff: any), else code 7 naming the others.
async fn own_files(
    db: &impl sea_orm::ConnectionTrait,
    scope: &Scope,
    field: &str,
    ids: &[i64],
) -> Result<Vec<sys_file::Model>, AppError> {
    let mut select =
        sys_file::Entity::find().filter(sys_file::Column::Id.is_in(ids.iter().copied()));
    if !scope.platform {
        select = select.filter(sys_file::Column::UploadedBy.eq(scope.user.id));
    }
    let found = select.all(db).await?;
    let missing: Vec<String> = ids
        .iter()
        .filter(|i| !found.iter().any(|f| f.id == **i))
        .map(ToString::to_string)
        .collect();
    if !missing.is_empty() {
        return Err(AppError::field(
            field,
            text!(
                "{}：文件 {} 不存在或不是你上传的",
                "{}: file {} not found or not uploaded by you",
                field,
                missing.join(", ")
            ),
        ));
    }
    Ok(found)
}

/// Attaches files the caller uploaded to an order (those already attached stay once).
pub async fn attach(
    db: &DatabaseConnection,
    scope: &Scope,
    req: FilesInput,
) -> Result<Vec<OrderFile>, AppError> {
    if req.file_ids.is_empty() || req.file_ids.len() > 50 {
        return Err(AppError::field(
            "fileIds",
            text!("fileIds 须有 1 到 50 个", "fileIds must hold 1 to 50 ids"),
        ));
    }
    let txn = write_txn(db).await?;
    let order = find_writable(&txn, scope, req.id).await?;
    own_files(&txn, scope, "fileIds", &req.file_ids).await?;
    let refs = req.file_ids.iter().map(|i| (*i, String::new())).collect();
    add_links(&txn, order.id, LINK_FILE, refs).await?;
    logs::log_change(
        &txn,
        order.id,
        scope.user.id,
        text!("添加了附件", "attached files"),
    )
    .await?;
    let out = files_of(&txn, order.id).await?;
    txn.commit().await?;
    Ok(out)
}

/// Takes a file off an order (the stored file stays with the file service).
pub async fn detach(
    db: &DatabaseConnection,
    scope: &Scope,
    req: FileRef,
) -> Result<Vec<OrderFile>, AppError> {
    let txn = write_txn(db).await?;
    let order = find_writable(&txn, scope, req.id).await?;
    let gone = work_order_link::Entity::delete_many()
        .filter(work_order_link::Column::OrderId.eq(order.id))
        .filter(work_order_link::Column::Kind.eq(LINK_FILE))
        .filter(work_order_link::Column::RefId.eq(req.file_id))
        .exec(&txn)
        .await?
        .rows_affected;
    if gone == 0 {
        return Err(AppError::field(
            "fileId",
            text!(
                "fileId：文件 {} 不在工单 {} 上",
                "fileId: file {} is not on work order {}",
                req.file_id,
                order.number
            ),
        ));
    }
    let out = files_of(&txn, order.id).await?;
    txn.commit().await?;
    Ok(out)
}

/// The cover image of an order.
pub async fn cover(db: &DatabaseConnection, scope: &Scope, id: i64) -> Result<Cover, AppError> {
    let order = find(db, scope, id).await?;
    Ok(Cover {
        id: order.id,
        cover_url: order.cover_url,
    })
}

/// Sets (or with an empty URL clears) the cover image of an order.
pub async fn set_cover(
    db: &DatabaseConnection,
    scope: &Scope,
    req: CoverInput,
) -> Result<Cover, AppError> {
    let txn = write_txn(db).await?;
    let order = find_writable(&txn, scope, req.id).await?;
    let url = match (req.file_id, req.cover_url.as_deref()) {
        (Some(f), _) => {
            let file = own_files(&txn, scope, "fileId", &[f]).await?.remove(0);
            if !crate::files::is_image(&file.tag) {
                return Err(AppError::field(
                    "fileId",
                    text!("fileId：封面须为图片", "fileId: the cover must be an image"),
                ));
            }
            file.url
        }
        (None, Some(u)) => limited("coverUrl", u, 512)?,
        (None, None) => {
            return Err(AppError::field(
                "coverUrl",
                text!("需要 coverUrl 或 fileId", "coverUrl or fileId is needed"),
            ));
        }
    };
    let mut row: work_order::ActiveModel = order.into();
    row.cover_url = Set(url);
    row.updated_at = Set(Utc::now());
    let saved = row.update(&txn).await?;
    txn.commit().await?;
    Ok(Cover {
        id: saved.id,
        cover_url: saved.cover_url,
    })
}

/// Records the shipping of an order's parts (carrier and tracking number).
pub async fn set_express(
    db: &DatabaseConnection,
    scope: &Scope,
    req: Express,
) -> Result<Express, AppError> {
    let carrier = required("carrier", &req.carrier, 64)?;
    let tracking_no = required("trackingNo", &req.tracking_no, 64)?;
    let txn = write_txn(db).await?;
    let order = find_writable(&txn, scope, req.id).await?;
    let mut row: work_order::ActiveModel = order.into();
    row.carrier = Set(carrier);
    row.tracking_no = Set(tracking_no);
    row.shipped_at = Set(Some(req.shipped_at.unwrap_or_else(Utc::now)));
    row.updated_at = Set(Utc::now());
    let saved = row.update(&txn).await?;
    logs::log_change(
        &txn,
        saved.id,
        scope.user.id,
        text!(
            "配件已发货：{} {}",
            "parts shipped: {} {}",
            saved.carrier,
            saved.tracking_no
        ),
    )
    .await?;
    txn.commit().await?;
    Ok(Express {
        id: saved.id,
        carrier: saved.carrier,
        tracking_no: saved.tracking_no,
        shipped_at: saved.shipped_at,
    })
}
