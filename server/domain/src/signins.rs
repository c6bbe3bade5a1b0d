//! The sign-in audit (`sys_login_records`): every attempt to sign in — by password, account
//! switch, visitor, SMS code, QR confirmation or registration — with the account, the name
//! given, the address, the browser, the method and what came of it. Never the token, the
//! password or the code. Sign-ins are open calls, so the operation log does not see them.

use chrono::{DateTime, Utc};
use entities::{sys_login_record, sys_user_authority};
use sea_orm::{
    ColumnTrait, DatabaseConnection, EntityTrait, QueryFilter, QueryOrder, QuerySelect, QueryTrait,
    Set,
};
use serde::Serialize;
use utoipa::ToSchema;

use super::oplog::{self, UserBrief};
use super::retention;
use crate::scope::Scope;
use kernel::error::AppError;
use kernel::paging::{self, PageQuery, PageResult};

/// How a sign-in was attempted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Method {
    /// Username and password (`/base/login`).
    Password,
    /// A stored alternate account's token exchanged for a session (`/base/login`).
    Switch,
    /// The built-in visitor (`/base/login`, `type: visitorLogin`).
    Visitor,
    /// A phone and its SMS code (`/user/login`).
    Sms,
    /// A QR code confirmed on a signed-in phone (`/base/scan`).
    Qr,
    /// A new account signed in by its registration (`/base/register`).
    Register,
}

impl Method {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Password => "password",
            Self::Switch => "switch",
            Self::Visitor => "visitor",
            Self::Sms => "sms",
            Self::Qr => "qr",
            Self::Register => "register",
        }
    }
}

/// What came of a sign-in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    Ok,
    /// A known account, a wrong password (or none given).
    BadPassword,
    UnknownUser,
    /// The captcha was needed and missing or wrong.
    Captcha,
    /// The account is disabled.
    Frozen,
    /// Too many failures: the account is locked for a while.
    Throttled,
    /// A wrong or expired SMS code.
    BadCode,
    /// An alternate account's token that is expired, revoked or invalid.
    Expired,
    /// The server failed.
    Error,
}

impl Outcome {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Ok => "ok",
            Self::BadPassword => "bad_password",
            Self::UnknownUser => "unknown_user",
            Self::Captcha => "captcha",
            Self::Frozen => "frozen",
            Self::Throttled => "throttled",
            Self::BadCode => "bad_code",
            Self::Expired => "expired",
            Self::Error => "error",
        }
    }
}

/// Where a sign-in comes from.
#[derive(Debug, Clone, Default)]
pub struct Origin {
    pub ip: String,
    pub agent: String,
}

/// One attempt, as the session service saw it.
pub struct Attempt<'a> {
    pub method: Method,
    /// The name (or phone) given, or the account's name when none was typed.
    pub username: &'a str,
    pub user_id: Option<i64>,
    pub outcome: Outcome,
}

/// Longest stored name or user agent.
const MAX_TEXT: usize = 256;

fn clip(text: &str) -> String {
    text.chars().take(MAX_TEXT).collect()
}

/// Stores an attempt in the background: the sign-in does not wait for its audit.
pub fn record(db: &DatabaseConnection, origin: &Origin, attempt: &Attempt<'_>) {
    let row = sys_login_record::ActiveModel {
        user_id: Set(attempt.user_id),
        username: Set(clip(attempt.username.trim())),
        ip: Set(origin.ip.clone()),
        agent: Set(clip(&origin.agent)),
        method: Set(attempt.method.as_str().to_owned()),
        result: Set(attempt.outcome.as_str().to_owned()),
        created_at: Set(Utc::now()),
        ..Default::default()
    };
    let db = db.clone();
    tokio::spawn(async move {
        if let Err(err) = sys_login_record::Entity::insert(row)
            .exec_without_returning(&db)
            .await
        {
            tracing::warn!(error = %err, "could not store a sign-in record");
        }
    });
}

/// Filters of the sign-in list; all optional.
#[derive(Debug, Default, Clone)]
pub struct SignInFilter {
    /// Part of the name given.
    pub username: Option<String>,
    /// Exact address.
    pub ip: Option<String>,
    /// An [`Outcome`] name (`ok`, `bad_password`, …).
    pub result: Option<String>,
    /// Inclusive bounds on the time of the attempt.
    pub from: Option<DateTime<Utc>>,
    pub to: Option<DateTime<Utc>>,
}

/// A sign-in attempt as the list shows it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SignInRow {
    #[serde(rename = "ID")]
    pub id: i64,
    #[serde(rename = "CreatedAt")]
    pub created_at: DateTime<Utc>,
    /// The account, when one is known.
    pub user_id: Option<i64>,
    /// The name (or phone) given.
    pub username: String,
    /// The account's display name, when it still exists.
    pub nick_name: Option<String>,
    pub ip: String,
    pub agent: String,
    /// password, switch, visitor, sms, qr or register.
    pub method: String,
    /// ok, bad_password, unknown_user, captcha, frozen, throttled, bad_code, expired or error.
    pub result: String,
}

fn given(text: Option<&str>) -> Option<&str> {
    text.map(str::trim).filter(|t| !t.is_empty())
}

/// One page of attempts, newest first. Platform staff see every attempt; anyone else sees
/// the attempts on accounts that are members of the enterprises their scope covers (never
/// those naming no known account).
pub async fn list(
    db: &DatabaseConnection,
    scope: &Scope,
    filter: &SignInFilter,
    page: PageQuery,
) -> Result<PageResult<SignInRow>, AppError> {
    use sys_login_record::Column as C;
    let mut q = sys_login_record::Entity::find()
        .order_by_desc(C::CreatedAt)
        .order_by_desc(C::Id);
    if !scope.platform {
        let members = sys_user_authority::Entity::find()
            .select_only()
            .column(sys_user_authority::Column::UserId)
            .filter(scope.filter(sys_user_authority::Column::EnterpriseId))
            .into_query();
        q = q.filter(C::UserId.in_subquery(members));
    }
    if let Some(name) = given(filter.username.as_deref()) {
        q = q.filter(kernel::search::contains(C::Username, name));
    }
    if let Some(ip) = given(filter.ip.as_deref()) {
        q = q.filter(C::Ip.eq(ip));
    }
    if let Some(result) = given(filter.result.as_deref()) {
        q = q.filter(C::Result.eq(result));
    }
    if let Some(from) = filter.from {
        q = q.filter(C::CreatedAt.gte(from));
    }
    if let Some(to) = filter.to {
        q = q.filter(C::CreatedAt.lte(to));
    }
    let page = paging::fetch(db, q, page, |r| r).await?;
    let users = oplog::briefs(db, page.list.iter().filter_map(|r| r.user_id)).await?;
    Ok(PageResult {
        list: page
            .list
            .into_iter()
            .map(|r| SignInRow {
                nick_name: r
                    .user_id
                    .and_then(|id| users.get(&id))
                    .map(|u: &UserBrief| u.nick_name.clone()),
                id: r.id,
                created_at: r.created_at,
                user_id: r.user_id,
                username: r.username,
                ip: r.ip,
                agent: r.agent,
                method: r.method,
                result: r.result,
            })
            .collect(),
        total: page.total,
        page: page.page,
        page_size: page.page_size,
    })
}

/// Deletes the attempts made before `before` (retention); answers how many went.
///
/// # Errors
/// When the database fails.
pub async fn prune(db: &DatabaseConnection, before: DateTime<Utc>) -> Result<u64, AppError> {
    use sys_login_record::{Column, Entity};
    retention::delete_before::<Entity>(db, Column::Id, Column::CreatedAt, before).await
}
