//! The wire contract, emitted here and nowhere else: HTTP 200 with `{code, data, msg}` (0 success,
//! 7 failure, 100 not signed in), HTTP 404 for unknown calls and HTTP 500 for crashes, both with
//! the same envelope.

use axum::Json;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use utoipa::ToSchema;

use crate::i18n::Text;
use crate::text;

pub const CODE_OK: i32 = 0;
pub const CODE_FAIL: i32 = 7;
pub const CODE_SIGNED_OUT: i32 = 100;

/// The envelope every /api and /tapi answer is wrapped in.
#[derive(Debug, Serialize, ToSchema)]
pub struct Envelope<T> {
    /// 0 success, 7 failure (see msg), 100 not signed in / token expired or revoked.
    pub code: i32,
    pub data: T,
    /// A human-readable message in the request's language.
    pub msg: String,
}

/// A successful answer: `{code: 0, data, msg}`.
pub struct ApiOk<T>(pub T);

impl<T: Serialize> IntoResponse for ApiOk<T> {
    fn into_response(self) -> Response {
        let msg = text!("操作成功", "success");
        Json(Envelope {
            code: CODE_OK,
            data: self.0,
            msg: msg.current().to_owned(),
        })
        .into_response()
    }
}

pub type ApiResult<T> = Result<ApiOk<T>, AppError>;

/// A successful answer whose `data` is JSON the server assembled itself from serialised parts
/// (the map feed of 30,000 vehicles), written into the envelope as it is.
pub struct ApiRawOk(pub String);

/// The text of a success envelope before its `data` and after it, for answers assembled
/// around `data` without parsing it.
pub fn success_envelope() -> (String, String) {
    let msg = serde_json::to_string(text!("操作成功", "success").current())
        .expect("a string serialises to JSON");
    (
        format!(r#"{{"code":{CODE_OK},"data":"#),
        format!(r#","msg":{msg}}}"#),
    )
}

impl IntoResponse for ApiRawOk {
    fn into_response(self) -> Response {
        let (before, after) = success_envelope();
        let body = [before, self.0, after].concat();
        (
            [(
                header::CONTENT_TYPE,
                HeaderValue::from_static("application/json"),
            )],
            body,
        )
            .into_response()
    }
}

/// A successful answer already compressed whole, envelope included (`kernel::gzip`): sent as
/// it is, so the compression layer leaves it alone.
pub struct ApiGzipOk(pub bytes::Bytes);

impl IntoResponse for ApiGzipOk {
    fn into_response(self) -> Response {
        (
            [
                (
                    header::CONTENT_TYPE,
                    HeaderValue::from_static("application/json"),
                ),
                (header::CONTENT_ENCODING, HeaderValue::from_static("gzip")),
                (header::VARY, HeaderValue::from_static("accept-encoding")),
            ],
            self.0,
        )
            .into_response()
    }
}

#[derive(Debug, thiserror::Error)]
pub enum AppError {
    /// Code 7: the request was understood and refused; the message says why.
    #[error("{}", .0.en)]
    Fail(Text),
    /// Code 7 about one field of the request: `data` is `{field: "<json path>"}`, so a form
    /// shows the message under that field.
    #[error("{}: {}", .0, .1.en)]
    Field(String, Text),
    /// Code 7 with details in `data` (e.g. row-level import errors, `needCaptcha`).
    #[error("{}", .0.en)]
    FailWith(Text, serde_json::Value),
    /// Code 100: no valid session (missing, malformed, expired or revoked token).
    #[error("{}", .0.en)]
    SignedOut(Text),
    /// HTTP 404: no such call.
    #[error("no such call: {0}")]
    NoSuchCall(String),
    /// HTTP 500: a bug or an outage; details go to the log only.
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
}

impl AppError {
    pub fn fail(text: Text) -> Self {
        Self::Fail(text)
    }

    /// What the refusal says, to report it elsewhere (against an import row, say).
    pub fn into_text(self) -> Text {
        match self {
            Self::Fail(t) | Self::Field(_, t) | Self::FailWith(t, _) | Self::SignedOut(t) => t,
            other => {
                let text = other.to_string();
                Text::new(text.clone(), text)
            }
        }
    }

    /// A refusal about `field`, named by its JSON path (`entName`, `values.speed`, `items[2].name`).
    pub fn field(field: impl Into<String>, text: Text) -> Self {
        Self::Field(field.into(), text)
    }
}

impl From<sea_orm::DbErr> for AppError {
    fn from(err: sea_orm::DbErr) -> Self {
        Self::Internal(err.into())
    }
}

fn envelope(status: StatusCode, code: i32, msg: &str) -> Response {
    envelope_with(
        status,
        code,
        msg,
        serde_json::Value::Object(serde_json::Map::new()),
    )
}

fn envelope_with(status: StatusCode, code: i32, msg: &str, data: serde_json::Value) -> Response {
    let body = Envelope {
        code,
        data,
        msg: msg.to_owned(),
    };
    (status, Json(body)).into_response()
}

impl IntoResponse for AppError {
    fn into_response(self) -> Response {
        match self {
            Self::Fail(text) => envelope(StatusCode::OK, CODE_FAIL, text.current()),
            Self::Field(field, text) => envelope_with(
                StatusCode::OK,
                CODE_FAIL,
                text.current(),
                serde_json::json!({ "field": field }),
            ),
            Self::FailWith(text, data) => {
                envelope_with(StatusCode::OK, CODE_FAIL, text.current(), data)
            }
            Self::SignedOut(text) => envelope(StatusCode::OK, CODE_SIGNED_OUT, text.current()),
            Self::NoSuchCall(path) => {
                let text = text!(
                    "接口未注册，或路径与方法不匹配：{}",
                    "No such call, or the path and method do not match: {}",
                    path
                );
                envelope(StatusCode::NOT_FOUND, CODE_FAIL, text.current())
            }
            Self::Internal(err) => {
                tracing::error!(error = ?err, "request failed");
                internal_error()
            }
        }
    }
}

/// HTTP 500 with the envelope; also what a caught panic answers.
pub fn internal_error() -> Response {
    let text = text!(
        "服务器内部错误，请查看服务日志",
        "Internal server error; see the server log"
    );
    envelope(StatusCode::INTERNAL_SERVER_ERROR, CODE_FAIL, text.current())
}

/// Turns a unique-key violation into a code-7 message naming what already exists; every other
/// database error stays internal.
pub trait DbResultExt<T> {
    fn on_conflict(self, text: impl FnOnce() -> Text) -> Result<T, AppError>;
}

impl<T> DbResultExt<T> for Result<T, sea_orm::DbErr> {
    fn on_conflict(self, text: impl FnOnce() -> Text) -> Result<T, AppError> {
        self.map_err(|err| match err.sql_err() {
            Some(sea_orm::SqlErr::UniqueConstraintViolation(_)) => AppError::Fail(text()),
            _ => AppError::from(err),
        })
    }
}
