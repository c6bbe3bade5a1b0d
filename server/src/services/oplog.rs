//! The operation log: what the recording middleware saw of each mutating call.

use chrono::Utc;
use entities::sys_operation_record;
use sea_orm::{DatabaseConnection, EntityTrait, Set};

/// Longest stored request or response text.
const MAX_TEXT: usize = 2048;
const SECRET_KEYS: &[&str] = &[
    "password",
    "newpassword",
    "secret",
    "token",
    "smscode",
    "captcha",
];

pub struct Entry {
    pub user_id: Option<i64>,
    pub ip: String,
    pub method: String,
    pub path: String,
    pub status: u16,
    pub latency_ms: i64,
    pub agent: String,
    pub body: String,
    pub resp: String,
}

/// Masks secret fields of a JSON body (any depth) and truncates; non-JSON is only truncated.
pub fn mask_body(raw: &[u8]) -> String {
    match serde_json::from_slice::<serde_json::Value>(raw) {
        Ok(mut value) => {
            mask(&mut value);
            truncate(value.to_string())
        }
        Err(_) => truncate(String::from_utf8_lossy(raw).into_owned()),
    }
}

fn mask(value: &mut serde_json::Value) {
    match value {
        serde_json::Value::Object(map) => {
            for (key, v) in map.iter_mut() {
                let key = key.to_ascii_lowercase().replace(['_', '-'], "");
                if SECRET_KEYS.iter().any(|s| key.contains(s)) {
                    *v = serde_json::Value::String("******".into());
                } else {
                    mask(v);
                }
            }
        }
        serde_json::Value::Array(items) => items.iter_mut().for_each(mask),
        _ => {}
    }
}

pub fn truncate(mut text: String) -> String {
    if text.len() > MAX_TEXT {
        let mut cut = MAX_TEXT;
        while !text.is_char_boundary(cut) {
            cut -= 1;
        }
        text.truncate(cut);
        text.push('…');
    }
    text
}

/// The envelope code of a JSON answer, if it has one.
pub fn envelope_code(resp: &str) -> Option<i32> {
    serde_json::from_str::<serde_json::Value>(resp)
        .ok()?
        .get("code")?
        .as_i64()
        .and_then(|c| i32::try_from(c).ok())
}

/// Stores an entry in the background: the call's answer does not wait for the log.
pub fn store(db: DatabaseConnection, entry: Entry) {
    tokio::spawn(async move {
        let row = sys_operation_record::ActiveModel {
            user_id: Set(entry.user_id),
            ip: Set(entry.ip),
            method: Set(entry.method),
            path: Set(entry.path),
            status: Set(i32::from(entry.status)),
            code: Set(envelope_code(&entry.resp)),
            latency_ms: Set(entry.latency_ms),
            agent: Set(truncate(entry.agent)),
            body: Set(entry.body),
            resp: Set(entry.resp),
            created_at: Set(Utc::now()),
            ..Default::default()
        };
        if let Err(err) = sys_operation_record::Entity::insert(row)
            .exec_without_returning(&db)
            .await
        {
            tracing::warn!(error = %err, "could not store an operation record");
        }
    });
}

#[cfg(test)]
mod tests {
    use super::mask_body;

    #[test]
    fn masks_secrets_at_any_depth() {
        let masked = mask_body(
            br#"{"username":"a","password":"p","nested":{"newPassword":"q","sms_code":"1"}}"#,
        );
        assert!(
            !masked.contains("\"p\"") && !masked.contains("\"q\"") && !masked.contains("\"1\""),
            "{masked}"
        );
        assert!(masked.contains("\"username\":\"a\""));
    }
}
