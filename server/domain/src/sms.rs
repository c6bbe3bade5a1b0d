//! SMS verification codes. Codes are kept in `sms_outbox`; delivery goes through an
//! [`SmsSender`]. The default sender only logs, so the outbox is the delivery channel in
//! development; a real provider implements the trait.

use std::sync::Arc;

use chrono::{Duration, Utc};
use entities::{sms_outbox, sys_user};
use rand::Rng;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, DatabaseConnection, EntityTrait, PaginatorTrait, QueryFilter,
    QueryOrder, Set,
};

use kernel::error::AppError;
use kernel::text;

const CODE_TTL_MINUTES: i64 = 5;
const RESEND_AFTER_SECS: i64 = 60;
const DAILY_LIMIT: u64 = 10;
const MAX_ATTEMPTS: i32 = 5;

/// What a code is for; decides whether the phone must (not) be registered.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Purpose {
    Register,
    Login,
    Bind,
}

impl Purpose {
    fn as_str(self) -> &'static str {
        match self {
            Self::Register => "register",
            Self::Login => "login",
            Self::Bind => "bind",
        }
    }
}

pub trait SmsSender: Send + Sync {
    /// Delivers `code` to `phone`; errors are reported to the caller as code 7.
    fn send(&self, phone: &str, code: &str, purpose: Purpose) -> anyhow::Result<()>;
}

/// Writes the code to the log (the outbox row is the record).
pub struct LogSender;

impl SmsSender for LogSender {
    fn send(&self, phone: &str, code: &str, purpose: Purpose) -> anyhow::Result<()> {
        tracing::info!(phone = %mask_phone(phone), purpose = purpose.as_str(), code, "SMS code (log sender)");
        Ok(())
    }
}

pub type Sender = Arc<dyn SmsSender>;

/// Mainland mobile numbers (11 digits from 13…19) or international E.164 numbers.
pub fn valid_phone(phone: &str) -> bool {
    let digits = |s: &str| s.chars().all(|c| c.is_ascii_digit());
    if let Some(rest) = phone.strip_prefix('+') {
        return (7..=15).contains(&rest.len()) && digits(rest) && !rest.starts_with('0');
    }
    phone.len() == 11
        && digits(phone)
        && phone.starts_with('1')
        && !matches!(&phone[1..2], "0" | "1" | "2")
}

/// `138****5678`: the first 3 and last 4 digits (console-spec §5).
pub fn mask_phone(phone: &str) -> String {
    let chars: Vec<char> = phone.chars().collect();
    if chars.len() < 8 {
        return phone.to_owned();
    }
    let head: String = chars[..3].iter().collect();
    let tail: String = chars[chars.len() - 4..].iter().collect();
    format!("{head}{}{tail}", "*".repeat(chars.len() - 7))
}

pub fn check_phone(phone: &str) -> Result<(), AppError> {
    if valid_phone(phone) {
        Ok(())
    } else {
        Err(AppError::fail(text!(
            "请输入正确的手机号",
            "Enter the correct phone number"
        )))
    }
}

pub async fn phone_registered(db: &DatabaseConnection, phone: &str) -> Result<bool, AppError> {
    Ok(sys_user::Entity::find()
        .filter(sys_user::Column::Phone.eq(phone))
        .count(db)
        .await?
        > 0)
}

/// Issues a code for `phone`, enforcing the resend interval and the daily limit.
pub async fn send_code(
    db: &DatabaseConnection,
    sender: &dyn SmsSender,
    phone: &str,
    purpose: Purpose,
) -> Result<(), AppError> {
    check_phone(phone)?;
    let registered = phone_registered(db, phone).await?;
    match purpose {
        Purpose::Register | Purpose::Bind if registered => {
            return Err(AppError::fail(text!(
                "该手机号已注册",
                "This phone number is already registered"
            )));
        }
        Purpose::Login if !registered => {
            return Err(AppError::fail(text!(
                "该手机号未注册",
                "The mobile phone number is not registered"
            )));
        }
        _ => {}
    }
    let now = Utc::now();
    let recent = sms_outbox::Entity::find()
        .filter(sms_outbox::Column::Phone.eq(phone))
        .filter(sms_outbox::Column::CreatedAt.gt(now - Duration::days(1)))
        .order_by_desc(sms_outbox::Column::CreatedAt)
        .all(db)
        .await?;
    if let Some(last) = recent.iter().find(|r| r.purpose == purpose.as_str()) {
        let wait = RESEND_AFTER_SECS - (now - last.created_at).num_seconds();
        if wait > 0 {
            return Err(AppError::fail(text!(
                "发送过于频繁，请 {} 秒后再试",
                "Too many requests; try again in {} seconds",
                wait
            )));
        }
    }
    if recent.len() as u64 >= DAILY_LIMIT {
        return Err(AppError::fail(text!(
            "该手机号今日验证码已达上限",
            "This phone number has reached today's limit of codes"
        )));
    }
    let code = format!("{:06}", rand::rng().random_range(0..1_000_000));
    sender
        .send(phone, &code, purpose)
        .map_err(|e| AppError::fail(text!("短信发送失败：{}", "Could not send the SMS: {}", e)))?;
    sms_outbox::ActiveModel {
        phone: Set(phone.to_owned()),
        purpose: Set(purpose.as_str().to_owned()),
        code: Set(code),
        expires_at: Set(now + Duration::minutes(CODE_TTL_MINUTES)),
        consumed_at: Set(None),
        attempts: Set(0),
        created_at: Set(now),
        ..Default::default()
    }
    .insert(db)
    .await?;
    Ok(())
}

/// Checks and uses up the newest live code for (phone, purpose).
pub async fn verify_code(
    db: &DatabaseConnection,
    phone: &str,
    purpose: Purpose,
    code: &str,
) -> Result<(), AppError> {
    let wrong = || {
        AppError::fail(text!(
            "短信验证码错误或已过期",
            "The SMS code is wrong or expired"
        ))
    };
    let now = Utc::now();
    let live = sms_outbox::Entity::find()
        .filter(sms_outbox::Column::Phone.eq(phone))
        .filter(sms_outbox::Column::Purpose.eq(purpose.as_str()))
        .filter(sms_outbox::Column::ConsumedAt.is_null())
        .filter(sms_outbox::Column::ExpiresAt.gt(now))
        .order_by_desc(sms_outbox::Column::CreatedAt)
        .one(db)
        .await?
        .ok_or_else(wrong)?;
    let mut row: sms_outbox::ActiveModel = live.clone().into();
    if live.attempts >= MAX_ATTEMPTS {
        return Err(wrong());
    }
    if live.code != code.trim() {
        row.attempts = Set(live.attempts + 1);
        row.update(db).await?;
        return Err(wrong());
    }
    row.consumed_at = Set(Some(now));
    row.update(db).await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::{mask_phone, valid_phone};

    #[test]
    fn phones() {
        assert!(valid_phone("13812345678"));
        assert!(valid_phone("+8613812345678"));
        assert!(!valid_phone("12812345678"));
        assert!(!valid_phone("1381234567"));
        assert!(!valid_phone("abc"));
        assert_eq!(mask_phone("13812345678"), "138****5678");
    }
}
