//! Device report keys: issued when a device is registered (shown once), stored as a SHA-256
//! hash, presented by the device as `x-device-key`.

use chrono::Utc;
use entities::device_key;
use rand::Rng;
use sea_orm::sea_query::OnConflict;
use sea_orm::{ConnectionTrait, EntityTrait, Set};
use sha2::{Digest, Sha256};

use kernel::error::AppError;

/// SHA-256 of a key, hex.
pub fn hash(key: &str) -> String {
    hex::encode(Sha256::digest(key.trim().as_bytes()))
}

/// A new random key (48 hex digits).
pub fn generate() -> String {
    hex::encode(rand::rng().random::<[u8; 24]>())
}

/// Inserting a device's key replaces the one it had.
pub fn replace_on_conflict() -> OnConflict {
    OnConflict::column(device_key::Column::DeviceId)
        .update_columns([device_key::Column::KeyHash, device_key::Column::CreatedAt])
        .to_owned()
}

/// Issues a new key for a device (replacing any earlier one) and answers it; only its hash is
/// kept.
pub async fn issue(db: &impl ConnectionTrait, device_id: i64) -> Result<String, AppError> {
    let key = generate();
    device_key::Entity::insert(device_key::ActiveModel {
        device_id: Set(device_id),
        key_hash: Set(hash(&key)),
        created_at: Set(Utc::now()),
    })
    .on_conflict(replace_on_conflict())
    .exec_without_returning(db)
    .await?;
    Ok(key)
}
