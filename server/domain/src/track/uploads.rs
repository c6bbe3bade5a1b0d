//! Uploaded tracks: GPX (track points, else route points), KML (`LineString`s and
//! `gx:Track`s) and CSV (`lon`, `lat` and optionally `time` columns, named by the header),
//! converted to WGS-84 when the file is GCJ-02, attached to a vehicle or a route. Rows that
//! cannot be read are reported by number and skipped; a file with fewer than two good points
//! is refused and nothing is stored.

use chrono::{DateTime, Utc};
use entities::{route, track_upload};
use sea_orm::{ActiveModelTrait, DatabaseConnection, Set};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::geometry::{LonLat, gcj02_to_wgs84, length_m, valid_lon_lat};
use crate::scope::{EnterpriseOwned, Scope};
use kernel::error::AppError;
use kernel::text;
use kernel::validate::{limited, to_json};

/// The most points one upload keeps.
const MAX_POINTS: usize = 200_000;
/// The most row errors an answer lists.
const MAX_ERRORS: usize = 100;

impl EnterpriseOwned for track_upload::Entity {
    const ENTERPRISE: Self::Column = track_upload::Column::EnterpriseId;
    fn not_found(id: i64) -> AppError {
        AppError::fail(text!("上传的轨迹 {} 不存在", "No uploaded track {}", id))
    }
}

/// A point read from a file: position and, when the file has it, the time.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct FilePoint {
    pub at: LonLat,
    pub time: Option<DateTime<Utc>>,
}

/// A row the reader skipped, and why.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RowError {
    /// 1-based: the CSV line, or the point's number in a GPX or KML file.
    pub row: usize,
    pub message: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
#[schema(as = TrackFormat)]
pub enum Format {
    Gpx,
    Kml,
    Csv,
}

impl Format {
    /// The format a file name says, else what its first bytes look like.
    pub fn of(name: &str, bytes: &[u8]) -> Option<Self> {
        let lower = name.to_ascii_lowercase();
        let by_name = [
            (".gpx", Self::Gpx),
            (".kml", Self::Kml),
            (".csv", Self::Csv),
            (".txt", Self::Csv),
        ]
        .into_iter()
        .find(|(ext, _)| lower.ends_with(ext))
        .map(|(_, f)| f);
        by_name.or_else(|| {
            let head = String::from_utf8_lossy(&bytes[..bytes.len().min(512)]).to_ascii_lowercase();
            if head.contains("<gpx") {
                Some(Self::Gpx)
            } else if head.contains("<kml") {
                Some(Self::Kml)
            } else {
                None
            }
        })
    }

    fn code(self) -> &'static str {
        match self {
            Self::Gpx => "gpx",
            Self::Kml => "kml",
            Self::Csv => "csv",
        }
    }
}

fn point_error(row: usize) -> RowError {
    RowError {
        row,
        message: "lon/lat out of range".into(),
    }
}

/// Keeps the points within WGS-84's range, reporting the others.
fn checked(points: Vec<(usize, FilePoint)>, errors: &mut Vec<RowError>) -> Vec<FilePoint> {
    points
        .into_iter()
        .filter_map(|(row, p)| {
            if valid_lon_lat(p.at) {
                Some(p)
            } else {
                errors.push(point_error(row));
                None
            }
        })
        .collect()
}

fn parse_time(text: &str) -> Option<DateTime<Utc>> {
    let t = text.trim();
    DateTime::parse_from_rfc3339(t)
        .map(|d| d.with_timezone(&Utc))
        .ok()
        .or_else(|| {
            chrono::NaiveDateTime::parse_from_str(t, "%Y-%m-%d %H:%M:%S")
                .ok()
                .map(|n| n.and_utc())
        })
        .or_else(|| {
            t.parse::<i64>()
                .ok()
                .and_then(|s| DateTime::from_timestamp(s, 0))
        })
}

fn read_gpx(bytes: &[u8]) -> Result<Vec<(usize, FilePoint)>, String> {
    let gpx = gpx::read(bytes).map_err(|e| e.to_string())?;
    let from_tracks: Vec<&gpx::Waypoint> = gpx
        .tracks
        .iter()
        .flat_map(|t| &t.segments)
        .flat_map(|s| &s.points)
        .collect();
    let chosen = if from_tracks.is_empty() {
        gpx.routes.iter().flat_map(|r| &r.points).collect()
    } else {
        from_tracks
    };
    Ok(chosen
        .into_iter()
        .enumerate()
        .map(|(i, w)| {
            let p = w.point();
            let time = w
                .time
                .and_then(|t| t.format().ok())
                .and_then(|s| parse_time(&s));
            (
                i + 1,
                FilePoint {
                    at: [p.x(), p.y()],
                    time,
                },
            )
        })
        .collect())
}

/// `gx:Track`: `when` and `gx:coord` ("lon lat alt") children in step.
fn gx_track(e: &kml::types::Element, out: &mut Vec<FilePoint>) {
    if e.name.ends_with("Track") {
        let times: Vec<Option<DateTime<Utc>>> = e
            .children
            .iter()
            .filter(|c| c.name == "when")
            .map(|c| c.content.as_deref().and_then(parse_time))
            .collect();
        let coords = e.children.iter().filter(|c| c.name.ends_with("coord"));
        for (i, c) in coords.enumerate() {
            let mut parts = c.content.as_deref().unwrap_or("").split_whitespace();
            let lon = parts
                .next()
                .and_then(|x| x.parse().ok())
                .unwrap_or(f64::NAN);
            let lat = parts
                .next()
                .and_then(|x| x.parse().ok())
                .unwrap_or(f64::NAN);
            out.push(FilePoint {
                at: [lon, lat],
                time: times.get(i).copied().flatten(),
            });
        }
    }
    for c in &e.children {
        gx_track(c, out);
    }
}

fn kml_geometry(g: &kml::types::Geometry, out: &mut Vec<FilePoint>) {
    use kml::types::Geometry;
    match g {
        Geometry::LineString(ls) => out.extend(ls.coords.iter().map(|c| FilePoint {
            at: [c.x, c.y],
            time: None,
        })),
        Geometry::MultiGeometry(m) => m.geometries.iter().for_each(|g| kml_geometry(g, out)),
        Geometry::Element(e) => gx_track(e, out),
        _ => {}
    }
}

fn kml_walk(k: &kml::Kml, out: &mut Vec<FilePoint>) {
    use kml::Kml;
    match k {
        Kml::KmlDocument(d) => d.elements.iter().for_each(|e| kml_walk(e, out)),
        Kml::Document { elements, .. } => elements.iter().for_each(|e| kml_walk(e, out)),
        Kml::Folder(f) => f.elements.iter().for_each(|e| kml_walk(e, out)),
        Kml::Placemark(p) => {
            if let Some(g) = &p.geometry {
                kml_geometry(g, out);
            }
            p.children.iter().for_each(|e| gx_track(e, out));
        }
        Kml::LineString(ls) => kml_geometry(&kml::types::Geometry::LineString(ls.clone()), out),
        Kml::MultiGeometry(m) => m.geometries.iter().for_each(|g| kml_geometry(g, out)),
        Kml::Element(e) => gx_track(e, out),
        _ => {}
    }
}

fn read_kml(bytes: &[u8]) -> Result<Vec<(usize, FilePoint)>, String> {
    let text = std::str::from_utf8(bytes).map_err(|e| e.to_string())?;
    let doc: kml::Kml = text.parse().map_err(|e: kml::Error| e.to_string())?;
    let mut out = Vec::new();
    kml_walk(&doc, &mut out);
    Ok(out
        .into_iter()
        .enumerate()
        .map(|(i, p)| (i + 1, p))
        .collect())
}

/// The column of a CSV header named any of `names` (case-insensitive).
fn column(header: &csv::StringRecord, names: &[&str]) -> Option<usize> {
    header
        .iter()
        .position(|h| names.iter().any(|n| h.trim().eq_ignore_ascii_case(n)))
}

fn read_csv(bytes: &[u8], errors: &mut Vec<RowError>) -> Result<Vec<(usize, FilePoint)>, String> {
    let mut reader = csv::ReaderBuilder::new().flexible(true).from_reader(bytes);
    let header = reader.headers().map_err(|e| e.to_string())?.clone();
    let lon = column(&header, &["lon", "lng", "longitude", "经度"]);
    let lat = column(&header, &["lat", "latitude", "纬度"]);
    let time = column(&header, &["time", "ts", "timestamp", "gpsTime", "时间"]);
    let (Some(lon), Some(lat)) = (lon, lat) else {
        return Err("the header must name a lon and a lat column".into());
    };
    let mut out = Vec::new();
    for (i, record) in reader.records().enumerate() {
        let line = i + 2; // the header is line 1
        let record = match record {
            Ok(r) => r,
            Err(e) => {
                errors.push(RowError {
                    row: line,
                    message: e.to_string(),
                });
                continue;
            }
        };
        let number = |c: usize| record.get(c).and_then(|v| v.trim().parse::<f64>().ok());
        match (number(lon), number(lat)) {
            (Some(x), Some(y)) => out.push((
                line,
                FilePoint {
                    at: [x, y],
                    time: time.and_then(|c| record.get(c)).and_then(parse_time),
                },
            )),
            _ => errors.push(RowError {
                row: line,
                message: "lon and lat must be numbers".into(),
            }),
        }
    }
    Ok(out)
}

/// The points of a file and the rows skipped; a file that cannot be read at all is refused
/// with the reader's reason.
pub fn read(
    format: Format,
    bytes: &[u8],
    gcj02: bool,
) -> Result<(Vec<FilePoint>, Vec<RowError>), AppError> {
    let mut errors = Vec::new();
    let read = match format {
        Format::Gpx => read_gpx(bytes),
        Format::Kml => read_kml(bytes),
        Format::Csv => read_csv(bytes, &mut errors),
    };
    let raw = read.map_err(|reason| {
        AppError::field(
            "file",
            text!(
                "file：无法读取 {} 文件：{}",
                "file: cannot read the {} file: {}",
                format.code(),
                reason
            ),
        )
    })?;
    let mut points = checked(raw, &mut errors);
    if gcj02 {
        for p in &mut points {
            p.at = gcj02_to_wgs84(p.at);
        }
    }
    Ok((points, errors))
}

#[derive(Debug, Clone, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UploadMeta {
    #[serde(default)]
    pub name: Option<String>,
    #[serde(default, alias = "carId")]
    pub vehicle_id: Option<i64>,
    #[serde(default)]
    pub route_id: Option<i64>,
    /// `wgs84` (default) or `gcj02`.
    #[serde(default)]
    pub coord: Option<String>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TrackUploaded {
    pub id: i64,
    pub format: Format,
    pub points: usize,
    pub length_m: f64,
    /// The first rows skipped (at most 100), and how many in all.
    pub errors: Vec<RowError>,
    pub error_count: usize,
}

/// Stores an uploaded track file for the scope's enterprise.
pub async fn upload(
    db: &DatabaseConnection,
    scope: &Scope,
    file_name: &str,
    bytes: &[u8],
    meta: &UploadMeta,
) -> Result<TrackUploaded, AppError> {
    crate::vehicle::writable(scope)?;
    let format = Format::of(file_name, bytes).ok_or_else(|| {
        AppError::field(
            "file",
            text!(
                "file：只接受 GPX、KML 或 CSV 文件",
                "file: only GPX, KML or CSV files are accepted"
            ),
        )
    })?;
    let gcj02 = match meta.coord.as_deref().map(str::trim) {
        None | Some("" | "wgs84") => false,
        Some("gcj02") => true,
        Some(other) => {
            return Err(AppError::field(
                "coord",
                text!(
                    "coord：wgs84 或 gcj02，收到 {}",
                    "coord: wgs84 or gcj02, got {}",
                    other
                ),
            ));
        }
    };
    let (vehicle, route) = (
        match meta.vehicle_id.filter(|id| *id != 0) {
            Some(id) => Some(crate::vehicle::find(db, scope, id).await?),
            None => None,
        },
        match meta.route_id.filter(|id| *id != 0) {
            Some(id) => Some(scope.find::<route::Entity>(db, id).await?),
            None => None,
        },
    );
    let (points, errors) = read(format, bytes, gcj02)?;
    if points.len() < 2 {
        return Err(AppError::field(
            "file",
            text!(
                "file：文件中可用的点少于两个（跳过 {} 行）",
                "file: the file holds fewer than two usable points ({} rows skipped)",
                errors.len()
            ),
        ));
    }
    if points.len() > MAX_POINTS {
        return Err(AppError::field(
            "file",
            text!(
                "file：最多 {} 个点，文件有 {} 个",
                "file: at most {} points, the file has {}",
                MAX_POINTS,
                points.len()
            ),
        ));
    }
    let line: Vec<LonLat> = points.iter().map(|p| p.at).collect();
    let length = length_m(&line);
    let enterprise_id = route
        .as_ref()
        .map(|r| r.enterprise_id)
        .or(vehicle.as_ref().map(|v| v.enterprise_id))
        .map_or_else(|| scope.acting(None), Ok)?;
    let name = limited("name", meta.name.as_deref().unwrap_or(file_name), 128)?;
    let stored: Vec<(f64, f64, Option<i64>)> = points
        .iter()
        .map(|p| (p.at[0], p.at[1], p.time.map(|t| t.timestamp())))
        .collect();
    let saved = track_upload::ActiveModel {
        enterprise_id: Set(enterprise_id),
        vehicle_id: Set(vehicle.map(|v| v.id)),
        route_id: Set(route.map(|r| r.id)),
        name: Set(name),
        format: Set(format.code().into()),
        points: Set(i32::try_from(points.len()).unwrap_or(i32::MAX)),
        length_m: Set(length),
        line: Set(to_json(&stored)),
        created_by: Set(scope.user.id),
        created_at: Set(Utc::now()),
        ..Default::default()
    }
    .insert(db)
    .await?;
    let error_count = errors.len();
    Ok(TrackUploaded {
        id: saved.id,
        format,
        points: points.len(),
        length_m: length,
        errors: errors.into_iter().take(MAX_ERRORS).collect(),
        error_count,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gpx_track_points_are_read_with_their_times() {
        let gpx = br#"<?xml version="1.0"?>
<gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1">
  <trk><trkseg>
    <trkpt lat="39.9" lon="116.3"><time>2026-11-20T08:00:00Z</time></trkpt>
    <trkpt lat="39.91" lon="116.31"><time>2026-11-20T08:01:00Z</time></trkpt>
  </trkseg></trk>
</gpx>"#;
        let (points, errors) = read(Format::Gpx, gpx, false).unwrap();
        assert!(errors.is_empty());
        assert_eq!(points.len(), 2);
        assert_eq!(points[1].at, [116.31, 39.91]);
        assert_eq!(
            points[0].time.unwrap().to_rfc3339(),
            "2026-11-20T08:00:00+00:00"
        );
    }

    #[test]
    fn kml_line_strings_are_read() {
        let kml = br#"<?xml version="1.0" encoding="UTF-8"?>
<kml xmlns="http://www.opengis.net/kml/2.2"><Document><Placemark><name>r</name>
<LineString><coordinates>116.3,39.9,0 116.31,39.91,0 116.32,39.92,0</coordinates></LineString>
</Placemark></Document></kml>"#;
        let (points, _) = read(Format::Kml, kml, false).unwrap();
        assert_eq!(points.len(), 3);
        assert_eq!(points[2].at, [116.32, 39.92]);
    }

    #[test]
    fn csv_rows_that_cannot_be_read_are_reported_by_line() {
        let csv = b"time,lat,lon\n2026-11-20T08:00:00Z,39.9,116.3\nx,abc,116.31\n2026-11-20 08:02:00,39.92,200\n1790000000,39.93,116.33\n";
        let (points, errors) = read(Format::Csv, csv, false).unwrap();
        assert_eq!(points.len(), 2);
        assert_eq!(errors.iter().map(|e| e.row).collect::<Vec<_>>(), vec![3, 4]);
        assert!(points[1].time.is_some());
    }

    #[test]
    fn a_malformed_gpx_is_refused_with_the_reason() {
        let err = read(Format::Gpx, b"<gpx><trk>", false).unwrap_err();
        assert!(format!("{err:?}").contains("gpx"), "{err:?}");
    }
}
