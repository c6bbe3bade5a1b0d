//! The wheels of one report (history, `wheel_frames.wheels`) or a vehicle's latest reading per
//! wheel (live state, `vehicle_states.wheels`), packed into one binary column.
//!
//! One row per report instead of one per wheel is what lets SQLite take tens of thousands of
//! reports a second: a 10-wheel report is one B-tree insert of ~170 bytes, not ten.
//!
//! Layout, little-endian: a version byte (1), then per wheel a flags byte (which optional
//! fields follow), kind (u8), position (u16), status (u16), then when flagged pressure (f32),
//! temperature (f32), battery (u8) and reading time (i64, ms since epoch). Values are kept as
//! f32 (7 significant digits, far finer than any sensor) and read back rounded to 4 decimals,
//! so 8.53 bar comes back as 8.53.

/// 1: tyre sensor (pressure and temperature).
pub const TYRE: i16 = 1;
/// 2: axle (hub) temperature sensor.
pub const AXLE: i16 = 2;

const VERSION: u8 = 1;
const HAS_PRESSURE: u8 = 1;
const HAS_TEMP: u8 = 2;
const HAS_BATTERY: u8 = 4;
const HAS_READ_AT: u8 = 8;

/// One wheel position's reading.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct WheelValue {
    /// [`TYRE`] or [`AXLE`].
    pub kind: i16,
    pub position: i32,
    /// bar
    pub pressure: Option<f64>,
    /// °C
    pub temp: Option<f64>,
    /// %
    pub battery: Option<i16>,
    /// Sensor status bits as reported.
    pub status: i16,
    /// When this wheel last reported, ms (live state only; a history frame has its row's time).
    pub read_at: Option<i64>,
}

/// Packs `wheels` into the column's bytes.
pub fn encode(wheels: &[WheelValue]) -> Vec<u8> {
    let mut out = Vec::with_capacity(1 + wheels.len() * 22);
    out.push(VERSION);
    for w in wheels {
        let flags = [
            (w.pressure.is_some(), HAS_PRESSURE),
            (w.temp.is_some(), HAS_TEMP),
            (w.battery.is_some(), HAS_BATTERY),
            (w.read_at.is_some(), HAS_READ_AT),
        ]
        .into_iter()
        .filter(|(present, _)| *present)
        .fold(0, |acc, (_, bit)| acc | bit);
        out.push(flags);
        out.push(u8::try_from(w.kind).unwrap_or_default());
        out.extend_from_slice(&u16::try_from(w.position).unwrap_or_default().to_le_bytes());
        out.extend_from_slice(&w.status.to_le_bytes());
        #[allow(clippy::cast_possible_truncation)]
        for v in [w.pressure, w.temp].into_iter().flatten() {
            out.extend_from_slice(&(v as f32).to_le_bytes());
        }
        if let Some(b) = w.battery {
            out.push(u8::try_from(b.clamp(0, 255)).unwrap_or_default());
        }
        if let Some(t) = w.read_at {
            out.extend_from_slice(&t.to_le_bytes());
        }
    }
    out
}

/// Reads what [`encode`] wrote; bytes it cannot read (another version, cut short) end the list.
pub fn decode(bytes: &[u8]) -> Vec<WheelValue> {
    let mut wheels = Vec::new();
    let Some((&VERSION, mut rest)) = bytes.split_first() else {
        return wheels;
    };
    let mut take = |n: usize| -> Option<&[u8]> {
        let (head, tail) = rest.split_at_checked(n)?;
        rest = tail;
        Some(head)
    };
    let f32_at = |b: &[u8]| round4(f64::from(f32::from_le_bytes([b[0], b[1], b[2], b[3]])));
    while let Some(head) = take(6) {
        let flags = head[0];
        let mut w = WheelValue {
            kind: i16::from(head[1]),
            position: i32::from(u16::from_le_bytes([head[2], head[3]])),
            status: i16::from_le_bytes([head[4], head[5]]),
            pressure: None,
            temp: None,
            battery: None,
            read_at: None,
        };
        if flags & HAS_PRESSURE != 0 {
            let Some(b) = take(4) else { break };
            w.pressure = Some(f32_at(b));
        }
        if flags & HAS_TEMP != 0 {
            let Some(b) = take(4) else { break };
            w.temp = Some(f32_at(b));
        }
        if flags & HAS_BATTERY != 0 {
            let Some(b) = take(1) else { break };
            w.battery = Some(i16::from(b[0]));
        }
        if flags & HAS_READ_AT != 0 {
            let Some(b) = take(8) else { break };
            w.read_at = Some(i64::from_le_bytes(b.try_into().unwrap_or_default()));
        }
        wheels.push(w);
    }
    wheels
}

fn round4(v: f64) -> f64 {
    (v * 10_000.0).round() / 10_000.0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_every_field_and_absence() {
        let wheels = vec![
            WheelValue {
                kind: TYRE,
                position: 11,
                pressure: Some(8.53),
                temp: Some(31.7),
                battery: Some(87),
                status: 0x0102,
                read_at: Some(1_790_000_000_123),
            },
            WheelValue {
                kind: AXLE,
                position: 2,
                pressure: None,
                temp: Some(-12.5),
                battery: None,
                status: 0,
                read_at: None,
            },
            WheelValue {
                kind: TYRE,
                position: 412,
                pressure: Some(0.0),
                temp: None,
                battery: Some(0),
                status: -1,
                read_at: None,
            },
        ];
        assert_eq!(decode(&encode(&wheels)), wheels);
        assert!(decode(&encode(&[])).is_empty());
    }

    #[test]
    fn unreadable_bytes_end_the_list() {
        assert!(decode(&[]).is_empty());
        assert!(
            decode(&[9, 0, 1, 11, 0, 0, 0]).is_empty(),
            "unknown version"
        );
        let one = WheelValue {
            kind: TYRE,
            position: 12,
            pressure: Some(9.0),
            temp: Some(20.0),
            battery: None,
            status: 0,
            read_at: None,
        };
        let mut bytes = encode(&[one, one]);
        bytes.truncate(bytes.len() - 2);
        assert_eq!(decode(&bytes), vec![one]);
    }
}
