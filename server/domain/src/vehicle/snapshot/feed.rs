//! The map feed's answers (docs/fleet-data.md, "watchList4: versions and deltas").
//!
//! - **Whole feed, compressed once per audience.** Vehicles are grouped by id into buckets;
//!   each bucket's entries are deflated on their own and kept per reach ([`Reach`]), and
//!   deflated again only when a vehicle of the bucket changed. An answer joins the kept
//!   pieces with a small per-caller tail (total, version, the caller's follows) into one gzip
//!   body ([`kernel::gzip`]). Callers of one reach take turns (single flight): whoever comes
//!   second reuses what the first just deflated.
//! - **Deltas.** Every answer carries the snapshot's `version`; a console that holds one asks
//!   with `since` and gets only the vehicles changed after it and the ids removed since, or
//!   the whole feed when that cannot be told (another server, a reload, its reach changed).

use std::collections::HashMap;
use std::fmt::Write as _;
use std::sync::{Arc, LazyLock};
use std::time::Duration;

use bytes::Bytes;
use chrono::Utc;
use kernel::error::{AppError, success_envelope};
use kernel::gzip::{self, Piece};

use super::audience::{Audience, Reach};
use super::{FleetSnapshot, Kept, Vehicles};
use crate::vehicle::fleet::FleetFilter;

/// Vehicles per compressed piece, by id: small enough that a piece is rarely touched between
/// two polls of a busy map, large enough to compress well.
const BUCKET: i64 = 64;

/// This process's versions; a version from another process (a restart, another server) is
/// answered with the whole feed.
static INSTANCE: LazyLock<u32> = LazyLock::new(rand::random);

/// What the console asks of the map feed.
#[derive(Debug, Clone, Default)]
pub struct FeedRequest {
    pub filter: FleetFilter,
    /// Every key, else the map subset.
    pub full: bool,
    /// The version the console holds (from an earlier answer).
    pub since: Option<String>,
}

/// The map feed's answer.
pub enum FeedAnswer {
    /// The whole envelope, gzip-compressed.
    Gzip(Bytes),
    /// `data` as JSON.
    Json(String),
}

/// Compressed pieces kept per reach and key set.
pub(super) struct Feeds {
    pieces: moka::sync::Cache<(Arc<Reach>, bool), Arc<tokio::sync::Mutex<Pieces>>>,
}

impl Default for Feeds {
    fn default() -> Self {
        Self {
            pieces: moka::sync::Cache::builder()
                // About 1 MB per reach for the whole fleet.
                .max_capacity(64)
                .time_to_idle(Duration::from_secs(120))
                .build(),
        }
    }
}

#[derive(Default)]
struct Pieces {
    by_bucket: HashMap<i64, KeptPiece>,
}

struct KeptPiece {
    /// The newest change among the bucket's vehicles when it was deflated.
    changed: u64,
    /// Entries it holds.
    count: usize,
    /// Deflated without a leading comma (the first piece of the list).
    first: bool,
    piece: Piece,
}

/// One bucket of an answer: reused as kept, or its text to deflate.
enum Part {
    Kept(i64),
    Fresh(i64, Fresh),
}

/// A bucket's entries as text, with what its piece will be kept with.
struct Fresh {
    text: String,
    count: usize,
    changed: u64,
    first: bool,
}

/// An answer's buckets, read under the snapshot's lock.
struct Plan {
    parts: Vec<Part>,
    total: usize,
    version: u64,
    followed: Vec<i64>,
}

/// The buckets of `audience`'s feed; those `kept` still holds as they are are not rebuilt.
fn plan(vehicles: &Vehicles, audience: &Audience, full: bool, kept: Option<&Pieces>) -> Plan {
    let mut parts = Vec::new();
    let mut total = 0;
    let mut followed = Vec::new();
    let mut seen: Vec<&Kept> = Vec::with_capacity(BUCKET as usize);
    let mut values = vehicles.by_id.values().peekable();
    while let Some(head) = values.peek() {
        let bucket = head.row.id.div_euclid(BUCKET);
        seen.clear();
        let mut changed = 0;
        while let Some(k) = values.next_if(|k| k.row.id.div_euclid(BUCKET) == bucket) {
            changed = changed.max(k.changed);
            if audience.sees(&k.row) {
                seen.push(k);
                if audience.follows(k.row.id) {
                    followed.push(k.row.id);
                }
            }
        }
        if seen.is_empty() {
            continue;
        }
        let first = total == 0;
        total += seen.len();
        let reusable = kept
            .and_then(|p| p.by_bucket.get(&bucket))
            .is_some_and(|p| p.changed >= changed && p.count == seen.len() && p.first == first);
        if reusable {
            parts.push(Part::Kept(bucket));
            continue;
        }
        let mut text = String::with_capacity(seen.len() * if full { 240 } else { 140 });
        for (i, k) in seen.iter().enumerate() {
            if i > 0 || !first {
                text.push(',');
            }
            text.push_str(k.entry(full));
        }
        parts.push(Part::Fresh(
            bucket,
            Fresh {
                text,
                count: seen.len(),
                changed,
                first,
            },
        ));
    }
    Plan {
        parts,
        total,
        version: vehicles.version,
        followed,
    }
}

fn token(version: u64) -> String {
    format!("{:08x}.{version}", *INSTANCE)
}

/// The version a `since` token names, when it is this process's.
fn version_of(since: &str) -> Option<u64> {
    let (instance, version) = since.split_once('.')?;
    (u32::from_str_radix(instance, 16).ok()? == *INSTANCE)
        .then(|| version.parse().ok())
        .flatten()
}

/// `data`'s closing part: `],"total":…,"version":…,"followed":[…],"at":…` and `extra`.
fn closing(total: usize, version: u64, followed: &[i64], extra: &str) -> String {
    let mut out = format!(
        r#"],"total":{total},"version":"{}","followed":["#,
        token(version)
    );
    for (i, id) in followed.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        let _ = write!(out, "{id}");
    }
    let _ = write!(out, r#"],"at":{}{extra}}}"#, Utc::now().timestamp_millis());
    out
}

const LIST_OPEN: &str = r#"{"deviceList":["#;

pub(super) async fn answer(
    snapshot: &FleetSnapshot,
    audience: &Audience,
    request: FeedRequest,
    gzip: bool,
) -> Result<FeedAnswer, AppError> {
    if let Some(delta) = request
        .since
        .as_deref()
        .and_then(version_of)
        .and_then(|since| delta(&snapshot.read(), audience, since, request.full))
    {
        return Ok(FeedAnswer::Json(delta));
    }
    if !gzip {
        let plan = plan(&snapshot.read(), audience, request.full, None);
        let mut data = String::from(LIST_OPEN);
        for part in plan.parts {
            if let Part::Fresh(_, fresh) = part {
                data.push_str(&fresh.text);
            }
        }
        data.push_str(&closing(plan.total, plan.version, &plan.followed, ""));
        return Ok(FeedAnswer::Json(data));
    }
    let kept = snapshot.shared.feeds.pieces.get_with(
        (Arc::clone(&audience.reach), request.full),
        Default::default,
    );
    // One caller of this reach at a time; the next reuses what this one deflates.
    let mut kept = kept.lock().await;
    let plan = plan(&snapshot.read(), audience, request.full, Some(&kept));
    let Plan {
        parts,
        total,
        version,
        followed,
    } = plan;
    let (order, texts): (Vec<i64>, Vec<Option<Fresh>>) = parts
        .into_iter()
        .map(|p| match p {
            Part::Kept(bucket) => (bucket, None),
            Part::Fresh(bucket, fresh) => (bucket, Some(fresh)),
        })
        .unzip();
    // Deflating takes milliseconds per hundred kilobytes: off the async workers.
    let deflated = tokio::task::spawn_blocking(move || {
        texts
            .into_iter()
            .map(|t| {
                t.map(|f| KeptPiece {
                    piece: Piece::new(f.text.as_bytes()),
                    changed: f.changed,
                    count: f.count,
                    first: f.first,
                })
            })
            .collect::<Vec<_>>()
    })
    .await
    .map_err(|e| AppError::Internal(anyhow::anyhow!("deflating the feed: {e}")))?;
    let mut by_bucket = HashMap::with_capacity(order.len());
    for (bucket, fresh) in order.iter().zip(deflated) {
        let piece = match fresh {
            Some(p) => p,
            None => kept
                .by_bucket
                .remove(bucket)
                .expect("a reused piece is kept"),
        };
        by_bucket.insert(*bucket, piece);
    }
    kept.by_bucket = by_bucket;
    let (before, after) = success_envelope();
    let head = Piece::new([before.as_str(), LIST_OPEN].concat().as_bytes());
    let tail = [closing(total, version, &followed, ""), after].concat();
    let body = gzip::assemble(
        std::iter::once(&head).chain(order.iter().map(|b| &kept.by_bucket[b].piece)),
        tail.as_bytes(),
    );
    Ok(FeedAnswer::Gzip(body))
}

/// The changes after `since` as `data`, or None when they cannot be told from here.
fn delta(vehicles: &Vehicles, audience: &Audience, since: u64, full: bool) -> Option<String> {
    if since < vehicles.horizon || since > vehicles.version || since < audience.resolved_at {
        return None;
    }
    let mut data = String::from(LIST_OPEN);
    let mut removed: Vec<i64> = vehicles
        .removed
        .iter()
        .filter(|(v, _)| *v > since)
        .map(|(_, id)| *id)
        .collect();
    let mut total = 0;
    let mut listed = 0;
    let mut followed = Vec::new();
    for k in vehicles.by_id.values() {
        let sees = audience.sees(&k.row);
        if sees {
            total += 1;
            if audience.follows(k.row.id) {
                followed.push(k.row.id);
            }
        }
        if k.changed <= since {
            continue;
        }
        if sees {
            if listed > 0 {
                data.push(',');
            }
            listed += 1;
            data.push_str(k.entry(full));
        } else {
            // Changed out of the caller's reach (or never in it: harmless).
            removed.push(k.row.id);
        }
    }
    removed.sort_unstable();
    removed.dedup();
    let removed = removed
        .iter()
        .map(i64::to_string)
        .collect::<Vec<_>>()
        .join(",");
    data.push_str(&closing(
        total,
        vehicles.version,
        &followed,
        &format!(r#","removed":[{removed}],"delta":true"#),
    ));
    Some(data)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_version_is_read_back_only_from_this_process() {
        assert_eq!(version_of(&token(42)), Some(42));
        let other = format!("{:08x}.42", INSTANCE.wrapping_add(1));
        assert_eq!(version_of(&other), None);
        assert_eq!(version_of("42"), None);
        assert_eq!(version_of("zz.42"), None);
    }
}
