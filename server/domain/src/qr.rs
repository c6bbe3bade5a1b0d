//! QR sign-in: a waiting browser shows a short-lived key as a QR code; a user signed in on a
//! phone opens it, confirms, and the browser's next poll receives a session for that user.

use std::time::Duration;

use moka::sync::Cache;
use serde::Serialize;
use utoipa::ToSchema;

use kernel::error::AppError;
use kernel::text;

pub const KEY_TTL: Duration = Duration::from_secs(120);

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum QrStatus {
    Waiting,
    Scanned,
    Confirmed,
    Expired,
    Failed,
}

#[derive(Debug, Clone)]
struct Entry {
    status: QrStatus,
    user_id: Option<i64>,
    expires_at: chrono::DateTime<chrono::Utc>,
}

/// What the phone does with a key.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum QrAction {
    Scan,
    Confirm,
    Cancel,
}

#[derive(Clone)]
pub struct QrLogins {
    keys: Cache<String, Entry>,
}

impl Default for QrLogins {
    fn default() -> Self {
        Self {
            keys: Cache::builder()
                .max_capacity(100_000)
                .time_to_live(KEY_TTL)
                .build(),
        }
    }
}

impl QrLogins {
    /// A new waiting key and when it expires.
    pub fn issue(&self) -> (String, chrono::DateTime<chrono::Utc>) {
        let key = uuid::Uuid::new_v4().simple().to_string();
        let expires_at = chrono::Utc::now() + KEY_TTL;
        self.keys.insert(
            key.clone(),
            Entry {
                status: QrStatus::Waiting,
                user_id: None,
                expires_at,
            },
        );
        (key, expires_at)
    }

    /// The browser's poll: the status, and once confirmed the user to sign in (the key is
    /// used up by that answer).
    pub fn poll(&self, key: &str) -> (QrStatus, Option<i64>) {
        match self.keys.get(key) {
            None => (QrStatus::Expired, None),
            Some(e) if e.expires_at <= chrono::Utc::now() => (QrStatus::Expired, None),
            Some(e) if e.status == QrStatus::Confirmed => {
                self.keys.invalidate(key);
                (QrStatus::Confirmed, e.user_id)
            }
            Some(e) => (e.status, None),
        }
    }

    /// The phone's side.
    pub fn act(&self, key: &str, user_id: i64, action: QrAction) -> Result<QrStatus, AppError> {
        let expired = || {
            AppError::fail(text!(
                "二维码已过期，请刷新",
                "The QR code expired; reload it"
            ))
        };
        let mut entry = self.keys.get(key).ok_or_else(expired)?;
        if entry.expires_at <= chrono::Utc::now() {
            return Err(expired());
        }
        let allowed = match (entry.status, action) {
            (QrStatus::Waiting | QrStatus::Scanned, QrAction::Scan | QrAction::Cancel) => true,
            (QrStatus::Scanned, QrAction::Confirm) => entry.user_id == Some(user_id),
            _ => false,
        };
        if !allowed {
            return Err(AppError::fail(text!(
                "二维码状态不允许此操作",
                "This QR code cannot take that step now"
            )));
        }
        entry.status = match action {
            QrAction::Scan => QrStatus::Scanned,
            QrAction::Confirm => QrStatus::Confirmed,
            QrAction::Cancel => QrStatus::Failed,
        };
        entry.user_id = Some(user_id);
        self.keys.insert(key.to_owned(), entry.clone());
        Ok(entry.status)
    }
}
