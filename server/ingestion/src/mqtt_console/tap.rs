//! The console's own MQTT connection (client id `<WHEELEND_MQTT_CLIENT_ID>-console`, clean
//! session) to the embedded broker, or else to the external one: it subscribes to the filters
//! of the enabled subscriptions and routes, hands what arrives to the console, republishes for
//! routes and publishes for the publisher. After a reconnect it subscribes again.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use rumqttc::{AsyncClient, Event, MqttOptions, Packet, QoS};

use super::{Endpoint, MqttConsole, lock};
use kernel::error::AppError;
use kernel::text;

const QUEUE: usize = 1024;

fn qos(n: u8) -> QoS {
    if n == 0 {
        QoS::AtMostOnce
    } else {
        QoS::AtLeastOnce
    }
}

#[derive(Default)]
struct Filters {
    /// What the rules ask for.
    wanted: BTreeMap<String, u8>,
    /// What the broker was asked for on this connection.
    subscribed: BTreeMap<String, u8>,
}

pub(super) struct Tap {
    client: AsyncClient,
    connected: Arc<AtomicBool>,
    filters: Arc<Mutex<Filters>>,
}

/// Asks the broker for what is wanted and not yet subscribed, and drops the rest.
fn apply(client: &AsyncClient, filters: &mut Filters) {
    let gone: Vec<String> = filters
        .subscribed
        .keys()
        .filter(|f| !filters.wanted.contains_key(*f))
        .cloned()
        .collect();
    for filter in gone {
        if client.try_unsubscribe(filter.as_str()).is_ok() {
            filters.subscribed.remove(&filter);
        }
    }
    for (filter, q) in &filters.wanted {
        if filters.subscribed.get(filter) != Some(q)
            && client.try_subscribe(filter.as_str(), qos(*q)).is_ok()
        {
            filters.subscribed.insert(filter.clone(), *q);
        }
    }
}

impl Tap {
    pub(super) fn start(console: MqttConsole, endpoint: Endpoint) -> Self {
        let mut options = MqttOptions::new(endpoint.client_id, endpoint.host, endpoint.port);
        options
            .set_keep_alive(Duration::from_secs(30))
            .set_clean_session(true)
            .set_max_packet_size(super::super::mqtt::MAX_PAYLOAD + 1024, 128 * 1024);
        if let Some((user, pass)) = endpoint.credentials {
            options.set_credentials(user, pass);
        }
        let (client, mut events) = AsyncClient::new(options, QUEUE);
        let connected = Arc::new(AtomicBool::new(false));
        let filters = Arc::new(Mutex::new(Filters::default()));
        let tap = Self {
            client: client.clone(),
            connected: connected.clone(),
            filters: filters.clone(),
        };
        tokio::spawn(async move {
            loop {
                match events.poll().await {
                    Ok(Event::Incoming(Packet::ConnAck(_))) => {
                        connected.store(true, Ordering::Relaxed);
                        let mut f = lock(&filters);
                        // A clean session: the broker forgot every subscription.
                        f.subscribed.clear();
                        apply(&client, &mut f);
                    }
                    Ok(Event::Incoming(Packet::Publish(p))) => {
                        console.tapped(&p.topic, &p.payload, p.qos as u8, p.retain);
                    }
                    Ok(_) => {}
                    Err(err) => {
                        if connected.swap(false, Ordering::Relaxed) {
                            tracing::warn!(%err, "the MQTT console's connection");
                        }
                        // The next poll reconnects.
                        tokio::time::sleep(Duration::from_secs(1)).await;
                    }
                }
            }
        });
        tap
    }

    pub(super) fn connected(&self) -> bool {
        self.connected.load(Ordering::Relaxed)
    }

    pub(super) fn filters(&self) -> Vec<String> {
        lock(&self.filters).subscribed.keys().cloned().collect()
    }

    /// Subscribes to exactly `wanted` (now when connected, else on connecting).
    pub(super) fn sync(&self, wanted: &BTreeMap<String, u8>) {
        let mut f = lock(&self.filters);
        f.wanted.clone_from(wanted);
        if self.connected() {
            apply(&self.client, &mut f);
        }
    }

    /// Republishes for a route, without waiting: false when the connection's queue is full.
    pub(super) fn forward(&self, topic: &str, q: i16, payload: &[u8]) -> bool {
        let q = u8::try_from(q.clamp(0, 1)).unwrap_or_default();
        self.client
            .try_publish(topic, qos(q), false, payload.to_vec())
            .is_ok()
    }

    /// Publishes for the publisher once the connection has taken it.
    pub(super) async fn publish(
        &self,
        topic: &str,
        q: u8,
        retain: bool,
        payload: &[u8],
    ) -> Result<(), AppError> {
        if !self.connected() {
            return Err(AppError::fail(text!(
                "MQTT 控制台尚未连接到代理服务器",
                "The MQTT console is not connected to the broker"
            )));
        }
        let sent = tokio::time::timeout(
            Duration::from_secs(5),
            self.client.publish(topic, qos(q), retain, payload.to_vec()),
        )
        .await;
        match sent {
            Ok(Ok(())) => Ok(()),
            _ => Err(AppError::fail(text!(
                "消息未能交给代理服务器",
                "The message could not be handed to the broker"
            ))),
        }
    }
}
