//! Area `rule`: push rules (which alarms reach which members), members' own push settings,
//! the message log members read, webhooks, and the dispatcher that turns every alarm change
//! into messages, websocket frames and webhook deliveries (docs/push.md).
//!
//! Nothing crosses enterprises: a rule, its vehicles, groups, tags and members all belong to
//! one enterprise, and an alarm is matched only against the rules and webhooks of its
//! vehicle's enterprise.

pub mod dispatcher;
pub mod members;
pub mod messages;
pub mod rules;
pub mod webhooks;

use std::collections::BTreeSet;

use chrono::{DateTime, FixedOffset, NaiveTime, Utc};
use entities::sys_user_authority;
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QuerySelect};

use super::vehicle::alarms::{LEVEL_CRITICAL, LEVEL_WARNING, kind};
use crate::scope::Scope;
use kernel::error::AppError;
use kernel::ids::ROLE_ENTERPRISE_ADMIN;
use kernel::text;

pub const CHANNEL_CONSOLE: &str = "console";
pub const CHANNEL_WEBHOOK: &str = "webhook";
const CHANNELS: [&str; 2] = [CHANNEL_CONSOLE, CHANNEL_WEBHOOK];

/// Quiet hours are read in the enterprise's time; enterprises carry no time zone of their own
/// yet, so China Standard Time (UTC+8), where the fleets run.
pub fn enterprise_offset() -> FixedOffset {
    FixedOffset::east_opt(8 * 3600).expect("UTC+8 is a valid offset")
}

/// Alarm kinds as a request names them: each a known kind, duplicates dropped; `required`
/// refuses an empty list.
pub fn check_kinds(field: &str, kinds: &[i16], required: bool) -> Result<Vec<i16>, AppError> {
    if required && kinds.is_empty() {
        return Err(AppError::field(
            field,
            text!(
                "{} 至少选择一种告警类型",
                "{} needs at least one alarm kind",
                field
            ),
        ));
    }
    if let Some(bad) = kinds.iter().find(|k| !(1..=kind::LAST).contains(*k)) {
        return Err(AppError::field(
            field,
            text!(
                "{} 含未知告警类型 {}",
                "{} holds an unknown alarm kind {}",
                field,
                bad
            ),
        ));
    }
    Ok(kinds
        .iter()
        .copied()
        .collect::<BTreeSet<_>>()
        .into_iter()
        .collect())
}

/// 1 warning or 2 critical.
pub fn check_level(field: &str, level: i16) -> Result<i16, AppError> {
    if [LEVEL_WARNING, LEVEL_CRITICAL].contains(&level) {
        Ok(level)
    } else {
        Err(AppError::field(
            field,
            text!(
                "{} 须为 1（预警）或 2（严重）：{}",
                "{} must be 1 (warning) or 2 (critical): {}",
                field,
                level
            ),
        ))
    }
}

/// Channels as a request names them (`console`, `webhook`), duplicates dropped; `required`
/// refuses an empty list.
pub fn check_channels(
    field: &str,
    channels: &[String],
    required: bool,
) -> Result<Vec<String>, AppError> {
    if required && channels.is_empty() {
        return Err(AppError::field(
            field,
            text!(
                "{} 至少选择一个推送渠道",
                "{} needs at least one channel",
                field
            ),
        ));
    }
    let mut out = Vec::new();
    for c in channels {
        let c = c.trim();
        if !CHANNELS.contains(&c) {
            return Err(AppError::field(
                field,
                text!(
                    "{} 含未知渠道 {}（可选 console、webhook）",
                    "{} holds an unknown channel {} (console or webhook)",
                    field,
                    c
                ),
            ));
        }
        if !out.iter().any(|o: &String| o == c) {
            out.push(c.to_owned());
        }
    }
    Ok(out)
}

/// Quiet hours `HH:MM`–`HH:MM`: both or neither, two different times of day.
pub fn check_quiet(
    from: Option<&str>,
    to: Option<&str>,
) -> Result<(Option<String>, Option<String>), AppError> {
    let parse = |field: &str, v: &str| {
        NaiveTime::parse_from_str(v.trim(), "%H:%M")
            .ok()
            .filter(|_| v.trim().len() == 5)
            .map(|t| t.format("%H:%M").to_string())
            .ok_or_else(|| {
                AppError::fail(text!(
                    "{} 须为 HH:MM 格式的时间：{}",
                    "{} must be a time as HH:MM: {}",
                    field,
                    v
                ))
            })
    };
    let from = from.filter(|v| !v.trim().is_empty());
    let to = to.filter(|v| !v.trim().is_empty());
    match (from, to) {
        (None, None) => Ok((None, None)),
        (Some(f), Some(t)) => {
            let (f, t) = (parse("quietFrom", f)?, parse("quietTo", t)?);
            if f == t {
                return Err(AppError::fail(text!(
                    "免打扰开始与结束时间不能相同",
                    "quietFrom and quietTo must differ"
                )));
            }
            Ok((Some(f), Some(t)))
        }
        _ => Err(AppError::fail(text!(
            "免打扰时段需同时填写 quietFrom 和 quietTo",
            "Quiet hours need both quietFrom and quietTo"
        ))),
    }
}

/// Whether `at` falls in the quiet hours `from`–`to` (which may span midnight), read in the
/// enterprise's time.
pub fn in_quiet_hours(from: Option<&str>, to: Option<&str>, at: DateTime<Utc>) -> bool {
    let (Some(from), Some(to)) = (from, to) else {
        return false;
    };
    let parse = |v: &str| NaiveTime::parse_from_str(v, "%H:%M").ok();
    let (Some(from), Some(to)) = (parse(from), parse(to)) else {
        return false;
    };
    let now = at.with_timezone(&enterprise_offset()).time();
    if from < to {
        from <= now && now < to
    } else {
        now >= from || now < to
    }
}

/// Whether the caller manages push for the enterprises they act for: platform staff and
/// enterprise administrators.
pub fn manages(scope: &Scope) -> bool {
    scope.platform || scope.user.authority_id == ROLE_ENTERPRISE_ADMIN
}

/// Refuses callers who do not manage push, and read-only trusteeships.
pub fn require_manager(scope: &Scope) -> Result<(), AppError> {
    if scope.read_only() || !manages(scope) {
        return Err(AppError::fail(text!(
            "只有企业管理员可以管理推送",
            "Only enterprise administrators manage push"
        )));
    }
    Ok(())
}

/// Members of enterprise `ent` among `users`.
pub async fn members_of(
    db: &impl ConnectionTrait,
    ent: i64,
    users: impl IntoIterator<Item = i64>,
) -> Result<BTreeSet<i64>, AppError> {
    let users: Vec<i64> = users.into_iter().collect();
    if users.is_empty() {
        return Ok(BTreeSet::new());
    }
    Ok(sys_user_authority::Entity::find()
        .select_only()
        .column(sys_user_authority::Column::UserId)
        .filter(sys_user_authority::Column::EnterpriseId.eq(ent))
        .filter(sys_user_authority::Column::UserId.is_in(users))
        .into_tuple::<i64>()
        .all(db)
        .await?
        .into_iter()
        .collect())
}

/// User ids as a request names them: positive, at most 1000, members of `ent`, duplicates
/// dropped. A stranger is refused by id (as "not a member", whether or not they exist).
pub async fn check_members(
    db: &impl ConnectionTrait,
    field: &str,
    ent: i64,
    ids: &[i64],
) -> Result<Vec<i64>, AppError> {
    if ids.len() > 1000 {
        return Err(AppError::fail(text!(
            "{} 最多 1000 个",
            "{} holds at most 1000 ids",
            field
        )));
    }
    let wanted: BTreeSet<i64> = ids.iter().copied().collect();
    let found = members_of(db, ent, wanted.iter().copied()).await?;
    if let Some(stranger) = wanted.iter().find(|u| !found.contains(u)) {
        return Err(AppError::fail(text!(
            "用户 {} 不是企业 {} 的成员",
            "User {} is not a member of enterprise {}",
            stranger,
            ent
        )));
    }
    Ok(wanted.into_iter().collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quiet_hours_may_span_midnight() {
        // 23:30, 06:30 and 07:30 in UTC+8.
        let at = |t: &str| DateTime::parse_from_rfc3339(t).unwrap().to_utc();
        let late = at("2026-01-01T15:30:00Z");
        assert!(in_quiet_hours(Some("22:00"), Some("07:00"), late));
        assert!(in_quiet_hours(
            Some("22:00"),
            Some("07:00"),
            at("2026-01-01T22:30:00Z")
        ));
        assert!(!in_quiet_hours(
            Some("22:00"),
            Some("07:00"),
            at("2026-01-01T23:30:00Z")
        ));
        assert!(!in_quiet_hours(Some("12:00"), Some("13:00"), late));
        assert!(!in_quiet_hours(None, None, late));
    }

    #[test]
    fn quiet_times_are_checked() {
        assert!(check_quiet(Some("22:00"), Some("07:00")).is_ok());
        assert!(check_quiet(Some("7:00"), Some("08:00")).is_err());
        assert!(check_quiet(Some("25:00"), Some("08:00")).is_err());
        assert!(check_quiet(Some("08:00"), None).is_err());
        assert!(check_quiet(Some("08:00"), Some("08:00")).is_err());
        assert_eq!(check_quiet(Some(""), None).unwrap(), (None, None));
    }
}
