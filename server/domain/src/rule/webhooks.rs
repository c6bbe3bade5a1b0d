//! Webhooks: addresses of an enterprise that receive its alarm events as signed JSON, and the
//! log of every delivery attempt. A delivery is one row per attempt; a pending attempt carries
//! `next_at`, so a restart picks up where the sender stopped. A failed attempt schedules the
//! next one after the configured delay until the delays run out.

use std::sync::Arc;
use std::time::Duration;

use chrono::{DateTime, Utc};
use entities::{webhook, webhook_delivery};
use hmac::{Hmac, Mac};
use rand::RngCore;
use sea_orm::sea_query::{Expr, ExprTrait};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DatabaseConnection, EntityTrait, QueryFilter,
    QueryOrder, QuerySelect, Set,
};
use serde::{Deserialize, Serialize};
use serde_json::json;
use sha2::Sha256;
use tokio::sync::Notify;
use utoipa::ToSchema;

use super::{check_kinds, check_level};
use crate::scope::{EnterpriseOwned, Scope};
use crate::vehicle::alarms::{ACKNOWLEDGED, AlarmEvent, CLEARED};
use crate::vehicle::wheels;
use kernel::config::PushSettings;
use kernel::db::write_txn;
use kernel::error::AppError;
use kernel::i18n::Lang;
use kernel::paging::{self, PageQuery, PageResult};
use kernel::text;
use kernel::validate::{json_list, to_json};

/// The header carrying `sha256=<hex HMAC-SHA256 of the body>`.
pub const SIGNATURE_HEADER: &str = "x-wheelend-signature";
/// Deliveries handled per round of the sender.
const ROUND: u64 = 32;
/// The sender looks for due deliveries at least this often (also after a missed wake-up).
const IDLE_CHECK: Duration = Duration::from_secs(30);

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Webhook {
    pub id: i64,
    pub ent_id: i64,
    pub url: String,
    /// Alarm kinds sent; empty: all.
    pub kinds: Vec<i16>,
    pub min_level: i16,
    pub enabled: bool,
    /// `…` and the secret's last four characters.
    pub secret_hint: String,
    /// HTTP status of the last attempt (null: none yet, or no answer).
    pub last_status: Option<i32>,
    pub last_delivered_at: Option<DateTime<Utc>>,
    /// Failed attempts since the last success.
    pub failures: i32,
    /// The signing secret: only in the answer that created or rotated it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub secret: Option<String>,
}

impl From<webhook::Model> for Webhook {
    fn from(w: webhook::Model) -> Self {
        let tail: String = w
            .secret
            .chars()
            .skip(w.secret.len().saturating_sub(4))
            .collect();
        Self {
            id: w.id,
            ent_id: w.enterprise_id,
            url: w.url,
            kinds: json_list(&w.kinds),
            min_level: w.min_level,
            enabled: w.enabled,
            secret_hint: format!("…{tail}"),
            last_status: w.last_status,
            last_delivered_at: w.last_delivered_at,
            failures: w.failures,
            secret: None,
        }
    }
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Delivery {
    pub id: i64,
    pub webhook_id: i64,
    pub alarm_id: i64,
    /// `alarm.raised`, `alarm.acknowledged` or `alarm.cleared`.
    pub event: String,
    /// 1 for the first attempt.
    pub attempt: i32,
    /// HTTP status answered (null: pending, or no answer).
    pub status: Option<i32>,
    pub error: Option<String>,
    /// When it succeeded.
    pub delivered_at: Option<DateTime<Utc>>,
    /// When a pending attempt is due.
    pub next_at: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
}

impl From<webhook_delivery::Model> for Delivery {
    fn from(d: webhook_delivery::Model) -> Self {
        Self {
            id: d.id,
            webhook_id: d.webhook_id,
            alarm_id: d.alarm_id,
            event: d.event,
            attempt: d.attempt,
            status: d.status,
            error: d.error,
            delivered_at: d.delivered_at,
            next_at: d.next_at,
            created_at: d.created_at,
        }
    }
}

fn not_found(id: i64) -> AppError {
    AppError::fail(text!("推送地址 {} 不存在", "No webhook {}", id))
}

impl EnterpriseOwned for webhook::Entity {
    const ENTERPRISE: Self::Column = webhook::Column::EnterpriseId;
    fn not_found(id: i64) -> AppError {
        not_found(id)
    }
}

/// Webhooks of an enterprise (default: the acting one), oldest first.
pub async fn list(
    db: &DatabaseConnection,
    scope: &Scope,
    ent_id: Option<i64>,
) -> Result<Vec<Webhook>, AppError> {
    let ent = scope.acting(ent_id)?;
    Ok(webhook::Entity::find()
        .filter(webhook::Column::EnterpriseId.eq(ent))
        .order_by_asc(webhook::Column::Id)
        .all(db)
        .await?
        .into_iter()
        .map(Webhook::from)
        .collect())
}

/// A webhook's delivery attempts, newest first.
pub async fn deliveries(
    db: &DatabaseConnection,
    scope: &Scope,
    id: i64,
    page: PageQuery,
) -> Result<PageResult<Delivery>, AppError> {
    scope.find::<webhook::Entity>(db, id).await?;
    let select = webhook_delivery::Entity::find()
        .filter(webhook_delivery::Column::WebhookId.eq(id))
        .order_by_desc(webhook_delivery::Column::Id);
    paging::fetch(db, select, page, Delivery::from).await
}

/// A webhook to create (no id), change or delete.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WebhookInput {
    pub id: Option<i64>,
    /// The enterprise of a new webhook (default: the acting one).
    #[serde(default, alias = "ent_id", alias = "enterpriseId")]
    pub ent_id: Option<i64>,
    /// http(s) address, at most 512 characters. Required unless deleting.
    #[serde(default)]
    pub url: String,
    /// Alarm kinds sent; empty: all.
    #[serde(default)]
    pub kinds: Vec<i16>,
    /// 1 warning (default), 2 critical.
    #[serde(default = "warning")]
    pub min_level: i16,
    #[serde(default = "yes")]
    pub enabled: bool,
    /// With `id`: delete the webhook (and its log).
    #[serde(default)]
    pub delete: bool,
    /// With `id`: issue a new secret (answered once).
    #[serde(default)]
    pub rotate_secret: bool,
}

fn warning() -> i16 {
    1
}

fn yes() -> bool {
    true
}

fn new_secret() -> String {
    let mut key = [0u8; 32];
    rand::rng().fill_bytes(&mut key);
    hex::encode(key)
}

fn check_url(url: &str) -> Result<String, AppError> {
    let url = url.trim();
    let bad = || {
        AppError::fail(text!(
            "url 须为 http 或 https 地址：{}",
            "url must be an http or https address: {}",
            url
        ))
    };
    if url.chars().count() > 512 {
        return Err(AppError::fail(text!(
            "url 不能超过 512 个字符",
            "url must be at most 512 characters"
        )));
    }
    let parsed = reqwest::Url::parse(url).map_err(|_| bad())?;
    if !matches!(parsed.scheme(), "http" | "https") || parsed.host_str().is_none() {
        return Err(bad());
    }
    Ok(url.to_owned())
}

/// Creates, changes, rotates the secret of, or deletes a webhook; answers it (with its
/// secret when just issued).
pub async fn save(
    db: &DatabaseConnection,
    scope: &Scope,
    input: &WebhookInput,
) -> Result<Webhook, AppError> {
    super::require_manager(scope)?;
    let now = Utc::now();
    if input.delete {
        let id = input
            .id
            .ok_or_else(|| AppError::fail(text!("删除需要 id", "Deleting needs an id")))?;
        let found = scope.find::<webhook::Entity>(db, id).await?;
        webhook::Entity::delete_by_id(id).exec(db).await?;
        return Ok(found.into());
    }
    let url = check_url(&input.url)?;
    let kinds = check_kinds("kinds", &input.kinds, false)?;
    let min_level = check_level("minLevel", input.min_level)?;
    let (mut row, issue): (webhook::ActiveModel, bool) = match input.id {
        Some(id) => (
            scope.find::<webhook::Entity>(db, id).await?.into(),
            input.rotate_secret,
        ),
        None => (
            webhook::ActiveModel {
                enterprise_id: Set(scope.acting(input.ent_id)?),
                failures: Set(0),
                created_at: Set(now),
                ..Default::default()
            },
            true,
        ),
    };
    let secret = issue.then(new_secret);
    if let Some(s) = &secret {
        row.secret = Set(s.clone());
    }
    row.url = Set(url);
    row.kinds = Set(to_json(&kinds));
    row.min_level = Set(min_level);
    row.enabled = Set(input.enabled);
    row.updated_at = Set(now);
    let id = row.save(db).await?.id.unwrap();
    let model = webhook::Entity::find_by_id(id)
        .one(db)
        .await?
        .ok_or_else(|| not_found(id))?;
    let mut answer = Webhook::from(model);
    answer.secret = secret;
    Ok(answer)
}

/// `sha256=<hex HMAC-SHA256 of body keyed with secret>`.
pub fn signature(secret: &str, body: &[u8]) -> String {
    let mut mac = <Hmac<Sha256> as Mac>::new_from_slice(secret.as_bytes())
        .expect("HMAC takes a key of any length");
    mac.update(body);
    format!("sha256={}", hex::encode(mac.finalize().into_bytes()))
}

fn event_name(state: i16) -> &'static str {
    match state {
        ACKNOWLEDGED => "alarm.acknowledged",
        CLEARED => "alarm.cleared",
        _ => "alarm.raised",
    }
}

/// Queues the alarm change for every enabled webhook of its enterprise that wants its kind
/// and level; answers how many deliveries were queued.
pub async fn enqueue(db: &impl ConnectionTrait, a: &AlarmEvent) -> Result<usize, AppError> {
    let wanted: Vec<webhook::Model> = webhook::Entity::find()
        .filter(webhook::Column::EnterpriseId.eq(a.enterprise_id))
        .filter(webhook::Column::Enabled.eq(true))
        .filter(webhook::Column::MinLevel.lte(a.level))
        .all(db)
        .await?
        .into_iter()
        .filter(|w| {
            let kinds: Vec<i16> = json_list(&w.kinds);
            kinds.is_empty() || kinds.contains(&a.kind)
        })
        .collect();
    if wanted.is_empty() {
        return Ok(0);
    }
    let event = event_name(a.state);
    let wheels_per_axle = a.axles(db).await?;
    // the position as people say it, in both languages: a receiver may serve either
    let named =
        |lang| wheels::alarm_position_name(a.kind, a.position, wheels_per_axle.as_deref(), lang);
    let position_name = named(Lang::Zh)
        .zip(named(Lang::En))
        .map(|(zh, en)| json!({"zh": zh, "en": en}));
    let payload = json!({
        "event": event,
        "alarm": a,
        "positionName": position_name,
        "vehicle": {"id": a.vehicle_id, "plate": a.plate},
        "enterprise": {"id": a.enterprise_id},
    })
    .to_string();
    let now = Utc::now();
    webhook_delivery::Entity::insert_many(
        wanted
            .iter()
            .map(|w| first_attempt(w.id, a.id, event, payload.clone(), now)),
    )
    .exec_without_returning(db)
    .await?;
    Ok(wanted.len())
}

/// The first attempt to deliver `payload` to a webhook, due `now` (`alarm_id` 0: not an
/// alarm's event, e.g. a periodic report's).
pub fn first_attempt(
    webhook_id: i64,
    alarm_id: i64,
    event: &str,
    payload: String,
    now: DateTime<Utc>,
) -> webhook_delivery::ActiveModel {
    webhook_delivery::ActiveModel {
        webhook_id: Set(webhook_id),
        alarm_id: Set(alarm_id),
        event: Set(event.to_owned()),
        payload: Set(payload),
        attempt: Set(1),
        status: Set(None),
        error: Set(None),
        delivered_at: Set(None),
        next_at: Set(Some(now)),
        created_at: Set(now),
        ..Default::default()
    }
}

/// Sends due deliveries in the background.
#[derive(Clone)]
pub struct Sender {
    db: DatabaseConnection,
    client: reqwest::Client,
    delays: Arc<[Duration]>,
    due: Arc<Notify>,
}

impl Sender {
    pub fn new(db: DatabaseConnection, cfg: &PushSettings) -> Self {
        let client = reqwest::Client::builder()
            .timeout(Duration::from_secs(cfg.timeout_secs))
            .redirect(reqwest::redirect::Policy::none())
            .build()
            .expect("an HTTP client with a timeout");
        Self {
            db,
            client,
            delays: cfg
                .retry_delays_secs
                .iter()
                .map(|s| Duration::from_secs(*s))
                .collect(),
            due: Arc::new(Notify::new()),
        }
    }

    /// Wakes the sender: deliveries were queued.
    pub fn wake(&self) {
        self.due.notify_one();
    }

    /// Runs forever: sends what is due, then sleeps until the next attempt is due or new
    /// deliveries are queued.
    pub async fn run(self) {
        loop {
            let handled = match self.round().await {
                Ok(n) => n,
                Err(err) => {
                    tracing::warn!(%err, "webhook deliveries");
                    0
                }
            };
            if handled == ROUND {
                continue;
            }
            let wait = match self.next_due().await {
                Ok(Some(at)) => (at - Utc::now())
                    .to_std()
                    .unwrap_or_default()
                    .min(IDLE_CHECK),
                Ok(None) | Err(_) => IDLE_CHECK,
            };
            tokio::select! {
                () = tokio::time::sleep(wait) => {}
                () = self.due.notified() => {}
            }
        }
    }

    async fn next_due(&self) -> Result<Option<DateTime<Utc>>, AppError> {
        Ok(webhook_delivery::Entity::find()
            .select_only()
            .column(webhook_delivery::Column::NextAt)
            .filter(webhook_delivery::Column::NextAt.is_not_null())
            .order_by_asc(webhook_delivery::Column::NextAt)
            .into_tuple::<Option<DateTime<Utc>>>()
            .one(&self.db)
            .await?
            .flatten())
    }

    /// Sends up to [`ROUND`] due deliveries at once; answers how many.
    async fn round(&self) -> Result<u64, AppError> {
        let due = webhook_delivery::Entity::find()
            .filter(webhook_delivery::Column::NextAt.lte(Utc::now()))
            .order_by_asc(webhook_delivery::Column::NextAt)
            .limit(ROUND)
            .all(&self.db)
            .await?;
        let n = due.len() as u64;
        let results = futures::future::join_all(due.into_iter().map(|d| self.attempt(d))).await;
        for r in results {
            r?;
        }
        Ok(n)
    }

    /// Makes one attempt and logs it; schedules the next one after a failure while the
    /// delays last.
    async fn attempt(&self, d: webhook_delivery::Model) -> Result<(), AppError> {
        let hook = webhook::Entity::find_by_id(d.webhook_id)
            .one(&self.db)
            .await?;
        let outcome = match &hook {
            Some(h) if h.enabled => self.post(h, &d).await,
            _ => Err((None, "the webhook was disabled".to_owned())),
        };
        let now = Utc::now();
        let txn = write_txn(&self.db).await?;
        let mut row: webhook_delivery::ActiveModel = d.clone().into();
        row.next_at = Set(None);
        match &outcome {
            Ok(status) => {
                row.status = Set(Some(*status));
                row.delivered_at = Set(Some(now));
            }
            Err((status, error)) => {
                row.status = Set(*status);
                row.error = Set(Some(error.clone()));
            }
        }
        row.update(&txn).await?;
        if hook.is_some() {
            let status = match &outcome {
                Ok(s) => Some(*s),
                Err((s, _)) => *s,
            };
            // Counted in the statement: a round sends to one webhook several times at once, and
            // a count read before the request would lose the others' failures.
            let counted = if outcome.is_ok() {
                webhook::Entity::update_many()
                    .col_expr(webhook::Column::Failures, Expr::value(0))
                    .col_expr(webhook::Column::LastDeliveredAt, Expr::value(now))
            } else {
                webhook::Entity::update_many().col_expr(
                    webhook::Column::Failures,
                    Expr::col(webhook::Column::Failures).add(1),
                )
            };
            counted
                .col_expr(webhook::Column::LastStatus, Expr::value(status))
                .filter(webhook::Column::Id.eq(d.webhook_id))
                .exec(&txn)
                .await?;
        }
        let retry = usize::try_from(d.attempt - 1)
            .ok()
            .and_then(|i| self.delays.get(i));
        if let (Err(_), Some(delay)) = (&outcome, retry) {
            let next = now + chrono::Duration::from_std(*delay).unwrap_or_default();
            webhook_delivery::ActiveModel {
                webhook_id: Set(d.webhook_id),
                alarm_id: Set(d.alarm_id),
                event: Set(d.event),
                payload: Set(d.payload),
                attempt: Set(d.attempt + 1),
                status: Set(None),
                error: Set(None),
                delivered_at: Set(None),
                next_at: Set(Some(next)),
                created_at: Set(now),
                ..Default::default()
            }
            .insert(&txn)
            .await?;
        }
        txn.commit().await?;
        Ok(())
    }

    /// POSTs the payload, signed; a 2xx answer is a success.
    async fn post(
        &self,
        hook: &webhook::Model,
        d: &webhook_delivery::Model,
    ) -> Result<i32, (Option<i32>, String)> {
        let answer = self
            .client
            .post(&hook.url)
            .header(reqwest::header::CONTENT_TYPE, "application/json")
            .header(
                SIGNATURE_HEADER,
                signature(&hook.secret, d.payload.as_bytes()),
            )
            .header("x-wheelend-event", &d.event)
            .header("x-wheelend-delivery", d.id.to_string())
            .body(d.payload.clone())
            .send()
            .await
            // The error names the URL, which may carry credentials of its own.
            .map_err(|e| (None, entities::secrets::mask(&e.to_string())))?;
        let status = i32::from(answer.status().as_u16());
        if answer.status().is_success() {
            Ok(status)
        } else {
            Err((Some(status), format!("HTTP {status}")))
        }
    }
}
