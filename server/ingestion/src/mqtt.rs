//! Reports over MQTT: topic `<prefix>/<imei>/report` (prefix `wheelend` unless configured),
//! payload `{"key": "<device key>", "report": <one report or an array, as over HTTP>}`.
//!
//! The key travels in the payload rather than in the MQTT username and password because a
//! subscriber never learns who published a message: only a key inside it proves which device
//! speaks, on the embedded broker and on any external one alike. Every report of a message
//! must carry the topic's imei.
//!
//! - **Embedded broker** (rumqttd, `WHEELEND_MQTT_PORT`, default 1884, 0 = off;
//!   `WHEELEND_MQTT_BIND`): consumed through its local link. It acknowledges a device's QoS 1
//!   publish once the message is in its in-memory log, so a crash of the server loses what
//!   it held but had not yet stored.
//! - **External broker** (rumqttc, `WHEELEND_MQTT_URL`, e.g. `mqtt://127.0.0.1:1883`):
//!   subscribed with QoS 1 in a persistent session and manual acknowledgements: a message is
//!   acknowledged to the broker only after its reports were committed (or refused), so the
//!   broker redelivers whatever a crash or a database failure left unstored.
//!
//! Messages are handled concurrently (the writer batches them); refusals are counted like
//! those over HTTP; a message that is not a report at all counts as `malformed`.

use std::sync::Arc;
use std::time::Duration;

use anyhow::Context as _;
use secrecy::ExposeSecret as _;
use serde::Deserialize;
use tokio::sync::Semaphore;

use crate::ingest::{Credential, Ingestor, MAX_PER_REQUEST};
use crate::mqtt_console::MqttConsole;
use crate::report::ReportBody;
use kernel::config::Config;
use kernel::error::AppError;

/// Messages being handled at once per broker; more wait (back-pressure on the broker).
const IN_FLIGHT: usize = 512;
/// Largest message accepted, bytes (1000 reports fit easily).
pub(crate) const MAX_PAYLOAD: usize = 1024 * 1024;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Message {
    key: String,
    report: ReportBody,
}

/// The imei of a report topic `<prefix>/<imei>/report`.
fn topic_imei<'a>(prefix: &str, topic: &'a str) -> Option<&'a str> {
    let imei = topic
        .strip_prefix(prefix)?
        .strip_prefix('/')?
        .strip_suffix("/report")?;
    (!imei.is_empty() && !imei.contains('/')).then_some(imei)
}

/// Handles one message. An error means nothing of it was stored and it should come again.
async fn handle(
    ingest: &Ingestor,
    console: &MqttConsole,
    prefix: &str,
    topic: &str,
    payload: &[u8],
) -> Result<(), AppError> {
    let imei = topic_imei(prefix, topic);
    console.received(imei);
    let parsed = imei.and_then(|imei| {
        let message: Message = serde_json::from_slice(payload).ok()?;
        let reports = message.report.into_reports();
        let fits = reports.len() <= MAX_PER_REQUEST && reports.iter().all(|r| r.imei == imei);
        fits.then_some((message.key, reports))
    });
    let Some((key, reports)) = parsed else {
        ingest.count_malformed();
        console.outcome(imei, 0, &["malformed"]);
        tracing::debug!(topic, "an MQTT message that is not a report");
        return Ok(());
    };
    let outcome = ingest.submit(reports, Credential::Key(&key)).await?;
    let refused: Vec<&str> = outcome.rejected.iter().map(|r| r.reason.key()).collect();
    console.outcome(imei, outcome.accepted, &refused);
    if !outcome.rejected.is_empty() {
        tracing::debug!(topic, rejected = ?outcome.rejected, "MQTT reports refused");
    }
    Ok(())
}

/// Starts what the configuration asks for: the embedded broker and/or the external
/// subscription; what they receive is also counted by the MQTT console.
///
/// # Errors
/// When the embedded broker cannot be set up or the external broker's URL is invalid.
pub fn start(cfg: &Config, ingest: &Ingestor, console: &MqttConsole) -> anyhow::Result<()> {
    if cfg.mqtt_port != 0 {
        start_embedded(cfg, ingest.clone(), console.clone()).context("the embedded MQTT broker")?;
    }
    if let Some(url) = &cfg.mqtt_url {
        start_external(cfg, url.expose_secret(), ingest.clone(), console.clone())
            .context("the external MQTT broker")?;
    }
    Ok(())
}

fn start_embedded(cfg: &Config, ingest: Ingestor, console: MqttConsole) -> anyhow::Result<()> {
    use rumqttd::{Broker, ConnectionSettings, Notification, RouterConfig, ServerSettings};
    let listen = std::net::SocketAddr::new(cfg.mqtt_bind, cfg.mqtt_port);
    let server = ServerSettings {
        name: "v4".into(),
        listen,
        tls: None,
        next_connection_delay_ms: 1,
        connections: ConnectionSettings {
            connection_timeout_ms: 60_000,
            max_payload_size: MAX_PAYLOAD,
            max_inflight_count: 100,
            auth: None,
            external_auth: None,
            dynamic_filters: true,
        },
    };
    let config = rumqttd::Config {
        router: RouterConfig {
            max_connections: 50_000,
            max_outgoing_packet_count: 200,
            max_segment_size: 100 * 1024 * 1024,
            max_segment_count: 10,
            ..RouterConfig::default()
        },
        v4: Some([("v4".to_owned(), server)].into_iter().collect()),
        // The router's meter (its connection count) every 5 s while messages flow, for the
        // MQTT console.
        // (rumqttd's timer needs both kinds configured; nobody listens to the alerts.)
        metrics: Some(
            [
                (
                    rumqttd::MetricType::Meters,
                    serde_json::from_value(serde_json::json!({"push_interval": 5}))?,
                ),
                (
                    rumqttd::MetricType::Alerts,
                    serde_json::from_value(serde_json::json!({"push_interval": 3600}))?,
                ),
            ]
            .into_iter()
            .collect(),
        ),
        ..rumqttd::Config::default()
    };
    let mut broker = Broker::new(config);
    let meters = broker
        .meters()
        .map_err(|e| anyhow::anyhow!("the broker's meters: {e}"))?;
    let metered = console.clone();
    tokio::spawn(async move {
        while let Ok(meters) = meters.next().await {
            for meter in meters {
                if let rumqttd::Meter::Router(_, router) = meter {
                    metered.broker_meter(router.total_connections as u64);
                }
            }
        }
    });
    let (mut link_tx, mut link_rx) = broker
        .link("wheelend-ingest")
        .map_err(|e| anyhow::anyhow!("linking to the broker: {e}"))?;
    link_tx
        .subscribe(format!("{}/+/report", cfg.mqtt_topic_prefix))
        .map_err(|e| anyhow::anyhow!("subscribing: {e}"))?;
    std::thread::Builder::new()
        .name("mqtt-broker".into())
        .spawn(move || {
            if let Err(err) = broker.start() {
                tracing::error!(%err, "the embedded MQTT broker stopped");
            }
        })?;
    tracing::info!(%listen, "embedded MQTT broker");
    let prefix: Arc<str> = cfg.mqtt_topic_prefix.clone().into();
    let permits = Arc::new(Semaphore::new(IN_FLIGHT));
    tokio::spawn(async move {
        // The link keeps the subscription and the transmit side alive.
        let _link_tx = link_tx;
        loop {
            let forward = match link_rx.next().await {
                Ok(Some(Notification::Forward(forward))) => forward,
                Ok(_) => continue,
                Err(err) => {
                    tracing::error!(%err, "the embedded MQTT broker's link closed");
                    return;
                }
            };
            let Ok(permit) = permits.clone().acquire_owned().await else {
                return;
            };
            let (ingest, console, prefix) = (ingest.clone(), console.clone(), prefix.clone());
            tokio::spawn(async move {
                let publish = forward.publish;
                let topic = String::from_utf8_lossy(&publish.topic);
                if let Err(err) = handle(&ingest, &console, &prefix, &topic, &publish.payload).await
                {
                    // The broker has acknowledged it already; nobody will send it again.
                    tracing::error!(%err, %topic, "an MQTT report could not be stored");
                }
                drop(permit);
            });
        }
    });
    Ok(())
}

fn start_external(
    cfg: &Config,
    url: &str,
    ingest: Ingestor,
    console: MqttConsole,
) -> anyhow::Result<()> {
    use rumqttc::{AsyncClient, Event, MqttOptions, Packet, QoS};
    let parsed = reqwest::Url::parse(url).context("WHEELEND_MQTT_URL is not a URL")?;
    anyhow::ensure!(
        parsed.scheme() == "mqtt",
        "WHEELEND_MQTT_URL must start with mqtt://"
    );
    let host = parsed
        .host_str()
        .context("WHEELEND_MQTT_URL has no host")?
        .to_owned();
    let mut options = MqttOptions::new(
        cfg.mqtt_client_id.clone(),
        host,
        parsed.port().unwrap_or(1883),
    );
    options
        .set_keep_alive(Duration::from_secs(30))
        // A persistent session: the broker keeps the subscription, and the messages not yet
        // acknowledged, while the server is away.
        .set_clean_session(false)
        .set_manual_acks(true)
        .set_max_packet_size(MAX_PAYLOAD + 1024, MAX_PAYLOAD + 1024)
        .set_inflight(u16::try_from(IN_FLIGHT).unwrap_or(u16::MAX));
    if !parsed.username().is_empty() {
        options.set_credentials(parsed.username(), parsed.password().unwrap_or_default());
    }
    let (client, mut events) = AsyncClient::new(options, IN_FLIGHT);
    let filter = format!("{}/+/report", cfg.mqtt_topic_prefix);
    let prefix: Arc<str> = cfg.mqtt_topic_prefix.clone().into();
    let permits = Arc::new(Semaphore::new(IN_FLIGHT));
    tokio::spawn(async move {
        loop {
            let publish = match events.poll().await {
                Ok(Event::Incoming(Packet::ConnAck(_))) => {
                    tracing::info!("connected to the external MQTT broker");
                    if let Err(err) = client.subscribe(filter.as_str(), QoS::AtLeastOnce).await {
                        tracing::error!(%err, "subscribing at the external MQTT broker");
                    }
                    continue;
                }
                Ok(Event::Incoming(Packet::Publish(publish))) => publish,
                Ok(_) => continue,
                Err(err) => {
                    // The next poll reconnects.
                    tracing::warn!(%err, "the external MQTT broker");
                    tokio::time::sleep(Duration::from_secs(1)).await;
                    continue;
                }
            };
            let Ok(permit) = permits.clone().acquire_owned().await else {
                return;
            };
            let (ingest, console, prefix, client) = (
                ingest.clone(),
                console.clone(),
                prefix.clone(),
                client.clone(),
            );
            tokio::spawn(async move {
                match handle(&ingest, &console, &prefix, &publish.topic, &publish.payload).await {
                    Ok(()) => {
                        if let Err(err) = client.ack(&publish).await {
                            tracing::warn!(%err, "acknowledging an MQTT report");
                        }
                    }
                    // Unacknowledged: the broker sends it again after a reconnect.
                    Err(err) => {
                        tracing::error!(%err, topic = %publish.topic, "an MQTT report could not be stored");
                    }
                }
                drop(permit);
            });
        }
    });
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::topic_imei;

    #[test]
    fn report_topics_name_the_imei() {
        assert_eq!(
            topic_imei("wheelend", "wheelend/860000000000101/report"),
            Some("860000000000101")
        );
        assert_eq!(topic_imei("wheelend", "wheelend//report"), None);
        assert_eq!(topic_imei("wheelend", "wheelend/a/b/report"), None);
        assert_eq!(topic_imei("wheelend", "other/860000000000101/report"), None);
        assert_eq!(
            topic_imei("wheelend", "wheelend/860000000000101/state"),
            None
        );
    }
}
