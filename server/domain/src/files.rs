//! Uploaded files: checks (size, extension, leading bytes), storage (the local data dir or an
//! S3-compatible bucket), records in `sys_files`, and upload grants.
//!
//! The client's file name is never used for storage: every object is stored as
//! `YYYY/MM/<uuid>.<ext>` and the original name is kept only as metadata.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use bytes::Bytes;
use chrono::{Datelike as _, Utc};
use entities::sys_file;
use futures::{Stream, StreamExt as _};
use hmac::{Hmac, Mac};
use rusty_s3::S3Action as _;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, DatabaseConnection, EntityTrait, QueryFilter, QueryOrder, Set,
};
use secrecy::ExposeSecret;
use serde::{Deserialize, Serialize};
use sha2::Sha256;
use tokio::io::AsyncWriteExt as _;
use utoipa::ToSchema;

use kernel::config::{Config, StoreKind};
use kernel::error::AppError;
use kernel::i18n::Text;
use kernel::paging::{self, PageQuery, PageResult};
use kernel::text;

/// Bytes kept from the start of a file for the content check.
const HEAD_BYTES: usize = 64 * 1024;
/// An oversized upload is read on up to this much (or four times the limit) before refusing.
const DRAIN_MIN: u64 = 64 * 1024 * 1024;
/// The call an upload grant is good for.
pub const UPLOAD_CALL: &str = "/api/web/tool/aliyun/uploading";

/// How the content of a file with a given extension is checked.
#[derive(Clone, Copy)]
enum Check {
    /// The leading bytes must be recognised as one of these formats (`infer` names).
    Magic(&'static [&'static str]),
    /// UTF-8 text without NUL bytes that is not a recognised format (HTML, XML, scripts…).
    Text,
    /// Anything but a recognised image, document, text markup, media file or font: firmware
    /// images have no common signature, but must not be another allowed type in disguise.
    Opaque,
}

/// (extensions, MIME type, check)
const KINDS: &[(&[&str], &str, Check)] = &[
    (&["jpg", "jpeg"], "image/jpeg", Check::Magic(&["jpg"])),
    (&["png"], "image/png", Check::Magic(&["png"])),
    (&["gif"], "image/gif", Check::Magic(&["gif"])),
    (&["webp"], "image/webp", Check::Magic(&["webp"])),
    (&["bmp"], "image/bmp", Check::Magic(&["bmp"])),
    (&["pdf"], "application/pdf", Check::Magic(&["pdf"])),
    (
        &["xlsx"],
        "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        // An .xlsx is a ZIP container; not every writer orders its entries the way `infer`
        // needs to name it xlsx, so a plain ZIP signature is accepted too.
        Check::Magic(&["xlsx", "zip"]),
    ),
    (&["csv"], "text/csv", Check::Text),
    (&["bin"], "application/octet-stream", Check::Opaque),
];

fn kind_of(ext: &str) -> (&'static str, Check) {
    KINDS.iter().find(|(exts, ..)| exts.contains(&ext)).map_or(
        ("application/octet-stream", Check::Opaque),
        |(_, mime, check)| (*mime, *check),
    )
}

/// Whether the extension names an image (served inline rather than as a download).
pub fn is_image(ext: &str) -> bool {
    matches!(ext, "jpg" | "jpeg" | "png" | "gif" | "webp" | "bmp")
}

/// `1.5 MiB`, `20 MiB`, `512 KiB`, `100 bytes`.
pub fn human_size(bytes: u64) -> String {
    const KIB: u64 = 1024;
    const MIB: u64 = 1024 * 1024;
    let (unit, name) = if bytes >= MIB {
        (MIB, "MiB")
    } else if bytes >= KIB {
        (KIB, "KiB")
    } else {
        return format!("{bytes} bytes");
    };
    let tenths = bytes * 10 / unit;
    if tenths.is_multiple_of(10) {
        format!("{} {name}", tenths / 10)
    } else {
        format!("{}.{} {name}", tenths / 10, tenths % 10)
    }
}

pub fn too_large(limit: u64) -> AppError {
    AppError::fail(text!(
        "文件超过大小上限 {}（{} 字节）",
        "The file exceeds the size limit of {} ({} bytes)",
        human_size(limit),
        limit
    ))
}

/// Checks the leading bytes against the extension; answers the MIME type to record.
fn check_content(ext: &str, head: &[u8], has_nul: bool) -> Result<&'static str, Text> {
    let (mime, check) = kind_of(ext);
    let found = infer::get(head);
    let found_name = found.map_or("unknown", |t| t.extension());
    let mismatch = || {
        text!(
            "文件内容与扩展名 .{} 不符（内容识别为 {}）",
            "The file content does not match its extension .{} (the content looks like {})",
            ext,
            found_name
        )
    };
    match check {
        Check::Magic(names) => {
            if found.is_some_and(|t| names.contains(&t.extension())) {
                Ok(mime)
            } else {
                Err(mismatch())
            }
        }
        Check::Text => {
            let body = head.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(head);
            let utf8 = match std::str::from_utf8(body) {
                Ok(_) => true,
                // Cut in the middle of a character at the end of the head: still text.
                Err(e) => e.error_len().is_none(),
            };
            if has_nul || !utf8 {
                let found_name = if found.is_some() {
                    found_name
                } else {
                    "binary"
                };
                return Err(text!(
                    "文件内容与扩展名 .{} 不符（内容识别为 {}）",
                    "The file content does not match its extension .{} (the content looks like {})",
                    ext,
                    found_name
                ));
            }
            // Other signatures on clean text are coincidences (a CSV starting "BM…").
            if found.is_some_and(|t| {
                t.matcher_type() == infer::MatcherType::Text || t.extension() == "pdf"
            }) {
                return Err(mismatch());
            }
            Ok(mime)
        }
        Check::Opaque => {
            use infer::MatcherType as M;
            let disguised = found.is_some_and(|t| {
                // A BMP signature is two bytes: too weak to call firmware a bitmap.
                t.extension() == "pdf"
                    || (t.extension() != "bmp"
                        && matches!(
                            t.matcher_type(),
                            M::Image | M::Doc | M::Book | M::Text | M::Audio | M::Video | M::Font
                        ))
            });
            if disguised { Err(mismatch()) } else { Ok(mime) }
        }
    }
}

/// The client's name reduced to a safe display name: the part after the last `/` or `\`,
/// without control characters, at most 200 characters.
pub fn display_name(raw: &str) -> String {
    let base = raw.rsplit(['/', '\\']).next().unwrap_or_default();
    let cleaned: String = base.chars().filter(|c| !c.is_control()).take(200).collect();
    let cleaned = cleaned.trim().trim_start_matches('.').trim().to_owned();
    if cleaned.is_empty() {
        "file".to_owned()
    } else {
        cleaned
    }
}

/// The lower-case extension of a display name, if any.
fn extension(name: &str) -> Option<String> {
    let (_, ext) = name.rsplit_once('.')?;
    let ext = ext.trim().to_ascii_lowercase();
    (!ext.is_empty() && ext.len() <= 10 && ext.chars().all(|c| c.is_ascii_alphanumeric()))
        .then_some(ext)
}

/// A storage key is exactly `YYYY/MM/<uuid>.<ext>`; anything else (`..`, absolute paths,
/// other names) is refused before the file system is touched.
pub fn valid_key(key: &str) -> bool {
    let parts: Vec<&str> = key.split('/').collect();
    let [year, month, file] = parts[..] else {
        return false;
    };
    let digits = |s: &str, n: usize| s.len() == n && s.bytes().all(|b| b.is_ascii_digit());
    let Some((stem, ext)) = file.split_once('.') else {
        return false;
    };
    digits(year, 4)
        && digits(month, 2)
        && stem.len() == 36
        && uuid::Uuid::try_parse(stem).is_ok()
        && !ext.is_empty()
        && ext.len() <= 10
        && ext
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
}

/// What a grant allows, signed into its token.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct GrantClaims {
    /// The user it was issued to.
    pub uid: i64,
    /// Unix seconds.
    pub exp: i64,
    /// Largest file, bytes.
    pub max: u64,
}

/// What a browser needs to upload without going through the console's own upload call.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UploadGrant {
    /// `local` (this server) or `s3` (the bucket directly).
    pub provider: &'static str,
    /// Local: `POST` multipart here (field `file`) with the token in the `x-upload-token`
    /// header, the `token` query parameter or a `token` field before `file`. S3: a
    /// presigned `PUT` URL for one object.
    pub upload_url: String,
    /// `POST` (local) or `PUT` (S3).
    pub method: &'static str,
    /// Milliseconds since the epoch.
    pub expire_at: i64,
    pub max_bytes: u64,
    /// Accepted extensions.
    pub allowed_types: Vec<String>,
    /// The signed grant (local); empty for S3, whose URL carries its own signature.
    pub token: String,
    /// S3: the object key the URL writes.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub key: Option<String>,
    /// S3: where the object is read from once written.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub url: Option<String>,
}

struct S3Store {
    bucket: rusty_s3::Bucket,
    credentials: rusty_s3::Credentials,
    public_base: Option<String>,
    client: reqwest::Client,
}

impl S3Store {
    fn from_config(cfg: &Config) -> anyhow::Result<Self> {
        let s3 = &cfg.uploads.s3;
        let need = |v: Option<&str>, name: &str| {
            v.map(str::trim)
                .filter(|v| !v.is_empty())
                .map(str::to_owned)
                .ok_or_else(|| anyhow::anyhow!("uploads.store = \"s3\" needs uploads.s3.{name}"))
        };
        let endpoint = need(s3.endpoint.as_deref(), "endpoint")?;
        let bucket = need(s3.bucket.as_deref(), "bucket")?;
        let key = need(s3.access_key.as_deref(), "access_key")?;
        let secret = need(
            s3.secret_key.as_ref().map(ExposeSecret::expose_secret),
            "secret_key",
        )?;
        let style = if s3.path_style {
            rusty_s3::UrlStyle::Path
        } else {
            rusty_s3::UrlStyle::VirtualHost
        };
        let endpoint: reqwest::Url = endpoint
            .parse()
            .map_err(|e| anyhow::anyhow!("uploads.s3.endpoint: {e}"))?;
        let bucket = rusty_s3::Bucket::new(endpoint, style, bucket, s3.region.clone())
            .map_err(|e| anyhow::anyhow!("uploads.s3: {e}"))?;
        Ok(Self {
            bucket,
            credentials: rusty_s3::Credentials::new(key, secret),
            public_base: s3
                .public_url
                .as_deref()
                .map(|u| u.trim().trim_end_matches('/').to_owned())
                .filter(|u| !u.is_empty()),
            client: reqwest::Client::builder()
                .timeout(Duration::from_secs(120))
                .build()?,
        })
    }

    fn public_url(&self, key: &str) -> String {
        self.public_base.as_ref().map_or_else(
            || self.bucket.object_url(key).to_string(),
            |base| format!("{base}/{key}"),
        )
    }

    fn put_url(&self, key: &str, ttl: Duration) -> reqwest::Url {
        self.bucket
            .put_object(Some(&self.credentials), key)
            .sign(ttl)
    }

    async fn put(&self, key: &str, mime: &str, body: Vec<u8>) -> anyhow::Result<()> {
        let url = self.put_url(key, Duration::from_secs(300));
        self.client
            .put(url)
            .header(reqwest::header::CONTENT_TYPE, mime)
            .header(reqwest::header::CONTENT_LENGTH, body.len())
            .body(body)
            .send()
            .await?
            .error_for_status()?;
        Ok(())
    }

    async fn delete(&self, key: &str) -> anyhow::Result<()> {
        let url = self
            .bucket
            .delete_object(Some(&self.credentials), key)
            .sign(Duration::from_secs(300));
        self.client.delete(url).send().await?.error_for_status()?;
        Ok(())
    }
}

enum Backend {
    Local,
    S3(Box<S3Store>),
}

struct Inner {
    root: PathBuf,
    max_bytes: u64,
    allowed: Vec<String>,
    grant_key: Vec<u8>,
    grant_ttl: Duration,
    backend: Backend,
}

/// The upload store; cheap to clone.
#[derive(Clone)]
pub struct FileStore {
    inner: Arc<Inner>,
}

/// A file on its way in.
pub struct Incoming {
    /// The name the client sent (only kept as metadata).
    pub name: String,
    pub class_id: i64,
    pub uploaded_by: Option<i64>,
    /// The limit for this upload (a grant may lower the configured one).
    pub max_bytes: u64,
}

/// Removes a partly written file unless it was kept.
struct Partial {
    path: PathBuf,
    keep: bool,
}

impl Drop for Partial {
    fn drop(&mut self) {
        if !self.keep {
            let _ = std::fs::remove_file(&self.path);
        }
    }
}

impl FileStore {
    /// `secret` is the install's signing secret; grants are signed with a key derived from it.
    ///
    /// # Errors
    /// When the S3 store is chosen but not fully configured.
    pub fn new(cfg: &Config, secret: &[u8]) -> anyhow::Result<Self> {
        let backend = match cfg.uploads.store {
            StoreKind::Local => Backend::Local,
            StoreKind::S3 => Backend::S3(Box::new(S3Store::from_config(cfg)?)),
        };
        let mut mac = <Hmac<Sha256> as Mac>::new_from_slice(secret)
            .map_err(|e| anyhow::anyhow!("upload grant key: {e}"))?;
        mac.update(b"wheelend upload grant v1");
        Ok(Self {
            inner: Arc::new(Inner {
                root: cfg.data_dir.join("uploads"),
                max_bytes: cfg.uploads.max_bytes,
                allowed: cfg.uploads.allowed_types.clone(),
                grant_key: mac.finalize().into_bytes().to_vec(),
                grant_ttl: Duration::from_secs(cfg.uploads.grant_ttl_secs.max(1)),
                backend,
            }),
        })
    }

    pub fn max_bytes(&self) -> u64 {
        self.inner.max_bytes
    }

    pub fn allowed_types(&self) -> &[String] {
        &self.inner.allowed
    }

    pub fn root(&self) -> &Path {
        &self.inner.root
    }

    fn store_name(&self) -> &'static str {
        match self.inner.backend {
            Backend::Local => "local",
            Backend::S3(_) => "s3",
        }
    }

    fn check_extension(&self, name: &str) -> Result<String, AppError> {
        let allowed = || self.inner.allowed.join(", ");
        let ext = extension(name).ok_or_else(|| {
            AppError::fail(text!(
                "文件 {} 没有扩展名；允许的类型：{}",
                "The file {} has no extension; allowed types: {}",
                name,
                allowed()
            ))
        })?;
        if !self.inner.allowed.contains(&ext) {
            return Err(AppError::fail(text!(
                "不允许上传 .{} 文件；允许的类型：{}",
                "Files of type .{} are not accepted; allowed types: {}",
                ext,
                allowed()
            )));
        }
        Ok(ext)
    }

    /// Streams a file to a temporary place while counting and keeping its head, checks it,
    /// moves it into the store and records it.
    ///
    /// # Errors
    /// Code 7 for files that are too large, empty, of a refused type or whose content does
    /// not match the extension; nothing is kept then.
    pub async fn save<S, E>(
        &self,
        db: &DatabaseConnection,
        incoming: Incoming,
        mut data: S,
    ) -> Result<sys_file::Model, AppError>
    where
        S: Stream<Item = Result<Bytes, E>> + Unpin,
        E: std::fmt::Display,
    {
        let name = display_name(&incoming.name);
        let ext = self.check_extension(&name)?;
        let tmp_dir = self.inner.root.join(".tmp");
        tokio::fs::create_dir_all(&tmp_dir)
            .await
            .map_err(|e| AppError::Internal(anyhow::anyhow!("creating {tmp_dir:?}: {e}")))?;
        let mut partial = Partial {
            path: tmp_dir.join(format!("{}.part", uuid::Uuid::new_v4())),
            keep: false,
        };
        let mut out = tokio::fs::File::create(&partial.path)
            .await
            .map_err(|e| AppError::Internal(e.into()))?;
        let mut size: u64 = 0;
        let mut head: Vec<u8> = Vec::with_capacity(HEAD_BYTES);
        let mut has_nul = false;
        while let Some(chunk) = data.next().await {
            let chunk = chunk.map_err(|e| {
                AppError::fail(text!(
                    "读取上传的文件失败：{}",
                    "Could not read the uploaded file: {}",
                    e
                ))
            })?;
            size += chunk.len() as u64;
            if size > incoming.max_bytes {
                // Read on (bounded) so the client, still sending, gets the answer rather than
                // a reset connection.
                let mut drained = size;
                while drained <= incoming.max_bytes.saturating_mul(4).max(DRAIN_MIN)
                    && let Some(Ok(chunk)) = data.next().await
                {
                    drained += chunk.len() as u64;
                }
                return Err(too_large(incoming.max_bytes));
            }
            if head.len() < HEAD_BYTES {
                let take = (HEAD_BYTES - head.len()).min(chunk.len());
                head.extend_from_slice(&chunk[..take]);
            }
            has_nul |= chunk.contains(&0);
            out.write_all(&chunk)
                .await
                .map_err(|e| AppError::Internal(e.into()))?;
        }
        out.flush()
            .await
            .map_err(|e| AppError::Internal(e.into()))?;
        drop(out);
        if size == 0 {
            return Err(AppError::fail(text!("文件是空的", "The file is empty")));
        }
        let mime = check_content(&ext, &head, has_nul).map_err(AppError::fail)?;

        let now = Utc::now();
        let key = format!(
            "{:04}/{:02}/{}.{ext}",
            now.year(),
            now.month(),
            uuid::Uuid::new_v4()
        );
        let url = match &self.inner.backend {
            Backend::Local => {
                let dest = self.inner.root.join(&key);
                if let Some(dir) = dest.parent() {
                    tokio::fs::create_dir_all(dir)
                        .await
                        .map_err(|e| AppError::Internal(e.into()))?;
                }
                tokio::fs::rename(&partial.path, &dest)
                    .await
                    .map_err(|e| AppError::Internal(e.into()))?;
                partial.path = dest;
                format!("/uploads/{key}")
            }
            Backend::S3(s3) => {
                let body = tokio::fs::read(&partial.path)
                    .await
                    .map_err(|e| AppError::Internal(e.into()))?;
                s3.put(&key, mime, body)
                    .await
                    .map_err(|e| AppError::Internal(e.context("storing the file in S3")))?;
                s3.public_url(&key)
            }
        };
        let row = sys_file::ActiveModel {
            name: Set(name),
            class_id: Set(incoming.class_id),
            url: Set(url),
            tag: Set(ext),
            key: Set(key.clone()),
            size: Set(i64::try_from(size).unwrap_or(i64::MAX)),
            mime: Set(mime.to_owned()),
            store: Set(self.store_name().to_owned()),
            uploaded_by: Set(incoming.uploaded_by),
            created_at: Set(now),
            updated_at: Set(now),
            ..Default::default()
        }
        .insert(db)
        .await;
        match row {
            Ok(row) => {
                // Stored and recorded: a local file stays (an S3 upload's temp file goes).
                partial.keep = matches!(self.inner.backend, Backend::Local);
                Ok(row)
            }
            Err(err) => {
                if let Backend::S3(s3) = &self.inner.backend
                    && let Err(e) = s3.delete(&key).await
                {
                    tracing::warn!(error = %e, key, "could not remove an unrecorded S3 object");
                }
                Err(err.into())
            }
        }
    }

    /// Sets the class of a recorded file.
    pub async fn set_class(
        &self,
        db: &DatabaseConnection,
        row: sys_file::Model,
        class_id: i64,
    ) -> Result<sys_file::Model, AppError> {
        let mut active: sys_file::ActiveModel = row.into();
        active.class_id = Set(class_id);
        active.updated_at = Set(Utc::now());
        Ok(active.update(db).await?)
    }

    /// Deletes the record, then the stored object (a failure there is only logged).
    pub async fn delete(&self, db: &DatabaseConnection, id: i64) -> Result<(), AppError> {
        let row = sys_file::Entity::find_by_id(id)
            .one(db)
            .await?
            .ok_or_else(|| AppError::fail(text!("文件 {} 不存在", "File {} does not exist", id)))?;
        sys_file::Entity::delete_by_id(id).exec(db).await?;
        let removed = match (row.store.as_str(), &self.inner.backend) {
            ("s3", Backend::S3(s3)) => s3.delete(&row.key).await,
            ("local", _) if valid_key(&row.key) => {
                match tokio::fs::remove_file(self.inner.root.join(&row.key)).await {
                    Err(e) if e.kind() != std::io::ErrorKind::NotFound => Err(e.into()),
                    _ => Ok(()),
                }
            }
            _ => Ok(()),
        };
        if let Err(err) = removed {
            tracing::warn!(error = %err, key = row.key, "could not remove a deleted file's object");
        }
        Ok(())
    }

    /// A locally stored, recorded file by its key (the part of the URL after `/uploads/`).
    pub async fn local_file(
        &self,
        db: &DatabaseConnection,
        key: &str,
    ) -> Result<Option<(PathBuf, sys_file::Model)>, AppError> {
        if !valid_key(key) {
            return Ok(None);
        }
        let row = sys_file::Entity::find()
            .filter(sys_file::Column::Key.eq(key))
            .filter(sys_file::Column::Store.eq("local"))
            .one(db)
            .await?;
        Ok(row.map(|row| (self.inner.root.join(key), row)))
    }

    /// One page of records, newest first; `keyword` matches the name, `class_id` > 0 filters.
    pub async fn list<T>(
        db: &DatabaseConnection,
        keyword: Option<&str>,
        class_id: Option<i64>,
        page: PageQuery,
        map: impl FnMut(sys_file::Model) -> T,
    ) -> Result<PageResult<T>, AppError> {
        let mut q = sys_file::Entity::find().order_by_desc(sys_file::Column::Id);
        if let Some(keyword) = keyword.map(str::trim).filter(|k| !k.is_empty()) {
            q = q.filter(kernel::search::contains(sys_file::Column::Name, keyword));
        }
        if let Some(class_id) = class_id.filter(|c| *c > 0) {
            q = q.filter(sys_file::Column::ClassId.eq(class_id));
        }
        paging::fetch(db, q, page, map).await
    }

    /// A grant for `uid`. For S3 the URL writes one new object with extension `ext`.
    pub fn grant(&self, uid: i64, ext: Option<&str>) -> Result<UploadGrant, AppError> {
        let expires = Utc::now() + self.inner.grant_ttl;
        let common = |provider, upload_url, method, token, key, url| UploadGrant {
            provider,
            upload_url,
            method,
            expire_at: expires.timestamp_millis(),
            max_bytes: self.inner.max_bytes,
            allowed_types: self.inner.allowed.clone(),
            token,
            key,
            url,
        };
        match &self.inner.backend {
            Backend::Local => {
                let claims = GrantClaims {
                    uid,
                    exp: expires.timestamp(),
                    max: self.inner.max_bytes,
                };
                Ok(common(
                    "local",
                    UPLOAD_CALL.to_owned(),
                    "POST",
                    self.sign(&claims),
                    None,
                    None,
                ))
            }
            Backend::S3(s3) => {
                let ext = self.check_extension(&format!("file.{}", ext.unwrap_or("bin")))?;
                let now = Utc::now();
                let key = format!(
                    "{:04}/{:02}/{}.{ext}",
                    now.year(),
                    now.month(),
                    uuid::Uuid::new_v4()
                );
                let put = s3.put_url(&key, self.inner.grant_ttl).to_string();
                let url = s3.public_url(&key);
                Ok(common(
                    "s3",
                    put,
                    "PUT",
                    String::new(),
                    Some(key),
                    Some(url),
                ))
            }
        }
    }

    fn mac(&self) -> Hmac<Sha256> {
        <Hmac<Sha256> as Mac>::new_from_slice(&self.inner.grant_key)
            .expect("HMAC accepts keys of any length")
    }

    fn sign(&self, claims: &GrantClaims) -> String {
        let payload = URL_SAFE_NO_PAD.encode(serde_json::to_vec(claims).expect("claims serialize"));
        let mut mac = self.mac();
        mac.update(payload.as_bytes());
        let signature = URL_SAFE_NO_PAD.encode(mac.finalize().into_bytes());
        format!("{payload}.{signature}")
    }

    /// Checks a grant's signature and expiry.
    ///
    /// # Errors
    /// Code 7 naming the problem (malformed, forged or expired).
    pub fn verify_grant(&self, token: &str) -> Result<GrantClaims, AppError> {
        let invalid = || AppError::fail(text!("上传凭证无效", "The upload grant is not valid"));
        let (payload, signature) = token.trim().split_once('.').ok_or_else(invalid)?;
        let signature = URL_SAFE_NO_PAD.decode(signature).map_err(|_| invalid())?;
        let mut mac = self.mac();
        mac.update(payload.as_bytes());
        mac.verify_slice(&signature).map_err(|_| invalid())?;
        let claims: GrantClaims = URL_SAFE_NO_PAD
            .decode(payload)
            .ok()
            .and_then(|bytes| serde_json::from_slice(&bytes).ok())
            .ok_or_else(invalid)?;
        if claims.exp < Utc::now().timestamp() {
            return Err(AppError::fail(text!(
                "上传凭证已过期，请重新获取",
                "The upload grant has expired; ask for a new one"
            )));
        }
        Ok(claims)
    }
}

#[cfg(test)]
mod tests {
    use super::{check_content, display_name, human_size, valid_key};

    #[test]
    fn keys_are_only_generated_names() {
        assert!(valid_key(
            "2026/11/0b0f3c8e-8d59-4a63-9a3c-6a1f3c2d9e10.png"
        ));
        for bad in [
            "../jwt-secret",
            "2026/11/../../jwt-secret",
            "/etc/passwd",
            "2026/11/0b0f3c8e-8d59-4a63-9a3c-6a1f3c2d9e10.png/..",
            "2026/11/evil.png",
            "2026/1/0b0f3c8e-8d59-4a63-9a3c-6a1f3c2d9e10.png",
            "2026/11/0b0f3c8e-8d59-4a63-9a3c-6a1f3c2d9e10.PNG",
            "2026\\11\\0b0f3c8e-8d59-4a63-9a3c-6a1f3c2d9e10.png",
        ] {
            assert!(!valid_key(bad), "{bad}");
        }
    }

    #[test]
    fn client_names_lose_their_directories() {
        assert_eq!(display_name("../../etc/passwd.png"), "passwd.png");
        assert_eq!(display_name("C:\\Users\\a\\photo.jpg"), "photo.jpg");
        assert_eq!(display_name("..\u{0}"), "file");
        assert_eq!(display_name(".htaccess"), "htaccess");
    }

    #[test]
    fn content_must_match_the_extension() {
        let png = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR";
        let pdf = b"%PDF-1.7\n";
        assert_eq!(check_content("png", png, true), Ok("image/png"));
        assert!(check_content("png", pdf, false).is_err());
        assert!(check_content("jpg", png, true).is_err());
        assert!(check_content("csv", b"a,b\n1,2\n", false).is_ok());
        assert!(check_content("csv", png, true).is_err());
        assert!(check_content("csv", b"<html><script>", false).is_err());
        assert!(check_content("csv", b"BMW,plate\n", false).is_ok());
        assert!(check_content("bin", b"\x7fELF\x02\x01\x01\0firmware", true).is_ok());
        assert!(check_content("bin", b"\x01\x02\x03\x04", false).is_ok());
        assert!(check_content("bin", png, true).is_err());
        assert!(check_content("bin", pdf, false).is_err());
    }

    #[test]
    fn sizes_read_well() {
        assert_eq!(human_size(20 * 1024 * 1024), "20 MiB");
        assert_eq!(human_size(1536 * 1024), "1.5 MiB");
        assert_eq!(human_size(100), "100 bytes");
    }
}
