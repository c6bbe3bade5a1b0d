//! Scheduled delivery of the periodic report. Once a minute the scheduler looks for
//! subscriptions whose latest finished period has not gone out: a day is finished 30 minutes
//! after UTC midnight (the finished-days follower closes it at 00:10), a week on Monday, a
//! month on the 1st. For each it reads the report as the member sees it acting for the
//! subscription's enterprise, writes the file under `<data dir>/reports/`, and in one
//! transaction records the delivery (unique per subscription and period: a second run, a
//! second server or a restart sends nothing twice), writes the in-console message and queues
//! the webhook delivery; the message goes to the member's websocket after the commit.
//!
//! The file is read back by a random token (`GET /dataReport/periodic_delivery?token=`), the
//! link in the message and in the webhook's JSON; a webhook also gets the file itself,
//! base64, when it is at most [`ATTACH_MAX_BYTES`].

use std::collections::HashSet;
use std::path::Path;

use base64::Engine as _;
use chrono::{DateTime, Duration, NaiveDate, Utc};
use entities::{
    push_message, report_delivery, report_subscription, sys_user, sys_user_authority, webhook,
};
use rand::RngCore;
use sea_orm::sea_query::OnConflict;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, DatabaseConnection, DbErr, EntityTrait, QueryFilter, Set,
};
use serde::{Deserialize, Serialize};
use serde_json::json;
use utoipa::ToSchema;

use super::{ReportFile, ReportFiles, ReportFormat, check_day, render};
use crate::files::human_size;
use crate::live::hub::LiveHub;
use crate::principal::Principal;
use crate::report::rollups::{Cadence, PeriodicRequest};
use crate::rule::CHANNEL_CONSOLE;
use crate::rule::messages::message;
use crate::rule::webhooks::first_attempt;
use crate::scope::{Scope, TreeCache};
use crate::vehicle::mileage::DayRange;
use kernel::db::write_txn;
use kernel::error::AppError;
use kernel::i18n::Lang;
use kernel::text;

/// How long after UTC midnight a day counts as finished for reports.
const DAY_SETTLES: Duration = Duration::minutes(30);
/// A webhook gets the file itself (base64, in `file`) up to this size; beyond it the link.
pub const ATTACH_MAX_BYTES: usize = 128 * 1024;
/// The webhook event of a delivered report.
pub const REPORT_EVENT: &str = "report.ready";
const SENT: &str = "sent";
const SKIPPED: &str = "skipped";

/// The download link of a delivered file.
pub fn link(origin: &str, token: &str) -> String {
    format!(
        "{}/api/dataReport/periodic_delivery?token={token}",
        origin.trim_end_matches('/')
    )
}

/// What one pass of the scheduler did.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Pass {
    /// Reports sent.
    pub sent: usize,
    /// Periods recorded as skipped (the member can no longer read the enterprise, or the
    /// report could not be written, e.g. no PDF font).
    pub skipped: usize,
}

/// A delivery as answered by "send now".
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = ReportDelivery)]
pub struct Delivered {
    pub id: i64,
    pub start_date: NaiveDate,
    pub end_date: NaiveDate,
    pub file_name: String,
    pub bytes: i64,
    pub url: String,
    /// The in-console message written (none without the console channel).
    pub message_id: Option<i64>,
    /// Whether a webhook delivery was queued.
    pub webhook_queued: bool,
}

/// The last day whose report may go out at `now`.
fn last_settled_day(now: DateTime<Utc>) -> NaiveDate {
    (now - DAY_SETTLES).date_naive() - Duration::days(1)
}

/// Sends every subscription's latest finished period that has not gone out, as of `now`.
/// A period that ended before the subscription was made is not sent; after a long stop only
/// the latest period of each cadence goes out.
///
/// # Errors
/// When the subscriptions cannot be read; a failure of one delivery is logged and retried
/// on the next pass.
pub async fn run_due(
    db: &DatabaseConnection,
    live: &LiveHub,
    files: &ReportFiles,
    now: DateTime<Utc>,
) -> Result<Pass, AppError> {
    let settled = last_settled_day(now);
    let periods: Vec<(Cadence, DayRange)> = [Cadence::Daily, Cadence::Weekly, Cadence::Monthly]
        .into_iter()
        .map(|c| (c, c.last_ended(settled)))
        .collect();
    let done: HashSet<(i64, NaiveDate)> = report_delivery::Entity::find()
        .filter(
            report_delivery::Column::ScheduledFor.is_in(periods.iter().map(|(_, r)| r.start_date)),
        )
        .all(db)
        .await?
        .into_iter()
        .filter_map(|d| Some((d.subscription_id, d.scheduled_for?)))
        .collect();
    let tree = TreeCache::default();
    let mut pass = Pass::default();
    for sub in report_subscription::Entity::find().all(db).await? {
        let Some((_, range)) = periods
            .iter()
            .find(|(c, _)| Cadence::parse(&sub.cadence) == Some(*c))
        else {
            continue;
        };
        if range.end_date < sub.created_at.date_naive()
            || done.contains(&(sub.id, range.start_date))
        {
            continue;
        }
        match deliver(db, live, files, &tree, &sub, *range, true).await {
            Ok(Some(Outcome::Sent(_))) => pass.sent += 1,
            Ok(Some(Outcome::Skipped)) => pass.skipped += 1,
            Ok(None) => {}
            Err(err) => tracing::warn!(%err, subscription = sub.id, "delivering a periodic report"),
        }
    }
    Ok(pass)
}

/// Starts the scheduler: a pass once a minute.
pub fn every_minute(db: DatabaseConnection, live: LiveHub, files: ReportFiles) {
    tokio::spawn(async move {
        let mut tick = tokio::time::interval(std::time::Duration::from_secs(60));
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            tick.tick().await;
            match run_due(&db, &live, &files, Utc::now()).await {
                Ok(p) if p.sent > 0 || p.skipped > 0 => {
                    tracing::info!(sent = p.sent, skipped = p.skipped, "periodic reports");
                }
                Ok(_) => {}
                Err(err) => tracing::warn!(%err, "the periodic reports pass"),
            }
        }
    });
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = SubscriptionSendRequest)]
pub struct SendRequest {
    /// The subscription (the caller's own, or any of the enterprise's for an administrator).
    pub id: i64,
    /// A day of the period to send (default: the latest finished period).
    #[serde(default)]
    pub day: Option<NaiveDate>,
}

/// Sends a subscription's report now, outside the schedule (it does not count as the
/// period's scheduled delivery). Refuses what the scheduler would skip.
pub async fn send_now(
    db: &DatabaseConnection,
    live: &LiveHub,
    files: &ReportFiles,
    scope: &Scope,
    req: &SendRequest,
) -> Result<Delivered, AppError> {
    let sub = super::subscriptions::find(db, scope, req.id).await?;
    let cadence = Cadence::parse(&sub.cadence).ok_or_else(|| bad_row(&sub))?;
    let range = match req.day {
        Some(day) => {
            check_day(day)?;
            cadence.period(day)
        }
        None => cadence.last_ended(last_settled_day(Utc::now())),
    };
    let tree = TreeCache::default();
    match deliver(db, live, files, &tree, &sub, range, false).await? {
        Some(Outcome::Sent(d)) => Ok(d),
        _ => Err(AppError::fail(text!(
            "报表未能发送",
            "The report could not be sent"
        ))),
    }
}

enum Outcome {
    Sent(Delivered),
    Skipped,
}

fn bad_row(sub: &report_subscription::Model) -> AppError {
    AppError::Internal(anyhow::anyhow!(
        "report subscription {} holds an unknown cadence or format",
        sub.id
    ))
}

/// The member's scope acting for the subscription's enterprise, as a request of theirs
/// would have it; a refusal when they can no longer read it.
async fn subscriber_scope(
    db: &DatabaseConnection,
    tree: &TreeCache,
    sub: &report_subscription::Model,
) -> Result<Scope, AppError> {
    let user = sys_user::Entity::find_by_id(sub.user_id)
        .one(db)
        .await?
        .filter(|u| u.enable == 1 && !u.is_visitor)
        .ok_or_else(|| {
            AppError::fail(text!(
                "用户 {} 已停用或不存在",
                "User {} is frozen or gone",
                sub.user_id
            ))
        })?;
    let memberships = sys_user_authority::Entity::find()
        .filter(sys_user_authority::Column::UserId.eq(user.id))
        .all(db)
        .await?;
    let principal = Principal { user, memberships };
    Scope::resolve(db, tree, &principal, Some(sub.enterprise_id), false).await
}

/// Reads the report for `sub` over `range` and sends it; for a scheduled delivery, `None`
/// when the period has already gone out. A report that cannot be read for the member is
/// recorded as skipped when scheduled, refused when asked for by hand.
async fn deliver(
    db: &DatabaseConnection,
    live: &LiveHub,
    files: &ReportFiles,
    tree: &TreeCache,
    sub: &report_subscription::Model,
    range: DayRange,
    scheduled: bool,
) -> Result<Option<Outcome>, AppError> {
    let cadence = Cadence::parse(&sub.cadence).ok_or_else(|| bad_row(sub))?;
    let format = ReportFormat::parse(&sub.format).ok_or_else(|| bad_row(sub))?;
    let lang = Lang::parse(&sub.lang).unwrap_or_default();
    let req = PeriodicRequest {
        cadence,
        day: range.start_date,
        enterprise_id: None,
    };
    let rendered = match subscriber_scope(db, tree, sub).await {
        Ok(scope) => render(db, &scope, &req, format, lang, files).await,
        Err(e) => Err(e),
    };
    let file = match rendered {
        Ok(file) => file,
        Err(AppError::Fail(why) | AppError::Field(_, why)) if scheduled => {
            let note = why.get(lang).to_owned();
            let recorded = record(db, sub, range, scheduled, None, Some(note)).await?;
            return Ok(recorded.map(|_| Outcome::Skipped));
        }
        Err(e) => return Err(e),
    };
    let token = new_token();
    let path = format!(
        "reports/{}/{token}.{}",
        range.start_date.format("%Y/%m"),
        format.as_str()
    );
    let full = files.data_dir.join(&path);
    write_file(&full, &file.bytes).await?;
    let sent = send(db, sub, range, scheduled, &file, &token, &path, lang).await;
    match sent {
        Ok(Some((delivered, written))) => {
            if let Some(m) = written {
                let (user, ent) = (m.user_id, m.enterprise_id);
                live.publish_to(user, ent, 0, &message(m, None));
            }
            Ok(Some(Outcome::Sent(delivered)))
        }
        other => {
            // Already sent by another pass, or not recorded: the file is nobody's.
            let _ = tokio::fs::remove_file(&full).await;
            other.map(|_| None)
        }
    }
}

fn new_token() -> String {
    let mut key = [0u8; 32];
    rand::rng().fill_bytes(&mut key);
    hex::encode(key)
}

async fn write_file(full: &Path, bytes: &[u8]) -> Result<(), AppError> {
    if let Some(dir) = full.parent() {
        tokio::fs::create_dir_all(dir).await.map_err(io)?;
    }
    tokio::fs::write(full, bytes).await.map_err(io)
}

fn io(e: std::io::Error) -> AppError {
    AppError::Internal(anyhow::Error::new(e).context("a periodic report file"))
}

/// Inserts the delivery row; `None` when the scheduled period is already recorded.
async fn record(
    db: &impl sea_orm::ConnectionTrait,
    sub: &report_subscription::Model,
    range: DayRange,
    scheduled: bool,
    file: Option<(&ReportFile, &str, &str)>,
    note: Option<String>,
) -> Result<Option<report_delivery::Model>, AppError> {
    let token = file.map_or_else(new_token, |(_, token, _)| token.to_owned());
    let row = report_delivery::ActiveModel {
        subscription_id: Set(sub.id),
        enterprise_id: Set(sub.enterprise_id),
        user_id: Set(sub.user_id),
        cadence: Set(sub.cadence.clone()),
        format: Set(sub.format.clone()),
        start_date: Set(range.start_date),
        end_date: Set(range.end_date),
        scheduled_for: Set(scheduled.then_some(range.start_date)),
        token: Set(token),
        file_name: Set(file
            .map(|(f, _, _)| f.file_name.clone())
            .unwrap_or_default()),
        path: Set(file.map(|(_, _, p)| p.to_owned())),
        bytes: Set(file.map_or(0, |(f, _, _)| {
            i64::try_from(f.bytes.len()).unwrap_or(i64::MAX)
        })),
        outcome: Set(if file.is_some() { SENT } else { SKIPPED }.to_owned()),
        note: Set(note),
        created_at: Set(Utc::now()),
        ..Default::default()
    };
    let inserted = report_delivery::Entity::insert(row)
        .on_conflict(
            OnConflict::columns([
                report_delivery::Column::SubscriptionId,
                report_delivery::Column::ScheduledFor,
            ])
            .do_nothing()
            .to_owned(),
        )
        .exec(db)
        .await;
    let id = match inserted {
        Ok(r) => r.last_insert_id,
        Err(DbErr::RecordNotInserted) => return Ok(None),
        Err(e) => return Err(e.into()),
    };
    Ok(report_delivery::Entity::find_by_id(id).one(db).await?)
}

/// Records the delivery, writes the message and queues the webhook in one transaction.
#[allow(clippy::too_many_arguments)]
async fn send(
    db: &DatabaseConnection,
    sub: &report_subscription::Model,
    range: DayRange,
    scheduled: bool,
    file: &ReportFile,
    token: &str,
    path: &str,
    lang: Lang,
) -> Result<Option<(Delivered, Option<push_message::Model>)>, AppError> {
    let txn = write_txn(db).await?;
    let Some(row) = record(&txn, sub, range, scheduled, Some((file, token, path)), None).await?
    else {
        return Ok(None);
    };
    let url = link(&sub.origin, token);
    let cadence = Cadence::parse(&sub.cadence).ok_or_else(|| bad_row(sub))?;
    let title = format!(
        "{} {}",
        cadence.title().get(lang),
        super::period(range.start_date, range.end_date)
    );
    let size = human_size(file.bytes.len() as u64);
    let format_name = sub.format.to_uppercase();
    let content = match lang {
        Lang::Zh => format!("{title}（{format_name}，{size}）已生成，下载：{url}"),
        Lang::En => format!("{title} ({format_name}, {size}) is ready. Download: {url}"),
    };
    let now = Utc::now();
    let message = if sub.console {
        Some(
            push_message::ActiveModel {
                enterprise_id: Set(sub.enterprise_id),
                user_id: Set(sub.user_id),
                rule_id: Set(None),
                alarm_id: Set(None),
                vehicle_id: Set(None),
                kind: Set(None),
                level: Set(None),
                title: Set(title),
                content: Set(content),
                channel: Set(CHANNEL_CONSOLE.to_owned()),
                masked: Set(false),
                read_at: Set(None),
                created_at: Set(now),
                ..Default::default()
            }
            .insert(&txn)
            .await?,
        )
    } else {
        None
    };
    let hook = match sub.webhook_id {
        Some(id) => webhook::Entity::find_by_id(id)
            .one(&txn)
            .await?
            .filter(|w| w.enabled && w.enterprise_id == sub.enterprise_id),
        None => None,
    };
    if let Some(hook) = &hook {
        let mut payload = json!({
            "event": REPORT_EVENT,
            "report": {
                "cadence": sub.cadence,
                "startDate": range.start_date,
                "endDate": range.end_date,
                "format": sub.format,
                "fileName": file.file_name,
                "contentType": file.content_type,
                "bytes": file.bytes.len(),
                "url": url,
            },
            "enterprise": {"id": sub.enterprise_id},
            "user": {"id": sub.user_id},
        });
        if file.bytes.len() <= ATTACH_MAX_BYTES {
            payload["file"] = base64::engine::general_purpose::STANDARD
                .encode(&file.bytes)
                .into();
        }
        // Not an alarm's event: alarm id 0.
        first_attempt(hook.id, 0, REPORT_EVENT, payload.to_string(), now)
            .insert(&txn)
            .await?;
    }
    txn.commit().await?;
    let delivered = Delivered {
        id: row.id,
        start_date: row.start_date,
        end_date: row.end_date,
        file_name: row.file_name,
        bytes: row.bytes,
        url,
        message_id: message.as_ref().map(|m| m.id),
        webhook_queued: hook.is_some(),
    };
    Ok(Some((delivered, message)))
}

/// A delivered file by the token of its link.
pub async fn file_by_token(
    db: &DatabaseConnection,
    files: &ReportFiles,
    token: &str,
) -> Result<ReportFile, AppError> {
    let unknown = || {
        AppError::field(
            "token",
            text!(
                "报表链接无效或文件已不再保留",
                "The report link is unknown or its file is no longer kept"
            ),
        )
    };
    let token = token.trim();
    if token.len() != 64 || !token.chars().all(|c| c.is_ascii_hexdigit()) {
        return Err(unknown());
    }
    let row = report_delivery::Entity::find()
        .filter(report_delivery::Column::Token.eq(token))
        .one(db)
        .await?
        .ok_or_else(unknown)?;
    let (Some(path), Some(format)) = (row.path, ReportFormat::parse(&row.format)) else {
        return Err(unknown());
    };
    let bytes = tokio::fs::read(files.data_dir.join(path))
        .await
        .map_err(|_| unknown())?;
    Ok(ReportFile {
        file_name: row.file_name,
        content_type: format.content_type(),
        bytes,
    })
}
