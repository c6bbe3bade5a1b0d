//! A device report (`POST /tapi/device/report`, MQTT `wheelend/<imei>/report`) and the checks
//! every report passes before it is stored. A report that fails is rejected with a reason,
//! counted by reason, and never stored in part.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// Reports may run this far ahead of the server clock (device clocks drift).
pub const MAX_CLOCK_AHEAD_MS: i64 = 5 * 60 * 1000;
/// Tyre positions per vehicle: 8 axles × 8 wheels is far beyond any real layout.
pub const MAX_TYRES: usize = 64;

/// One report of a device: every part but `imei` and `ts` is optional.
#[derive(Debug, Clone, PartialEq, Deserialize, Serialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Report {
    pub imei: String,
    /// Device time, milliseconds since the Unix epoch.
    pub ts: i64,
    #[serde(default)]
    pub gps: Option<Gps>,
    #[serde(default)]
    pub tyres: Vec<TyreReading>,
    #[serde(default)]
    pub axles: Vec<AxleReading>,
    /// Supply voltage, V.
    #[serde(default)]
    pub power: Option<f64>,
    /// Signal strength, 0–31 (CSQ).
    #[serde(default)]
    pub signal: Option<i16>,
}

/// One report, or several (a device catching up after a dead zone).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(untagged)]
pub enum ReportBody {
    One(Report),
    Many(Vec<Report>),
}

impl ReportBody {
    pub fn into_reports(self) -> Vec<Report> {
        match self {
            Self::One(r) => vec![r],
            Self::Many(list) => list,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Deserialize, Serialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Gps {
    pub lat: f64,
    pub lon: f64,
    /// km/h
    #[serde(default)]
    pub speed: f64,
    /// Degrees from north, clockwise.
    #[serde(default)]
    pub direction: f64,
}

#[derive(Debug, Clone, PartialEq, Deserialize, Serialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct TyreReading {
    /// Wheel position, `axle * 10 + wheel` (docs/fleet-data.md).
    pub pos: i32,
    #[serde(default, rename = "sensorId")]
    pub sensor_id: Option<String>,
    /// bar
    #[serde(default)]
    pub pressure: Option<f64>,
    /// °C
    #[serde(default)]
    pub temp: Option<f64>,
    /// %
    #[serde(default)]
    pub battery: Option<f64>,
    /// Sensor status bits as the device sends them.
    #[serde(default)]
    pub status: Option<i16>,
}

#[derive(Debug, Clone, PartialEq, Deserialize, Serialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct AxleReading {
    /// Wheel-end position, `axle * 10 + side` (1 left, 2 right).
    pub pos: i32,
    /// °C
    pub temp: f64,
}

/// Why a report was rejected; each reason is counted.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub enum Rejection {
    /// Not JSON, or not the report's shape.
    Malformed,
    /// No device with this imei, or the key does not match it.
    UnknownDevice,
    /// `ts` too far in the future or before 2000.
    BadTime,
    /// A position outside the earth's coordinates, or a speed/direction out of range.
    BadPosition,
    /// A tyre or axle value outside what a sensor can read.
    OutOfRange,
    /// The same device and time was stored already.
    Duplicate,
}

impl Rejection {
    pub const ALL: [Self; 6] = [
        Self::Malformed,
        Self::UnknownDevice,
        Self::BadTime,
        Self::BadPosition,
        Self::OutOfRange,
        Self::Duplicate,
    ];

    pub fn key(self) -> &'static str {
        match self {
            Self::Malformed => "malformed",
            Self::UnknownDevice => "unknownDevice",
            Self::BadTime => "badTime",
            Self::BadPosition => "badPosition",
            Self::OutOfRange => "outOfRange",
            Self::Duplicate => "duplicate",
        }
    }
}

/// A rejection with the detail that names the offending part.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
pub struct Rejected {
    pub reason: Rejection,
    pub detail: String,
}

fn reject(reason: Rejection, detail: impl Into<String>) -> Rejected {
    Rejected {
        reason,
        detail: detail.into(),
    }
}

/// 2000-01-01T00:00:00Z: anything earlier is a device without a clock fix.
const EARLIEST_MS: i64 = 946_684_800_000;

fn in_range(value: f64, low: f64, high: f64) -> bool {
    value.is_finite() && (low..=high).contains(&value)
}

fn valid_position(pos: i32) -> bool {
    let (axle, wheel) = (pos / 10, pos % 10);
    (1..=8).contains(&axle) && (1..=8).contains(&wheel)
}

impl Report {
    /// Checks everything that can be checked without the database. `now_ms` is the server
    /// clock.
    pub fn check(&self, now_ms: i64) -> Result<(), Rejected> {
        let imei = self.imei.trim();
        if imei.is_empty() || imei.len() > 20 || !imei.bytes().all(|b| b.is_ascii_alphanumeric()) {
            return Err(reject(
                Rejection::Malformed,
                format!("imei {:?}", self.imei),
            ));
        }
        if self.ts < EARLIEST_MS || self.ts > now_ms + MAX_CLOCK_AHEAD_MS {
            return Err(reject(Rejection::BadTime, format!("ts {}", self.ts)));
        }
        if let Some(gps) = &self.gps {
            if !in_range(gps.lat, -90.0, 90.0) || !in_range(gps.lon, -180.0, 180.0) {
                return Err(reject(
                    Rejection::BadPosition,
                    format!("gps {},{}", gps.lat, gps.lon),
                ));
            }
            if !in_range(gps.speed, 0.0, 250.0) || !in_range(gps.direction, 0.0, 360.0) {
                return Err(reject(
                    Rejection::BadPosition,
                    format!("gps speed {} direction {}", gps.speed, gps.direction),
                ));
            }
        }
        if self.tyres.len() > MAX_TYRES || self.axles.len() > MAX_TYRES {
            return Err(reject(Rejection::Malformed, "too many tyres or axles"));
        }
        for (i, t) in self.tyres.iter().enumerate() {
            let bad = |what: &str| reject(Rejection::OutOfRange, format!("tyres[{i}].{what}"));
            if !valid_position(t.pos) {
                return Err(bad("pos"));
            }
            if t.pressure.is_some_and(|p| !in_range(p, 0.0, 20.0)) {
                return Err(bad("pressure"));
            }
            if t.temp.is_some_and(|c| !in_range(c, -50.0, 200.0)) {
                return Err(bad("temp"));
            }
            if t.battery.is_some_and(|b| !in_range(b, 0.0, 100.0)) {
                return Err(bad("battery"));
            }
        }
        for (i, a) in self.axles.iter().enumerate() {
            if !valid_position(a.pos) {
                return Err(reject(Rejection::OutOfRange, format!("axles[{i}].pos")));
            }
            if !in_range(a.temp, -50.0, 400.0) {
                return Err(reject(Rejection::OutOfRange, format!("axles[{i}].temp")));
            }
        }
        if self.power.is_some_and(|v| !in_range(v, 0.0, 60.0)) {
            return Err(reject(Rejection::OutOfRange, "power"));
        }
        if self
            .signal
            .is_some_and(|s| !(0..=31).contains(&s) && s != 99)
        {
            return Err(reject(Rejection::OutOfRange, "signal"));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const NOW: i64 = 1_795_000_000_000;

    fn report() -> Report {
        serde_json::from_value(serde_json::json!({
            "imei": "860000000000001", "ts": NOW - 1000,
            "gps": {"lat": 31.2304, "lon": 121.4737, "speed": 62.5, "direction": 90},
            "tyres": [{"pos": 11, "sensorId": "7e19f1", "pressure": 8.4, "temp": 41.0, "battery": 87}],
            "axles": [{"pos": 21, "temp": 68.5}], "power": 26.8, "signal": 24
        }))
        .unwrap()
    }

    #[test]
    fn a_full_report_and_a_bare_one_pass() {
        assert_eq!(report().check(NOW), Ok(()));
        let bare: Report =
            serde_json::from_str(r#"{"imei":"860000000000001","ts":1794999999000}"#).unwrap();
        assert_eq!(bare.check(NOW), Ok(()));
    }

    #[test]
    fn unknown_fields_are_malformed() {
        let text = r#"{"imei":"1","ts":1794999999000,"tyre":[]}"#;
        assert!(serde_json::from_str::<Report>(text).is_err());
    }

    #[test]
    fn each_bad_value_is_named() {
        type Spoil = fn(&mut Report);
        let cases: Vec<(Spoil, Rejection, &str)> = vec![
            (|r| r.imei = " ".into(), Rejection::Malformed, "imei"),
            (
                |r| r.ts = NOW + MAX_CLOCK_AHEAD_MS + 1,
                Rejection::BadTime,
                "ts",
            ),
            (|r| r.ts = 0, Rejection::BadTime, "ts"),
            (
                |r| r.gps.as_mut().unwrap().lat = 91.0,
                Rejection::BadPosition,
                "gps",
            ),
            (
                |r| r.gps.as_mut().unwrap().speed = f64::NAN,
                Rejection::BadPosition,
                "speed",
            ),
            (
                |r| r.tyres[0].pressure = Some(25.0),
                Rejection::OutOfRange,
                "tyres[0].pressure",
            ),
            (
                |r| r.tyres[0].temp = Some(-60.0),
                Rejection::OutOfRange,
                "tyres[0].temp",
            ),
            (
                |r| r.tyres[0].pos = 19,
                Rejection::OutOfRange,
                "tyres[0].pos",
            ),
            (
                |r| r.tyres[0].battery = Some(101.0),
                Rejection::OutOfRange,
                "tyres[0].battery",
            ),
            (
                |r| r.axles[0].temp = 500.0,
                Rejection::OutOfRange,
                "axles[0].temp",
            ),
            (|r| r.power = Some(-1.0), Rejection::OutOfRange, "power"),
            (|r| r.signal = Some(40), Rejection::OutOfRange, "signal"),
        ];
        for (spoil, reason, named) in cases {
            let mut r = report();
            spoil(&mut r);
            let err = r.check(NOW).unwrap_err();
            assert_eq!(err.reason, reason, "{named}");
            assert!(err.detail.contains(named), "{} names {named}", err.detail);
        }
    }
}
