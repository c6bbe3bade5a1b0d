//! A fan-out of live events to websocket connections, with a bounded replay buffer so a
//! console that lost its connection catches up on what it missed instead of refetching
//! everything (and is told to refetch when it was gone too long).

use std::collections::VecDeque;
use std::sync::Arc;
use std::sync::Mutex;

use serde::Serialize;
use tokio::sync::broadcast;

/// Events kept for catching up (about a minute of a 30,000-vehicle fleet reporting every 30 s).
const REPLAY_CAPACITY: usize = 65_536;
/// Events a slow connection may fall behind before it is told to resynchronise.
const CHANNEL_CAPACITY: usize = 16_384;

/// What an event is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum EventKind {
    /// A vehicle's position, readings or flags changed (data: a watchList4 entry).
    Vehicle,
    /// An alarm was raised, acknowledged or cleared.
    Alarm,
    /// A message was pushed to one member (data: a push-log Message).
    Message,
    /// A note in a work order's discussion, for one member (`{orderId, message}` in the frame).
    #[serde(rename = "work.message")]
    WorkMessage,
    /// A work order changed state, for one member (`{orderId, state}` in the frame).
    #[serde(rename = "work.order")]
    WorkOrder,
}

impl EventKind {
    /// Work events carry their fields in the frame itself, not under `data`.
    fn flat(self) -> bool {
        matches!(self, Self::WorkMessage | Self::WorkOrder)
    }
}

/// One event, serialised once for every connection that receives it.
#[derive(Debug)]
pub struct LiveEvent {
    pub seq: u64,
    pub kind: EventKind,
    /// The enterprise owning the vehicle the event is about.
    pub enterprise_id: i64,
    pub vehicle_id: i64,
    /// Set for an event meant for one user only (a pushed message): only their connections
    /// receive it, whatever they see.
    pub recipient: Option<i64>,
    /// The websocket text frame: `{"type", "seq", "data"}`.
    pub frame: Arc<str>,
}

#[derive(Serialize)]
struct Frame<'a, T: Serialize> {
    #[serde(rename = "type")]
    kind: EventKind,
    seq: u64,
    data: &'a T,
}

/// A frame whose event fields sit beside `type` and `seq` (work events).
#[derive(Serialize)]
struct FlatFrame<'a, T: Serialize> {
    #[serde(rename = "type")]
    kind: EventKind,
    seq: u64,
    #[serde(flatten)]
    data: &'a T,
}

/// Where a reconnecting console stands.
pub enum CatchUp {
    /// The events after the one it saw last, in order.
    Events(Vec<Arc<LiveEvent>>),
    /// It was gone longer than the buffer reaches back: it must refetch its lists.
    Resync,
}

#[derive(Clone)]
pub struct LiveHub {
    inner: Arc<Inner>,
}

struct Inner {
    sender: broadcast::Sender<Arc<LiveEvent>>,
    /// The replay buffer and the last sequence number, under one lock so the numbers in the
    /// buffer have no gaps and match the broadcast order.
    replay: Mutex<Replay>,
}

struct Replay {
    last_seq: u64,
    events: VecDeque<Arc<LiveEvent>>,
}

impl Default for LiveHub {
    fn default() -> Self {
        Self::new()
    }
}

impl LiveHub {
    pub fn new() -> Self {
        let (sender, _) = broadcast::channel(CHANNEL_CAPACITY);
        Self {
            inner: Arc::new(Inner {
                sender,
                replay: Mutex::new(Replay {
                    last_seq: 0,
                    events: VecDeque::with_capacity(1024),
                }),
            }),
        }
    }

    /// Publishes an event about a vehicle of `enterprise_id`; answers its sequence number.
    pub fn publish<T: Serialize>(
        &self,
        kind: EventKind,
        enterprise_id: i64,
        vehicle_id: i64,
        data: &T,
    ) -> u64 {
        self.send(kind, enterprise_id, vehicle_id, None, data)
    }

    /// Publishes a message for user `recipient` alone (of `enterprise_id`, about `vehicle_id`
    /// or 0); answers its sequence number.
    pub fn publish_to<T: Serialize>(
        &self,
        recipient: i64,
        enterprise_id: i64,
        vehicle_id: i64,
        data: &T,
    ) -> u64 {
        self.send(
            EventKind::Message,
            enterprise_id,
            vehicle_id,
            Some(recipient),
            data,
        )
    }

    /// Publishes a work event (`WorkMessage` / `WorkOrder`, `data` an object whose fields go
    /// into the frame) for user `recipient` alone; answers its sequence number.
    pub fn publish_work_to<T: Serialize>(
        &self,
        kind: EventKind,
        recipient: i64,
        enterprise_id: i64,
        data: &T,
    ) -> u64 {
        self.send(kind, enterprise_id, 0, Some(recipient), data)
    }

    fn send<T: Serialize>(
        &self,
        kind: EventKind,
        enterprise_id: i64,
        vehicle_id: i64,
        recipient: Option<i64>,
        data: &T,
    ) -> u64 {
        let mut replay = self.lock();
        let seq = replay.last_seq + 1;
        let frame = if kind.flat() {
            serde_json::to_string(&FlatFrame { kind, seq, data })
        } else {
            serde_json::to_string(&Frame { kind, seq, data })
        }
        .expect("live event data serialises to JSON");
        let event = Arc::new(LiveEvent {
            seq,
            kind,
            enterprise_id,
            vehicle_id,
            recipient,
            frame: frame.into(),
        });
        replay.last_seq = seq;
        if replay.events.len() == REPLAY_CAPACITY {
            replay.events.pop_front();
        }
        replay.events.push_back(Arc::clone(&event));
        // No receivers is fine: nobody is watching.
        let _ = self.inner.sender.send(event);
        seq
    }

    /// A receiver of every event published from now on, and the last sequence number before
    /// it (taken together, so nothing falls between a catch-up and the live stream).
    pub fn subscribe(&self) -> (broadcast::Receiver<Arc<LiveEvent>>, u64) {
        let replay = self.lock();
        (self.inner.sender.subscribe(), replay.last_seq)
    }

    /// The events after `after` up to and including `until`.
    pub fn since(&self, after: u64, until: u64) -> CatchUp {
        let replay = self.lock();
        let oldest = replay.events.front().map_or(replay.last_seq + 1, |e| e.seq);
        if after > replay.last_seq || after + 1 < oldest {
            return CatchUp::Resync;
        }
        CatchUp::Events(
            replay
                .events
                .iter()
                .filter(|e| e.seq > after && e.seq <= until)
                .cloned()
                .collect(),
        )
    }

    pub fn last_seq(&self) -> u64 {
        self.lock().last_seq
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Replay> {
        // A panic while holding the lock leaves the buffer consistent (every step is a
        // single push or pop), so a poisoned lock is still usable.
        self.inner
            .replay
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn catching_up_replays_in_order_or_asks_for_a_resync() {
        let hub = LiveHub::new();
        for v in 1..=5 {
            hub.publish(EventKind::Vehicle, 1, v, &v);
        }
        let (_rx, last) = hub.subscribe();
        assert_eq!(last, 5);
        let CatchUp::Events(events) = hub.since(2, last) else {
            panic!("2 is in the buffer")
        };
        assert_eq!(events.iter().map(|e| e.seq).collect::<Vec<_>>(), [3, 4, 5]);
        assert!(
            events[0]
                .frame
                .contains(r#""type":"vehicle","seq":3,"data":3"#)
        );
        assert!(matches!(hub.since(9, last), CatchUp::Resync));
        let CatchUp::Events(none) = hub.since(5, last) else {
            panic!("up to date")
        };
        assert!(none.is_empty());
    }

    #[test]
    fn the_buffer_forgets_the_oldest_events() {
        let hub = LiveHub::new();
        for v in 0..(REPLAY_CAPACITY as i64 + 10) {
            hub.publish(EventKind::Alarm, 1, v, &v);
        }
        let last = hub.last_seq();
        assert!(matches!(hub.since(5, last), CatchUp::Resync));
        assert!(matches!(hub.since(last - 3, last), CatchUp::Events(e) if e.len() == 3));
    }
}
