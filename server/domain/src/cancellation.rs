//! Account cancellation (docs/site-pages.md): a signed-in user cancels
//! their own account. The current password is required; the built-in accounts (`admin`, the
//! visitor) and the last administrator of an enterprise are refused. A granted request freezes
//! the account (it can no longer sign in, its tokens stop working at once) and records the
//! request with the end of its cooling-off period. The enterprise's data (vehicles, devices,
//! work orders, records) belongs to the enterprise and is not touched. Once the cooling-off
//! period is over, [`settle_due`] (daily) erases the personal information of accounts still
//! frozen and closes requests whose account an administrator enabled again.

use chrono::{DateTime, Duration, Utc};
use entities::{account_cancellation, enterprise, sys_user, sys_user_authority};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DatabaseConnection, EntityTrait,
    PaginatorTrait, QueryFilter, Set,
};

use super::passwords::verify_password;
use kernel::changes::{Change, announce};
use kernel::error::AppError;
use kernel::ids::ROLE_ENTERPRISE_ADMIN;
use kernel::text;

/// Days between the request and the end of the cooling-off period, during which an
/// administrator can restore the account by enabling it again.
pub const COOLING_OFF_DAYS: i64 = 15;

/// The longest reason kept, in characters.
pub const MAX_REASON: usize = 500;

/// `enable` of a frozen account (1 is enabled).
const FROZEN: i16 = 2;

/// The user name of the built-in super administrator created by the seed.
const BUILT_IN_ADMIN: &str = "admin";

/// What a granted request answers.
#[derive(Debug, Clone)]
pub struct Cancelled {
    pub requested_at: DateTime<Utc>,
    pub cooling_off_until: DateTime<Utc>,
}

/// Cancels the caller's own account (see the module's documentation). Nothing changes on a
/// refusal.
pub async fn request(
    db: &DatabaseConnection,
    uid: i64,
    password: &str,
    reason: &str,
) -> Result<Cancelled, AppError> {
    let reason = reason.trim();
    if reason.chars().count() > MAX_REASON {
        return Err(AppError::field(
            "reason",
            text!(
                "注销原因最多 {} 个字符",
                "The reason may have at most {} characters",
                MAX_REASON
            ),
        ));
    }
    if password.is_empty() {
        return Err(AppError::field(
            "password",
            text!("请输入当前密码", "Enter your current password"),
        ));
    }
    let txn = kernel::db::write_txn(db).await?;
    let user = sys_user::Entity::find_by_id(uid)
        .one(&txn)
        .await?
        .ok_or_else(|| {
            AppError::SignedOut(text!(
                "用户不存在，请重新登录",
                "The account no longer exists; please sign in again"
            ))
        })?;
    if user.is_visitor {
        return Err(AppError::fail(text!(
            "访客账号不能注销",
            "The visitor account cannot be cancelled"
        )));
    }
    if user.username == BUILT_IN_ADMIN {
        return Err(AppError::fail(text!(
            "内置超级管理员账号不能注销",
            "The built-in administrator account cannot be cancelled"
        )));
    }
    if !verify_password(password, &user.password_hash) {
        return Err(AppError::field(
            "password",
            text!("当前密码错误", "The current password is wrong"),
        ));
    }
    if let Some(name) = last_admin_of(&txn, uid).await? {
        return Err(AppError::fail(text!(
            "您是企业「{}」唯一的管理员：请先让另一位成员成为管理员，再注销账号",
            "You are the only administrator of “{}”: make another member an administrator before cancelling your account",
            name
        )));
    }
    let now = Utc::now();
    let until = now + Duration::days(COOLING_OFF_DAYS);
    account_cancellation::ActiveModel {
        user_id: Set(uid),
        username: Set(user.username.clone()),
        reason: Set(reason.to_owned()),
        requested_at: Set(now),
        cooling_off_until: Set(until),
        closed_at: Set(None),
        outcome: Set(String::new()),
        ..Default::default()
    }
    .insert(&txn)
    .await?;
    let mut row: sys_user::ActiveModel = user.into();
    row.enable = Set(FROZEN);
    row.updated_at = Set(now);
    row.update(&txn).await?;
    txn.commit().await?;
    // the session layer re-reads the account: its tokens are refused from the next request on
    announce(Change::Users(vec![uid]));
    Ok(Cancelled {
        requested_at: now,
        cooling_off_until: until,
    })
}

/// The name of an enterprise where `uid` is the only enabled administrator, if any.
async fn last_admin_of(db: &impl ConnectionTrait, uid: i64) -> Result<Option<String>, AppError> {
    let held = sys_user_authority::Entity::find()
        .filter(sys_user_authority::Column::UserId.eq(uid))
        .filter(sys_user_authority::Column::AuthorityId.eq(ROLE_ENTERPRISE_ADMIN))
        .all(db)
        .await?;
    for membership in held {
        let others: Vec<i64> = sys_user_authority::Entity::find()
            .filter(sys_user_authority::Column::EnterpriseId.eq(membership.enterprise_id))
            .filter(sys_user_authority::Column::AuthorityId.eq(ROLE_ENTERPRISE_ADMIN))
            .filter(sys_user_authority::Column::UserId.ne(uid))
            .all(db)
            .await?
            .into_iter()
            .map(|m| m.user_id)
            .collect();
        let enabled = if others.is_empty() {
            0
        } else {
            sys_user::Entity::find()
                .filter(sys_user::Column::Id.is_in(others))
                .filter(sys_user::Column::Enable.eq(1))
                .count(db)
                .await?
        };
        if enabled == 0 {
            let name = enterprise::Entity::find_by_id(membership.enterprise_id)
                .one(db)
                .await?
                .map_or_else(|| membership.enterprise_id.to_string(), |e| e.ent_name);
            return Ok(Some(name));
        }
    }
    Ok(None)
}

/// Settles the requests whose cooling-off period ended before `now`: an account still frozen
/// loses its personal information (names, phone, e-mail, avatar, password) and its roles,
/// and its sign-in name becomes
/// `cancelled-<id>`; an account enabled again meanwhile is left alone. Answers how many
/// requests were settled.
pub async fn settle_due(db: &DatabaseConnection, now: DateTime<Utc>) -> Result<u64, AppError> {
    let due = account_cancellation::Entity::find()
        .filter(account_cancellation::Column::ClosedAt.is_null())
        .filter(account_cancellation::Column::CoolingOffUntil.lt(now))
        .all(db)
        .await?;
    let mut settled = 0;
    for request in due {
        let txn = kernel::db::write_txn(db).await?;
        let user = sys_user::Entity::find_by_id(request.user_id)
            .one(&txn)
            .await?;
        let outcome = match user {
            Some(user) if user.enable == 1 => "restored",
            Some(user) => {
                let id = user.id;
                let mut row: sys_user::ActiveModel = user.into();
                row.username = Set(format!("cancelled-{id}"));
                row.nick_name = Set(String::new());
                row.real_name = Set(String::new());
                row.header_img = Set(String::new());
                row.phone = Set(String::new());
                row.email = Set(String::new());
                // no password verifies against an empty hash
                row.password_hash = Set(String::new());
                row.enable = Set(FROZEN);
                row.updated_at = Set(now);
                row.update(&txn).await?;
                sys_user_authority::Entity::delete_many()
                    .filter(sys_user_authority::Column::UserId.eq(id))
                    .exec(&txn)
                    .await?;
                "erased"
            }
            None => "erased",
        };
        let mut row: account_cancellation::ActiveModel = request.into();
        row.closed_at = Set(Some(now));
        row.outcome = Set(outcome.to_owned());
        row.update(&txn).await?;
        txn.commit().await?;
        settled += 1;
    }
    Ok(settled)
}
