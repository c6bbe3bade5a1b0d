//! The MQTT console (docs/mqtt.md): what the MQTT listener measured (messages, reports accepted
//! and refused by reason, a per-minute ring of the last hour, the devices seen publishing),
//! the broker's own meters where the embedded broker gives them, and the console's rules:
//! subscriptions (extra topic filters whose messages are kept in a bounded recent-message
//! buffer), routes (filters whose messages are republished to a target topic) and the
//! publisher. Rules live in `mqtt_rules` and take effect at once through the console's own
//! MQTT connection to the broker (the tap, `tap.rs`). Everything else is in memory and
//! starts empty with the server.

pub mod rules;
mod tap;
pub mod topics;

use std::collections::{BTreeMap, HashMap, VecDeque};
use std::sync::{Arc, Mutex, OnceLock, RwLock};

use chrono::{DateTime, Utc};
use entities::{device, enterprise, mqtt_rule};
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, QuerySelect};
use secrecy::ExposeSecret as _;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use domain::scope::Scope;
use kernel::config::Config;
use kernel::error::AppError;
use kernel::paging::{PageQuery, PageResult};
use kernel::text;

/// Minutes the rate ring keeps.
pub const MINUTES: usize = 60;
/// Devices tracked at most; beyond it new devices are counted but not listed.
pub const MAX_CLIENTS: usize = 100_000;
/// Messages kept per subscription.
pub const BUFFER: usize = 100;
/// Characters of a payload kept in a buffer.
pub const PREVIEW: usize = 2048;

/// One minute of the rate ring.
#[derive(Debug, Clone, Copy, Default, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MqttMinute {
    /// The minute's start (UTC, RFC 3339).
    #[schema(value_type = String)]
    pub at: DateTime<Utc>,
    /// Messages on the report topic.
    pub messages: u64,
    /// Reports accepted from them.
    pub accepted: u64,
    /// Reports refused (and messages that were not reports).
    pub refused: u64,
    /// Messages the console's subscriptions and routes received.
    pub tapped: u64,
    /// Messages routes republished.
    pub forwarded: u64,
}

#[derive(Default, Clone, Copy)]
struct Slot {
    minute: i64,
    messages: u64,
    accepted: u64,
    refused: u64,
    tapped: u64,
    forwarded: u64,
}

struct Stats {
    messages: u64,
    accepted: u64,
    refused: BTreeMap<String, u64>,
    tapped: u64,
    forwarded: u64,
    skipped: u64,
    published: u64,
    untracked: u64,
    ring: [Slot; MINUTES],
}

impl Default for Stats {
    fn default() -> Self {
        Self {
            messages: 0,
            accepted: 0,
            refused: BTreeMap::new(),
            tapped: 0,
            forwarded: 0,
            skipped: 0,
            published: 0,
            untracked: 0,
            ring: [Slot::default(); MINUTES],
        }
    }
}

impl Stats {
    fn slot(&mut self, now: DateTime<Utc>) -> &mut Slot {
        let minute = now.timestamp().div_euclid(60);
        let index = usize::try_from(minute.rem_euclid(MINUTES as i64)).unwrap_or_default();
        let slot = &mut self.ring[index];
        if slot.minute != minute {
            *slot = Slot {
                minute,
                ..Slot::default()
            };
        }
        slot
    }
}

#[derive(Debug, Clone)]
struct ClientEntry {
    first_at: DateTime<Utc>,
    last_at: DateTime<Utc>,
    messages: u64,
    accepted: u64,
    refused: u64,
    last_refusal: Option<String>,
}

/// A message a subscription kept.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MqttMessage {
    pub topic: String,
    /// The payload as text (lossy UTF-8), at most 2048 characters; a JSON object's `key`
    /// (a device key) is shown as `***`.
    pub payload: String,
    /// The payload's size in bytes.
    pub bytes: usize,
    pub truncated: bool,
    /// The QoS the message was delivered to the console with.
    pub qos: u8,
    pub retain: bool,
    #[schema(value_type = String)]
    pub received_at: DateTime<Utc>,
}

#[derive(Debug, Default, Clone, Copy)]
struct RouteCount {
    forwarded: u64,
    skipped: u64,
    last_at: Option<DateTime<Utc>>,
}

/// The embedded broker's own meter (rumqttd pushes it every few seconds while messages flow).
#[derive(Debug, Clone, Copy)]
struct BrokerMeter {
    connections: u64,
    at: DateTime<Utc>,
}

/// Where the console's connection goes.
#[derive(Clone)]
pub(crate) struct Endpoint {
    pub host: String,
    pub port: u16,
    pub credentials: Option<Credentials>,
    pub client_id: String,
}

struct Inner {
    mode: &'static str,
    listen: Option<String>,
    external: Option<String>,
    prefix: String,
    started_at: DateTime<Utc>,
    endpoint: Option<Endpoint>,
    stats: Mutex<Stats>,
    clients: Mutex<HashMap<String, ClientEntry>>,
    rules: RwLock<Arc<Vec<mqtt_rule::Model>>>,
    buffers: Mutex<HashMap<i64, VecDeque<MqttMessage>>>,
    routed: Mutex<HashMap<i64, RouteCount>>,
    broker: Mutex<Option<BrokerMeter>>,
    tap: OnceLock<tap::Tap>,
}

/// The console's state, cheap to clone.
#[derive(Clone)]
pub struct MqttConsole {
    inner: Arc<Inner>,
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// The host and port of `mqtt://…` (never the credentials), and the credentials apart.
/// A user name and password.
type Credentials = (String, String);

fn parse_url(url: &str) -> Option<(String, u16, Option<Credentials>)> {
    let parsed = reqwest::Url::parse(url).ok()?;
    if parsed.scheme() != "mqtt" {
        return None;
    }
    let host = parsed.host_str()?.to_owned();
    let credentials = (!parsed.username().is_empty()).then(|| {
        (
            parsed.username().to_owned(),
            parsed.password().unwrap_or_default().to_owned(),
        )
    });
    Some((host, parsed.port().unwrap_or(1883), credentials))
}

impl MqttConsole {
    /// The console of the brokers `cfg` turns on (nothing is started yet).
    pub fn new(cfg: &Config) -> Self {
        let embedded = cfg.mqtt_port != 0;
        let external = cfg
            .mqtt_url
            .as_ref()
            .and_then(|u| parse_url(u.expose_secret()));
        let mode = match (embedded, external.is_some()) {
            (true, true) => "both",
            (true, false) => "embedded",
            (false, true) => "external",
            (false, false) => "off",
        };
        let client_id = format!("{}-console", cfg.mqtt_client_id);
        let endpoint = if embedded {
            // The console connects to the embedded broker like any client, on loopback when it
            // listens on every address.
            let host = match cfg.mqtt_bind {
                std::net::IpAddr::V4(a) if a.is_unspecified() => "127.0.0.1".to_owned(),
                std::net::IpAddr::V6(a) if a.is_unspecified() => "::1".to_owned(),
                ip => ip.to_string(),
            };
            Some(Endpoint {
                host,
                port: cfg.mqtt_port,
                credentials: None,
                client_id,
            })
        } else {
            external.as_ref().map(|(host, port, credentials)| Endpoint {
                host: host.clone(),
                port: *port,
                credentials: credentials.clone(),
                client_id,
            })
        };
        Self {
            inner: Arc::new(Inner {
                mode,
                listen: embedded
                    .then(|| std::net::SocketAddr::new(cfg.mqtt_bind, cfg.mqtt_port).to_string()),
                external: external.map(|(host, port, _)| format!("{host}:{port}")),
                prefix: cfg.mqtt_topic_prefix.clone(),
                started_at: Utc::now(),
                endpoint,
                stats: Mutex::new(Stats::default()),
                clients: Mutex::new(HashMap::new()),
                rules: RwLock::new(Arc::new(Vec::new())),
                buffers: Mutex::new(HashMap::new()),
                routed: Mutex::new(HashMap::new()),
                broker: Mutex::new(None),
                tap: OnceLock::new(),
            }),
        }
    }

    /// Reads the rules and connects the console to the broker (when MQTT is on).
    ///
    /// # Errors
    /// When the rules cannot be read.
    pub async fn start(&self, db: &impl ConnectionTrait) -> Result<(), AppError> {
        self.reload(db).await?;
        if let Some(endpoint) = self.inner.endpoint.clone() {
            let tap = tap::Tap::start(self.clone(), endpoint);
            let _ = self.inner.tap.set(tap);
        }
        Ok(())
    }

    /// The report topic filter, `<prefix>/+/report`.
    pub fn report_filter(&self) -> String {
        format!("{}/+/report", self.inner.prefix)
    }

    fn rules(&self) -> Arc<Vec<mqtt_rule::Model>> {
        self.inner
            .rules
            .read()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .clone()
    }

    /// Reads the rules again and brings the console's subscriptions in line.
    pub(crate) async fn reload(&self, db: &impl ConnectionTrait) -> Result<(), AppError> {
        let rules = mqtt_rule::Entity::find().all(db).await?;
        {
            let ids: std::collections::HashSet<i64> = rules.iter().map(|r| r.id).collect();
            lock(&self.inner.buffers).retain(|id, _| ids.contains(id));
            lock(&self.inner.routed).retain(|id, _| ids.contains(id));
        }
        *self
            .inner
            .rules
            .write()
            .unwrap_or_else(std::sync::PoisonError::into_inner) = Arc::new(rules);
        if let Some(tap) = self.inner.tap.get() {
            tap.sync(&self.wanted_filters());
        }
        Ok(())
    }

    /// The filters the console subscribes to: those of the enabled rules, without any another
    /// one covers, each with the highest QoS a rule asks for it.
    fn wanted_filters(&self) -> BTreeMap<String, u8> {
        let rules = self.rules();
        let mut wanted: BTreeMap<String, u8> = BTreeMap::new();
        for r in rules.iter().filter(|r| r.enabled) {
            let qos = u8::try_from(r.qos.clamp(0, 1)).unwrap_or_default();
            let e = wanted.entry(r.filter.clone()).or_default();
            *e = (*e).max(qos);
        }
        let all: Vec<(String, u8)> = wanted.into_iter().collect();
        all.iter()
            .filter(|(f, _)| {
                !all.iter()
                    .any(|(other, _)| other != f && topics::covers(other, f))
            })
            .map(|(f, _)| {
                // The QoS of every rule this subscription serves.
                let qos = all
                    .iter()
                    .filter(|(inner, _)| topics::covers(f, inner))
                    .map(|(_, q)| *q)
                    .max()
                    .unwrap_or_default();
                (f.clone(), qos)
            })
            .collect()
    }

    // ---- What the MQTT listener measures -------------------------------------------------

    fn client(&self, imei: Option<&str>, f: impl FnOnce(&mut ClientEntry)) {
        let Some(imei) = imei else { return };
        let now = Utc::now();
        let mut clients = lock(&self.inner.clients);
        if !clients.contains_key(imei) && clients.len() >= MAX_CLIENTS {
            drop(clients);
            lock(&self.inner.stats).untracked += 1;
            return;
        }
        let entry = clients.entry(imei.to_owned()).or_insert(ClientEntry {
            first_at: now,
            last_at: now,
            messages: 0,
            accepted: 0,
            refused: 0,
            last_refusal: None,
        });
        f(entry);
    }

    /// A message arrived on the report topic (of the device `imei`, when the topic names one).
    pub fn received(&self, imei: Option<&str>) {
        {
            let mut stats = lock(&self.inner.stats);
            stats.messages += 1;
            stats.slot(Utc::now()).messages += 1;
        }
        self.client(imei, |c| {
            c.messages += 1;
            c.last_at = Utc::now();
        });
    }

    /// Reports of a message were accepted and refused (by reason key).
    pub fn outcome(&self, imei: Option<&str>, accepted: usize, refused: &[&str]) {
        let accepted = accepted as u64;
        let refused_n = refused.len() as u64;
        {
            let mut stats = lock(&self.inner.stats);
            stats.accepted += accepted;
            for reason in refused {
                *stats.refused.entry((*reason).to_owned()).or_default() += 1;
            }
            let slot = stats.slot(Utc::now());
            slot.accepted += accepted;
            slot.refused += refused_n;
        }
        self.client(imei, |c| {
            c.accepted += accepted;
            c.refused += refused_n;
            if let Some(last) = refused.last() {
                c.last_refusal = Some((*last).to_owned());
            }
        });
    }

    /// The embedded broker's meter: its connection count now.
    pub(crate) fn broker_meter(&self, connections: u64) {
        *lock(&self.inner.broker) = Some(BrokerMeter {
            connections,
            at: Utc::now(),
        });
    }

    // ---- What the console's own connection receives ---------------------------------------

    /// A message the tap received: kept by the matching subscriptions, republished by the
    /// matching routes.
    pub(crate) fn tapped(&self, topic: &str, payload: &[u8], qos: u8, retain: bool) {
        let now = Utc::now();
        let rules = self.rules();
        let mut kept: Option<MqttMessage> = None;
        let mut forwarded = 0;
        let mut skipped = 0;
        for rule in rules
            .iter()
            .filter(|r| r.enabled && topics::matches(topic, &r.filter))
        {
            if rule.kind == rules::SUBSCRIPTION {
                let message = kept
                    .get_or_insert_with(|| preview(topic, payload, qos, retain, now))
                    .clone();
                let mut buffers = lock(&self.inner.buffers);
                let buffer = buffers.entry(rule.id).or_default();
                if buffer.len() >= BUFFER {
                    buffer.pop_front();
                }
                buffer.push_back(message);
            } else {
                let target = self.target(&rule.target, topic);
                let sent = match (&target, self.inner.tap.get()) {
                    (Some(target), Some(tap)) => tap.forward(target, rule.qos, payload),
                    _ => false,
                };
                let mut routed = lock(&self.inner.routed);
                let count = routed.entry(rule.id).or_default();
                if sent {
                    count.forwarded += 1;
                    count.last_at = Some(now);
                    forwarded += 1;
                } else {
                    count.skipped += 1;
                    skipped += 1;
                }
            }
        }
        let mut stats = lock(&self.inner.stats);
        stats.tapped += 1;
        stats.forwarded += forwarded;
        stats.skipped += skipped;
        let slot = stats.slot(now);
        slot.tapped += 1;
        slot.forwarded += forwarded;
    }

    /// A route's target for a message on `topic`: `{imei}` is the level after the topic
    /// prefix (`<prefix>/<imei>/…`); without one the message is not forwarded.
    fn target(&self, template: &str, topic: &str) -> Option<String> {
        if !template.contains(topics::IMEI) {
            return Some(template.to_owned());
        }
        let imei = topic
            .strip_prefix(self.inner.prefix.as_str())?
            .strip_prefix('/')?
            .split('/')
            .next()
            .filter(|l| !l.is_empty() && !l.contains(['+', '#']))?;
        Some(template.replace(topics::IMEI, imei))
    }

    // ---- Calls -----------------------------------------------------------------------------

    /// The figures and configuration (platform staff).
    pub fn overview(&self, scope: &Scope) -> Result<MqttOverview, AppError> {
        staff(scope)?;
        let rules = self.rules();
        let now = Utc::now();
        let stats = lock(&self.inner.stats);
        let this_minute = now.timestamp().div_euclid(60);
        let minutes = (0..MINUTES as i64)
            .rev()
            .map(|back| {
                let minute = this_minute - back;
                let index = usize::try_from(minute.rem_euclid(MINUTES as i64)).unwrap_or_default();
                let s = stats.ring[index];
                let at = DateTime::from_timestamp(minute * 60, 0).unwrap_or(now);
                if s.minute == minute {
                    MqttMinute {
                        at,
                        messages: s.messages,
                        accepted: s.accepted,
                        refused: s.refused,
                        tapped: s.tapped,
                        forwarded: s.forwarded,
                    }
                } else {
                    MqttMinute {
                        at,
                        ..MqttMinute::default()
                    }
                }
            })
            .collect();
        let broker = *lock(&self.inner.broker);
        let tap = self.inner.tap.get();
        Ok(MqttOverview {
            mode: self.inner.mode.to_owned(),
            listen: self.inner.listen.clone(),
            external: self.inner.external.clone(),
            report_topic: self.report_filter(),
            console_client_id: self.inner.endpoint.as_ref().map(|e| e.client_id.clone()),
            console_connected: tap.is_some_and(tap::Tap::connected),
            console_filters: tap.map(tap::Tap::filters).unwrap_or_default(),
            started_at: self.inner.started_at,
            messages: stats.messages,
            accepted: stats.accepted,
            refused: stats.refused.clone(),
            tapped: stats.tapped,
            forwarded: stats.forwarded,
            skipped: stats.skipped,
            published: stats.published,
            clients: lock(&self.inner.clients).len() as u64,
            untracked: stats.untracked,
            subscriptions: rules
                .iter()
                .filter(|r| r.enabled && r.kind == rules::SUBSCRIPTION)
                .count() as u64,
            routes: rules
                .iter()
                .filter(|r| r.enabled && r.kind == rules::ROUTE)
                .count() as u64,
            broker_connections: broker.map(|b| b.connections),
            broker_meter_at: broker.map(|b| b.at),
            minutes,
        })
    }

    /// The devices seen publishing on the report topic, those of the caller's enterprises
    /// (platform staff: all, unregistered imeis too), most recent first.
    pub async fn clients(
        &self,
        db: &impl ConnectionTrait,
        scope: &Scope,
        req: &MqttClientsRequest,
    ) -> Result<PageResult<MqttClientRow>, AppError> {
        let page = req.page.checked()?;
        let search = req.imei.as_deref().map(str::trim).unwrap_or_default();
        let mut rows: Vec<(String, ClientEntry)> = lock(&self.inner.clients)
            .iter()
            .filter(|(imei, _)| search.is_empty() || imei.contains(search))
            .map(|(imei, e)| (imei.clone(), e.clone()))
            .collect();
        // The registered devices among them, 500 imeis a query.
        let mut devices: HashMap<String, (i64, i64, Option<i64>)> = HashMap::new();
        for chunk in rows.chunks(500) {
            let imeis: Vec<&str> = chunk.iter().map(|(i, _)| i.as_str()).collect();
            let found: Vec<(String, i64, i64, Option<i64>)> = device::Entity::find()
                .select_only()
                .columns([
                    device::Column::Imei,
                    device::Column::Id,
                    device::Column::EnterpriseId,
                    device::Column::VehicleId,
                ])
                .filter(device::Column::Imei.is_in(imeis))
                .filter(scope.filter(device::Column::EnterpriseId))
                .into_tuple()
                .all(db)
                .await?;
            devices.extend(found.into_iter().map(|(i, d, e, v)| (i, (d, e, v))));
        }
        if !scope.platform {
            rows.retain(|(imei, _)| devices.contains_key(imei));
        }
        rows.sort_by(|a, b| b.1.last_at.cmp(&a.1.last_at).then(a.0.cmp(&b.0)));
        let total = rows.len() as u64;
        let rows: Vec<(String, ClientEntry)> = rows
            .into_iter()
            .skip(usize::try_from(page.offset).unwrap_or(usize::MAX))
            .take(usize::try_from(page.page_size).unwrap_or(usize::MAX))
            .collect();
        let enterprise_ids: Vec<i64> = rows
            .iter()
            .filter_map(|(imei, _)| devices.get(imei).map(|d| d.1))
            .collect();
        let names: HashMap<i64, String> = if enterprise_ids.is_empty() {
            HashMap::new()
        } else {
            enterprise::Entity::find()
                .select_only()
                .columns([enterprise::Column::Id, enterprise::Column::EntName])
                .filter(enterprise::Column::Id.is_in(enterprise_ids))
                .into_tuple::<(i64, String)>()
                .all(db)
                .await?
                .into_iter()
                .collect()
        };
        let list = rows
            .into_iter()
            .map(|(imei, e)| {
                let device = devices.get(&imei).copied();
                MqttClientRow {
                    device_id: device.map(|d| d.0),
                    enterprise_id: device.map(|d| d.1),
                    enterprise_name: device.and_then(|d| names.get(&d.1).cloned()),
                    vehicle_id: device.and_then(|d| d.2),
                    imei,
                    first_at: e.first_at,
                    last_at: e.last_at,
                    messages: e.messages,
                    accepted: e.accepted,
                    refused: e.refused,
                    last_refusal: e.last_refusal,
                }
            })
            .collect();
        Ok(page.holding(list, total))
    }

    /// Forgets a device's entry (platform staff). Unknown imei → code 7.
    pub fn forget_client(&self, scope: &Scope, imei: &str) -> Result<(), AppError> {
        staff(scope)?;
        let imei = kernel::validate::required("imei", imei, 64)?;
        if lock(&self.inner.clients).remove(&imei).is_none() {
            return Err(AppError::field(
                "imei",
                text!(
                    "客户端 {} 不存在",
                    "no client with imei {} is tracked",
                    imei
                ),
            ));
        }
        Ok(())
    }

    /// The messages a subscription kept, newest first.
    pub fn messages(&self, scope: &Scope, id: i64) -> Result<Vec<MqttMessage>, AppError> {
        staff(scope)?;
        let rules = self.rules();
        if !rules
            .iter()
            .any(|r| r.id == id && r.kind == rules::SUBSCRIPTION)
        {
            return Err(rules::not_found(rules::SUBSCRIPTION, id));
        }
        Ok(lock(&self.inner.buffers)
            .get(&id)
            .map(|b| b.iter().rev().cloned().collect())
            .unwrap_or_default())
    }

    /// Publishes a message through the console's connection (platform staff).
    pub async fn publish(
        &self,
        scope: &Scope,
        req: &MqttPublishRequest,
    ) -> Result<MqttPublished, AppError> {
        staff(scope)?;
        let topic = req.topic.as_deref().unwrap_or_default().trim();
        topics::check_topic("topic", topic)?;
        let Some(payload) = req.payload.as_deref() else {
            return Err(AppError::field(
                "payload",
                text!("payload 不能缺少", "payload is missing"),
            ));
        };
        if payload.len() > 64 * 1024 {
            return Err(AppError::field(
                "payload",
                text!("payload 不能超过 64 KiB", "payload must be at most 64 KiB"),
            ));
        }
        match req.format.as_deref().unwrap_or("text") {
            "text" => {}
            "json" => {
                if let Err(err) = serde_json::from_str::<serde_json::Value>(payload) {
                    return Err(AppError::field(
                        "payload",
                        text!(
                            "payload 不是有效的 JSON：{}",
                            "payload is not valid JSON: {}",
                            err
                        ),
                    ));
                }
            }
            _ => {
                return Err(AppError::field(
                    "format",
                    text!("format 须为 text 或 json", "format must be text or json"),
                ));
            }
        }
        let qos = req.qos.unwrap_or(0);
        kernel::validate::in_range("qos", i64::from(qos), 0, 1)?;
        let Some(tap) = self.inner.tap.get() else {
            return Err(AppError::fail(text!(
                "MQTT 未开启（WHEELEND_MQTT_PORT 为 0，且未配置 WHEELEND_MQTT_URL）",
                "MQTT is off (WHEELEND_MQTT_PORT is 0 and WHEELEND_MQTT_URL is not set)"
            )));
        };
        tap.publish(topic, qos, req.retain.unwrap_or(false), payload.as_bytes())
            .await?;
        let mut stats = lock(&self.inner.stats);
        stats.published += 1;
        Ok(MqttPublished {
            topic: topic.to_owned(),
            bytes: payload.len(),
            qos,
            retain: req.retain.unwrap_or(false),
        })
    }
}

fn preview(topic: &str, payload: &[u8], qos: u8, retain: bool, now: DateTime<Utc>) -> MqttMessage {
    let masked = serde_json::from_slice::<serde_json::Value>(payload)
        .ok()
        .and_then(|mut v| {
            let key = v.as_object_mut()?.get_mut("key")?;
            *key = serde_json::Value::String("***".into());
            Some(v.to_string())
        });
    let text = masked.unwrap_or_else(|| String::from_utf8_lossy(payload).into_owned());
    let truncated = text.chars().count() > PREVIEW;
    MqttMessage {
        topic: topic.to_owned(),
        payload: text.chars().take(PREVIEW).collect(),
        bytes: payload.len(),
        truncated,
        qos,
        retain,
        received_at: now,
    }
}

/// The console's calls other than the client list are platform staff's: they show and act on
/// every enterprise's traffic.
pub(crate) fn staff(scope: &Scope) -> Result<(), AppError> {
    if scope.platform {
        Ok(())
    } else {
        Err(AppError::fail(text!(
            "仅平台人员可使用 MQTT 控制台",
            "Only platform staff use the MQTT console"
        )))
    }
}

/// The MQTT console's figures.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MqttOverview {
    /// `embedded`, `external`, `both` or `off`.
    pub mode: String,
    /// The embedded broker's listen address.
    pub listen: Option<String>,
    /// The external broker's `host:port` (never its credentials).
    pub external: Option<String>,
    /// The filter device reports arrive on.
    pub report_topic: String,
    /// The client id of the console's own connection (subscriptions, routes, publisher).
    pub console_client_id: Option<String>,
    pub console_connected: bool,
    /// The filters the console's connection is subscribed to now.
    pub console_filters: Vec<String>,
    #[schema(value_type = String)]
    pub started_at: DateTime<Utc>,
    /// Messages on the report topic since the start.
    pub messages: u64,
    /// Reports accepted from them.
    pub accepted: u64,
    /// Reports refused, by reason (`malformed` also counts messages that were no report).
    pub refused: BTreeMap<String, u64>,
    /// Messages the console's connection received (for subscriptions and routes).
    pub tapped: u64,
    /// Messages routes republished.
    pub forwarded: u64,
    /// Messages routes could not republish (no imei for `{imei}`, or the connection's queue full).
    pub skipped: u64,
    /// Messages published through the publisher.
    pub published: u64,
    /// Devices tracked.
    pub clients: u64,
    /// Messages of devices not tracked because the list was full.
    pub untracked: u64,
    /// Enabled subscriptions.
    pub subscriptions: u64,
    /// Enabled routes.
    pub routes: u64,
    /// Connections the embedded broker counts (devices plus the server's own two), as of
    /// `brokerMeterAt`; rumqttd reports it only while messages flow. Absent for an external
    /// broker.
    pub broker_connections: Option<u64>,
    #[schema(value_type = Option<String>)]
    pub broker_meter_at: Option<DateTime<Utc>>,
    /// The last 60 minutes, oldest first.
    pub minutes: Vec<MqttMinute>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MqttClientsRequest {
    #[serde(flatten)]
    pub page: PageQuery,
    /// Part of an imei.
    #[serde(default)]
    pub imei: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MqttClientRow {
    /// The imei of the topic the device publishes on.
    pub imei: String,
    /// The registered device of that imei, if any.
    pub device_id: Option<i64>,
    pub enterprise_id: Option<i64>,
    pub enterprise_name: Option<String>,
    pub vehicle_id: Option<i64>,
    #[schema(value_type = String)]
    pub first_at: DateTime<Utc>,
    #[schema(value_type = String)]
    pub last_at: DateTime<Utc>,
    pub messages: u64,
    /// Reports accepted.
    pub accepted: u64,
    /// Reports refused (and messages that were no report).
    pub refused: u64,
    /// The reason of the latest refusal.
    pub last_refusal: Option<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MqttPublishRequest {
    /// The topic (no wildcards), e.g. `wheelend/<imei>/command`.
    #[serde(default)]
    pub topic: Option<String>,
    /// The message, at most 64 KiB.
    #[serde(default)]
    pub payload: Option<String>,
    /// `text` (default) or `json` (the payload must then parse as JSON).
    #[serde(default)]
    pub format: Option<String>,
    /// 0 (default) or 1.
    #[serde(default)]
    pub qos: Option<u8>,
    #[serde(default)]
    pub retain: Option<bool>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MqttPublished {
    pub topic: String,
    pub bytes: usize,
    pub qos: u8,
    pub retain: bool,
}
