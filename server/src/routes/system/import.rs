//! CSV/XLSX import of records through the importer registry.

use super::files::{file_bytes, form_error, not_a_form, small_text};
use crate::extract::{ApiJson, Tenant};
use crate::routes::declare::Declare;
use crate::state::AppState;
use axum::extract::{DefaultBodyLimit, FromRequest, Multipart, Request, State};
use axum::http::header;
use domain::import::{self, ImportReport};
use kernel::error::{ApiOk, ApiResult, AppError, Envelope};
use kernel::text;
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router() -> OpenApiRouter<AppState> {
    // Imports enforce their own limit (`uploads.max_bytes`) while streaming.
    OpenApiRouter::new()
        .write(routes!(import_csv))
        .layer(DefaultBodyLimit::disable())
}

// ---- CSV import ----

#[derive(Deserialize, ToSchema)]
pub struct ImportJson {
    /// The target, e.g. `sys_dictionary_details` or `sys_apis`.
    table: String,
    /// The CSV text (header row first).
    content: String,
}

/// The multipart form of the import.
#[derive(ToSchema)]
#[allow(dead_code)]
pub struct ImportForm {
    table: String,
    #[schema(value_type = String, format = Binary)]
    file: Vec<u8>,
}

/// Imports a CSV or XLSX file (first worksheet) into a table (`sys_dictionary_details`,
/// `sys_apis`, `vehicles`, `drivers`; tenant rows within the caller's scope): every row is
/// checked first; with any error nothing is written and the answer is code 7 with
/// `[{row, column, message}]` in `data`.
#[utoipa::path(post, path = "/web/tool/csv", tag = "system",
    security(("x-token" = [])),
    request_body(content(
        (ImportJson = "application/json"),
        (ImportForm = "multipart/form-data"),
    )),
    responses((status = 200, body = Envelope<ImportReport>)))]
async fn import_csv(
    State(state): State<AppState>,
    Tenant(scope): Tenant,
    req: Request,
) -> ApiResult<ImportReport> {
    let multipart = req
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("multipart/"));
    let (table, content) = if multipart {
        let mut form = Multipart::from_request(req, &state)
            .await
            .map_err(|r| not_a_form(&r))?;
        let mut table = None;
        let mut content = None;
        let limit = state.files.max_bytes();
        while let Some(mut field) = form.next_field().await.map_err(|e| form_error(&e))? {
            match field.name().unwrap_or_default() {
                "table" => table = Some(small_text(field).await?),
                "file" => content = Some(file_bytes(field, limit).await?),
                _ => while field.chunk().await.map_err(|e| form_error(&e))?.is_some() {},
            }
        }
        let table = table.ok_or_else(|| {
            AppError::fail(text!("缺少 table 字段", "The table field is missing"))
        })?;
        let content = content.ok_or_else(|| {
            AppError::fail(text!(
                "缺少文件：请把 CSV 放在 file 字段",
                "No file: send the CSV in the `file` field"
            ))
        })?;
        (table, content)
    } else {
        // The route lifts the body limit for files; a JSON import keeps the general one.
        let limit = state.cfg.body_limit;
        let req = req.map(|b| axum::body::Body::new(http_body_util::Limited::new(b, limit)));
        let ApiJson(body) = ApiJson::<ImportJson>::from_request(req, &state).await?;
        (body.table, body.content.into_bytes())
    };
    Ok(ApiOk(
        import::run(&state.db, &scope, &table, &content).await?,
    ))
}
