//! Files: the list, uploads (signed-in and by grant), upload grants and serving stored uploads.

use super::IdBody;
use crate::extract::{ApiJson, ApiQuery, CurrentUser};
use crate::routes::declare::Declare;
use crate::state::AppState;
use axum::body::Body;
use axum::extract::multipart::{Field, MultipartError, MultipartRejection};
use axum::extract::{DefaultBodyLimit, Multipart, Path, Request, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::{Extension, Router};
use chrono::{DateTime, Utc};
use domain::files::{self, FileStore, Incoming, UPLOAD_CALL, UploadGrant};
use domain::session::SessionState;
use entities::sys_file;
use kernel::error::{ApiOk, ApiResult, AppError, Envelope};
use kernel::paging::{PageQuery, PageResult};
use kernel::text;
use serde::{Deserialize, Serialize};
use serde_json::json;
use tower::ServiceExt as _;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router() -> OpenApiRouter<AppState> {
    // Uploads enforce their own limit (`uploads.max_bytes`) while streaming.
    let uploads = OpenApiRouter::new()
        .open(routes!(uploading))
        .write(routes!(upload_file))
        .layer(DefaultBodyLimit::disable());
    OpenApiRouter::new()
        .read(routes!(list_files))
        .write(routes!(delete_file))
        .read(routes!(upload_grant))
        .merge(uploads)
}

/// `GET /uploads/YYYY/MM/<uuid>.<ext>`: locally stored files (outside `/api`).
pub fn uploads() -> Router<AppState> {
    Router::new().route("/uploads/{*key}", axum::routing::get(serve_upload))
}

// ---- files ----

#[derive(Serialize, ToSchema)]
pub struct FileOut {
    #[serde(rename = "ID")]
    id: i64,
    #[serde(rename = "CreatedAt")]
    created_at: DateTime<Utc>,
    #[serde(rename = "UpdatedAt")]
    updated_at: DateTime<Utc>,
    /// The name the client gave (metadata only).
    name: String,
    #[serde(rename = "classId")]
    class_id: i64,
    /// Where to fetch it: `/uploads/YYYY/MM/<uuid>.<ext>` (local store) or the S3 address.
    url: String,
    /// Extension.
    tag: String,
    /// Storage key `YYYY/MM/<uuid>.<ext>`.
    key: String,
    size: i64,
    mime: String,
}

impl From<sys_file::Model> for FileOut {
    fn from(f: sys_file::Model) -> Self {
        Self {
            id: f.id,
            created_at: f.created_at,
            updated_at: f.updated_at,
            name: f.name,
            class_id: f.class_id,
            url: f.url,
            tag: f.tag,
            key: f.key,
            size: f.size,
            mime: f.mime,
        }
    }
}

#[derive(Deserialize, ToSchema)]
pub struct FileListBody {
    #[serde(flatten)]
    page: PageQuery,
    /// Part of the file name.
    #[serde(default)]
    keyword: Option<String>,
    /// Only this class (0 or absent: all).
    #[serde(rename = "classId", default)]
    class_id: Option<i64>,
}

/// One page of uploaded files, newest first.
#[utoipa::path(post, path = "/fileUploadAndDownload/getFileList", tag = "system",
    security(("x-token" = [])), request_body = FileListBody,
    responses((status = 200, body = Envelope<PageResult<FileOut>>)))]
async fn list_files(
    State(state): State<AppState>,
    ApiJson(req): ApiJson<FileListBody>,
) -> ApiResult<PageResult<FileOut>> {
    Ok(ApiOk(
        FileStore::list(
            &state.db,
            req.keyword.as_deref(),
            req.class_id,
            req.page,
            FileOut::from,
        )
        .await?,
    ))
}

/// Deletes an uploaded file: its record and the stored object.
#[utoipa::path(delete, path = "/fileUploadAndDownload/deleteFile", tag = "system",
    security(("x-token" = [])), request_body = IdBody,
    responses((status = 200, body = Envelope<serde_json::Value>)))]
async fn delete_file(
    State(state): State<AppState>,
    ApiJson(req): ApiJson<IdBody>,
) -> ApiResult<serde_json::Value> {
    state.files.delete(&state.db, req.id).await?;
    Ok(ApiOk(json!({})))
}

/// The multipart form of the upload calls.
#[derive(ToSchema)]
#[allow(dead_code)]
pub struct UploadForm {
    /// The file (name with an allowed extension; content must match it).
    #[schema(value_type = String, format = Binary)]
    file: Vec<u8>,
    /// Optional class (sent before `file`).
    #[schema(rename = "classId")]
    class_id: Option<i64>,
    /// Upload grant from `GET /aliyunToken` (uploading only; before `file`), instead of a
    /// session.
    token: Option<String>,
}

pub(crate) fn form_error(err: &MultipartError) -> AppError {
    if err.status() == StatusCode::PAYLOAD_TOO_LARGE {
        return AppError::fail(text!("请求体过大", "The request body is too large"));
    }
    AppError::fail(text!(
        "无法读取上传的表单：{}",
        "Cannot read the upload form: {}",
        err.body_text()
    ))
}

pub(crate) fn not_a_form(rejection: &MultipartRejection) -> AppError {
    AppError::fail(text!(
        "请用 multipart/form-data 上传，文件放在 file 字段：{}",
        "Send multipart/form-data with the file in the `file` field: {}",
        rejection.body_text()
    ))
}

/// A file field read whole, refused once it passes `limit` bytes (`uploads.max_bytes`).
pub(crate) async fn file_bytes(mut field: Field<'_>, limit: u64) -> Result<Vec<u8>, AppError> {
    let mut bytes = Vec::new();
    while let Some(chunk) = field.chunk().await.map_err(|e| form_error(&e))? {
        if (bytes.len() + chunk.len()) as u64 > limit {
            return Err(files::too_large(limit));
        }
        bytes.extend_from_slice(&chunk);
    }
    Ok(bytes)
}

/// A short text field (at most 4 KiB).
pub(crate) async fn small_text(mut field: Field<'_>) -> Result<String, AppError> {
    let name = field.name().unwrap_or_default().to_owned();
    let mut bytes = Vec::new();
    while let Some(chunk) = field.chunk().await.map_err(|e| form_error(&e))? {
        bytes.extend_from_slice(&chunk);
        if bytes.len() > 4096 {
            return Err(AppError::fail(text!(
                "表单字段 {} 过长",
                "The form field {} is too long",
                name
            )));
        }
    }
    String::from_utf8(bytes).map_err(|_| {
        AppError::fail(text!(
            "表单字段 {} 不是 UTF-8 文本",
            "The form field {} is not UTF-8 text",
            name
        ))
    })
}

fn class_id_of(raw: &str) -> Result<i64, AppError> {
    let raw = raw.trim();
    if raw.is_empty() {
        return Ok(0);
    }
    raw.parse().map_err(|_| {
        AppError::fail(text!(
            "请求参数 classId 错误：{} 不是整数",
            "Invalid field classId: {} is not a whole number",
            raw
        ))
    })
}

/// Who may upload, and how much.
struct Uploader {
    uid: Option<i64>,
    max_bytes: u64,
}

/// A grant (checked and honoured), else the session and its policy for the uploading call.
async fn uploader(
    state: &AppState,
    session: Option<&SessionState>,
    grant: Option<&str>,
) -> Result<Uploader, AppError> {
    if let Some(token) = grant.map(str::trim).filter(|t| !t.is_empty()) {
        let claims = state.files.verify_grant(token)?;
        return Ok(Uploader {
            uid: Some(claims.uid),
            max_bytes: claims.max.min(state.files.max_bytes()),
        });
    }
    match session {
        Some(SessionState::Valid(claims)) => {
            if state
                .policies
                .allows(claims.authority_id, UPLOAD_CALL, "POST")
                .await
            {
                Ok(Uploader {
                    uid: Some(claims.uid),
                    max_bytes: state.files.max_bytes(),
                })
            } else {
                Err(AppError::fail(text!("权限不足", "Permission denied")))
            }
        }
        Some(SessionState::Rejected(text)) => Err(AppError::SignedOut(text.clone())),
        _ => Err(AppError::SignedOut(text!(
            "未登录或非法访问，请登录",
            "Not signed in; please sign in"
        ))),
    }
}

/// How an upload form's sender is judged.
enum Auth<'a> {
    /// Already judged (a call behind the policy middleware).
    Known(Uploader),
    /// Judged when the file arrives: by a grant (header, query or a `token` field), else by
    /// the session.
    Deferred {
        session: Option<&'a SessionState>,
        grant: Option<String>,
    },
}

impl Auth<'_> {
    async fn resolve(&self, state: &AppState) -> Result<Uploader, AppError> {
        match self {
            Self::Known(who) => Ok(Uploader {
                uid: who.uid,
                max_bytes: who.max_bytes,
            }),
            Self::Deferred { session, grant } => uploader(state, *session, grant.as_deref()).await,
        }
    }
}

/// Reads an upload form: optional `token` and `classId`, then `file`, which is stored.
async fn receive(
    state: &AppState,
    mut form: Multipart,
    mut auth: Auth<'_>,
) -> Result<sys_file::Model, AppError> {
    let mut class_id = 0;
    let mut saved: Option<sys_file::Model> = None;
    while let Some(mut field) = form.next_field().await.map_err(|e| form_error(&e))? {
        match field.name().unwrap_or_default() {
            "token" => {
                let token = small_text(field).await?;
                if let Auth::Deferred { grant, .. } = &mut auth {
                    *grant = Some(token);
                }
            }
            "classId" => class_id = class_id_of(&small_text(field).await?)?,
            "file" => {
                if saved.is_some() {
                    return Err(AppError::fail(text!(
                        "每次只能上传一个文件",
                        "Send one file per request"
                    )));
                }
                let who = auth.resolve(state).await?;
                let incoming = Incoming {
                    name: field.file_name().unwrap_or_default().to_owned(),
                    class_id,
                    uploaded_by: who.uid,
                    max_bytes: who.max_bytes,
                };
                saved = Some(state.files.save(&state.db, incoming, field).await?);
            }
            // Unknown fields are read and dropped.
            _ => while field.chunk().await.map_err(|e| form_error(&e))?.is_some() {},
        }
    }
    let Some(row) = saved else {
        // A stranger hears "sign in" before "send a file".
        auth.resolve(state).await?;
        return Err(AppError::fail(text!(
            "缺少文件：请把文件放在 file 字段",
            "No file: send it in the `file` field"
        )));
    };
    if row.class_id == class_id {
        Ok(row)
    } else {
        // `classId` came after the file.
        state.files.set_class(&state.db, row, class_id).await
    }
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct GrantQuery {
    /// An upload grant (instead of a session).
    #[serde(default)]
    token: Option<String>,
}

#[derive(Serialize, ToSchema)]
pub struct Uploaded {
    /// Where to fetch the file.
    url: String,
    /// The name the client gave.
    name: String,
    /// Storage key.
    key: String,
    size: i64,
    #[serde(rename = "ID")]
    id: i64,
}

/// Uploads one file (multipart `file`, optional `classId`) with a session or an upload grant
/// (`x-upload-token` header, `token` query parameter or a `token` field before `file`).
#[utoipa::path(post, path = "/web/tool/aliyun/uploading", tag = "system",
    security(("x-token" = [])), params(GrantQuery),
    request_body(content = UploadForm, content_type = "multipart/form-data"),
    responses((status = 200, body = Envelope<Uploaded>)))]
async fn uploading(
    State(state): State<AppState>,
    session: Option<Extension<SessionState>>,
    headers: HeaderMap,
    ApiQuery(q): ApiQuery<GrantQuery>,
    form: Result<Multipart, MultipartRejection>,
) -> ApiResult<Uploaded> {
    let grant = headers
        .get("x-upload-token")
        .and_then(|v| v.to_str().ok())
        .map(str::to_owned)
        .or(q.token);
    let session = session.map(|Extension(s)| s);
    let form = match form {
        Ok(form) => form,
        Err(rejection) => {
            // Tell a stranger to sign in before telling them how to send a form.
            uploader(&state, session.as_ref(), grant.as_deref()).await?;
            return Err(not_a_form(&rejection));
        }
    };
    let auth = Auth::Deferred {
        session: session.as_ref(),
        grant,
    };
    let row = receive(&state, form, auth).await?;
    Ok(ApiOk(Uploaded {
        url: row.url,
        name: row.name,
        key: row.key,
        size: row.size,
        id: row.id,
    }))
}

#[derive(Serialize, ToSchema)]
pub struct UploadedFile {
    file: FileOut,
}

/// Uploads one file (multipart `file`, optional `classId`) and records it.
#[utoipa::path(post, path = "/fileUploadAndDownload/upload", tag = "system",
    security(("x-token" = [])),
    request_body(content = UploadForm, content_type = "multipart/form-data"),
    responses((status = 200, body = Envelope<UploadedFile>)))]
async fn upload_file(
    State(state): State<AppState>,
    CurrentUser(me): CurrentUser,
    form: Result<Multipart, MultipartRejection>,
) -> ApiResult<UploadedFile> {
    let form = form.map_err(|r| not_a_form(&r))?;
    // The policy middleware has judged the session already.
    let auth = Auth::Known(Uploader {
        uid: Some(me.uid),
        max_bytes: state.files.max_bytes(),
    });
    let row = receive(&state, form, auth).await?;
    Ok(ApiOk(UploadedFile { file: row.into() }))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct UploadGrantQuery {
    /// S3 store: the extension of the object the URL will write (default `bin`).
    #[serde(default)]
    ext: Option<String>,
}

/// What a browser needs to upload directly: for the local store a short-lived signed grant
/// for `/web/tool/aliyun/uploading`; for an S3 store a presigned PUT URL.
#[utoipa::path(get, path = "/aliyunToken", tag = "session",
    security(("x-token" = [])), params(UploadGrantQuery),
    responses((status = 200, body = Envelope<UploadGrant>)))]
async fn upload_grant(
    State(state): State<AppState>,
    CurrentUser(me): CurrentUser,
    ApiQuery(q): ApiQuery<UploadGrantQuery>,
) -> ApiResult<UploadGrant> {
    let ext = q.ext.as_deref().map(|e| e.trim().trim_start_matches('.'));
    Ok(ApiOk(
        state.files.grant(me.uid, ext.filter(|e| !e.is_empty()))?,
    ))
}

// ---- serving uploads ----

/// RFC 5987 `filename*` value.
fn rfc5987(name: &str) -> String {
    let mut out = String::from("UTF-8''");
    for b in name.bytes() {
        if b.is_ascii_alphanumeric() || b"!#$&+-.^_`|~".contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

pub(crate) fn disposition(name: &str, inline: bool) -> String {
    let ascii: String = name
        .chars()
        .map(|c| {
            if c.is_ascii_graphic() && c != '"' && c != '\\' || c == ' ' {
                c
            } else {
                '_'
            }
        })
        .collect();
    let kind = if inline { "inline" } else { "attachment" };
    format!("{kind}; filename=\"{ascii}\"; filename*={}", rfc5987(name))
}

async fn serve_upload(
    State(state): State<AppState>,
    Path(key): Path<String>,
    req: Request,
) -> Response {
    let found = match state.files.local_file(&state.db, &key).await {
        Ok(found) => found,
        Err(err) => return err.into_response(),
    };
    let Some((path, row)) = found else {
        return (StatusCode::NOT_FOUND, "Not Found").into_response();
    };
    let served = match tower_http::services::ServeFile::new(path)
        .oneshot(req)
        .await
    {
        Ok(res) => res,
        Err(never) => match never {},
    };
    let mut res = served.map(Body::new);
    if res.status() == StatusCode::NOT_FOUND {
        return (StatusCode::NOT_FOUND, "Not Found").into_response();
    }
    let h = res.headers_mut();
    if let Ok(mime) = HeaderValue::from_str(&row.mime) {
        h.insert(header::CONTENT_TYPE, mime);
    }
    if let Ok(value) = HeaderValue::from_str(&disposition(&row.name, files::is_image(&row.tag))) {
        h.insert(header::CONTENT_DISPOSITION, value);
    }
    h.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    h.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static("default-src 'none'; img-src 'self'; sandbox"),
    );
    h.insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static("public, max-age=31536000, immutable"),
    );
    res
}
