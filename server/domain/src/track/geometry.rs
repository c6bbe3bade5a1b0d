//! Geometry on WGS-84 coordinates: the GCJ-02 datum of Chinese maps, lengths, simplification in
//! metres, point-in-shape tests and polygon validity. Lines are `[lon, lat]` pairs.

use geo::{Coord, LineString, Polygon, SimplifyIdx, Validation};

use crate::vehicle::mileage::haversine_m;

pub type LonLat = [f64; 2];

/// Krasovsky 1940 semi-major axis and eccentricity squared, as used by the GCJ-02 offset.
const KRASOVSKY_A: f64 = 6_378_245.0;
const KRASOVSKY_EE: f64 = 0.006_693_421_622_965_943;

/// GCJ-02 offsets positions inside China only (the usual bounding box).
fn out_of_china([lon, lat]: LonLat) -> bool {
    !(72.004..=137.8347).contains(&lon) || !(0.8293..=55.8271).contains(&lat)
}

fn offset_lat(x: f64, y: f64) -> f64 {
    use std::f64::consts::PI;
    let mut r = -100.0 + 2.0 * x + 3.0 * y + 0.2 * y * y + 0.1 * x * y + 0.2 * x.abs().sqrt();
    r += (20.0 * (6.0 * x * PI).sin() + 20.0 * (2.0 * x * PI).sin()) * 2.0 / 3.0;
    r += (20.0 * (y * PI).sin() + 40.0 * (y / 3.0 * PI).sin()) * 2.0 / 3.0;
    r += (160.0 * (y / 12.0 * PI).sin() + 320.0 * (y * PI / 30.0).sin()) * 2.0 / 3.0;
    r
}

fn offset_lon(x: f64, y: f64) -> f64 {
    use std::f64::consts::PI;
    let mut r = 300.0 + x + 2.0 * y + 0.1 * x * x + 0.1 * x * y + 0.1 * x.abs().sqrt();
    r += (20.0 * (6.0 * x * PI).sin() + 20.0 * (2.0 * x * PI).sin()) * 2.0 / 3.0;
    r += (20.0 * (x * PI).sin() + 40.0 * (x / 3.0 * PI).sin()) * 2.0 / 3.0;
    r += (150.0 * (x / 12.0 * PI).sin() + 300.0 * (x / 30.0 * PI).sin()) * 2.0 / 3.0;
    r
}

/// A WGS-84 position as GCJ-02 shows it.
pub fn wgs84_to_gcj02(p: LonLat) -> LonLat {
    if out_of_china(p) {
        return p;
    }
    let [lon, lat] = p;
    let d_lat = offset_lat(lon - 105.0, lat - 35.0);
    let d_lon = offset_lon(lon - 105.0, lat - 35.0);
    let rad_lat = lat.to_radians();
    let magic = 1.0 - KRASOVSKY_EE * rad_lat.sin().powi(2);
    let sqrt_magic = magic.sqrt();
    [
        lon + d_lon * 180.0 / (KRASOVSKY_A / sqrt_magic * rad_lat.cos() * std::f64::consts::PI),
        lat + d_lat * 180.0
            / (KRASOVSKY_A * (1.0 - KRASOVSKY_EE) / (magic * sqrt_magic) * std::f64::consts::PI),
    ]
}

/// The inverse of [`wgs84_to_gcj02`], by fixed-point iteration (better than 1e-7° in a few
/// rounds; the offset has no closed-form inverse).
pub fn gcj02_to_wgs84(p: LonLat) -> LonLat {
    if out_of_china(p) {
        return p;
    }
    let mut w = p;
    for _ in 0..10 {
        let g = wgs84_to_gcj02(w);
        let (e_lon, e_lat) = (g[0] - p[0], g[1] - p[1]);
        w = [w[0] - e_lon, w[1] - e_lat];
        if e_lon.abs() < 1e-9 && e_lat.abs() < 1e-9 {
            break;
        }
    }
    w
}

/// Great-circle distance in metres.
pub fn distance_m(a: LonLat, b: LonLat) -> f64 {
    haversine_m(a[1], a[0], b[1], b[0])
}

/// The length of a line in metres.
pub fn length_m(line: &[LonLat]) -> f64 {
    line.windows(2).map(|w| distance_m(w[0], w[1])).sum()
}

/// Metres per degree of latitude (and of longitude at the equator) on the spec's sphere.
const METRES_PER_DEGREE: f64 = 6_378_137.0 * std::f64::consts::PI / 180.0;

/// Local metres around `origin` (equirectangular: exact enough for one day's or one route's
/// extent, which is what simplification and corridor tests look at).
fn project(origin: LonLat, p: LonLat) -> Coord<f64> {
    let k = origin[1].to_radians().cos();
    Coord {
        x: (p[0] - origin[0]) * METRES_PER_DEGREE * k,
        y: (p[1] - origin[1]) * METRES_PER_DEGREE,
    }
}

/// Which points of a line Douglas–Peucker keeps at `tolerance_m` (always the first and the
/// last); every index when the tolerance is 0.
pub fn simplified_indices(line: &[LonLat], tolerance_m: f64) -> Vec<usize> {
    if line.len() <= 2 || tolerance_m <= 0.0 {
        return (0..line.len()).collect();
    }
    let origin = line[0];
    let projected: LineString<f64> = line.iter().map(|p| project(origin, *p)).collect();
    projected.simplify_idx(tolerance_m)
}

/// The distance in metres from `p` to the nearest point of `line` (a polyline of two or more
/// points).
pub fn distance_to_line_m(p: LonLat, line: &[LonLat]) -> f64 {
    let q = project(p, p);
    line.windows(2)
        .map(|w| {
            let (a, b) = (project(p, w[0]), project(p, w[1]));
            let (dx, dy) = (b.x - a.x, b.y - a.y);
            let len2 = dx * dx + dy * dy;
            let t = if len2 == 0.0 {
                0.0
            } else {
                (((q.x - a.x) * dx + (q.y - a.y) * dy) / len2).clamp(0.0, 1.0)
            };
            let (cx, cy) = (a.x + t * dx, a.y + t * dy);
            ((q.x - cx).powi(2) + (q.y - cy).powi(2)).sqrt()
        })
        .fold(f64::INFINITY, f64::min)
}

/// Points every `step_m` metres along a line from its start (its end included), each with the
/// bearing of its segment in degrees clockwise from north.
pub fn along(line: &[LonLat], step_m: f64) -> Vec<(LonLat, f64)> {
    let mut out = Vec::new();
    let Some(first) = line.first() else {
        return out;
    };
    let step = step_m.max(1.0);
    let mut carried = 0.0; // metres walked since the last point put out
    let mut bearing = 0.0;
    out.push((*first, 0.0));
    for w in line.windows(2) {
        let (a, b) = (w[0], w[1]);
        let length = distance_m(a, b);
        if length == 0.0 {
            continue;
        }
        let d = project(a, b);
        bearing = d.x.atan2(d.y).to_degrees().rem_euclid(360.0);
        let mut at = step - carried;
        while at <= length {
            let t = at / length;
            out.push((
                [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t],
                bearing,
            ));
            at += step;
        }
        carried = length - (at - step);
    }
    if let Some(first_out) = out.first_mut() {
        first_out.1 = out_bearing(line);
    }
    let last = line[line.len() - 1];
    if out.last().is_none_or(|(p, _)| *p != last) {
        out.push((last, bearing));
    }
    out
}

/// The bearing of a line's first segment of some length.
fn out_bearing(line: &[LonLat]) -> f64 {
    line.windows(2).find(|w| w[0] != w[1]).map_or(0.0, |w| {
        let d = project(w[0], w[1]);
        d.x.atan2(d.y).to_degrees().rem_euclid(360.0)
    })
}

/// The shape of a point of interest: a point, a circle (`radius_m`) or a polygon (`ring`),
/// `centre` being the point, the circle's centre or the polygon's centroid.
#[derive(Debug, Clone, PartialEq)]
pub struct Area {
    pub centre: LonLat,
    pub radius_m: Option<f64>,
    pub ring: Option<Vec<LonLat>>,
}

impl Area {
    /// Its bounding box `[min lon, min lat, max lon, max lat]`.
    pub fn bbox(&self) -> [f64; 4] {
        let [lon, lat] = self.centre;
        match (&self.ring, self.radius_m) {
            (Some(ring), _) => bbox(ring.iter().copied()).unwrap_or([lon, lat, lon, lat]),
            (None, Some(r)) => circle_bbox(self.centre, r),
            (None, None) => [lon, lat, lon, lat],
        }
    }

    /// Whether it holds `p`: inside the polygon or the circle; a point holds nothing.
    pub fn holds(&self, p: LonLat) -> bool {
        match (&self.ring, self.radius_m) {
            (Some(ring), _) => polygon_contains(ring, p),
            (None, Some(r)) => distance_m(self.centre, p) <= r,
            (None, None) => false,
        }
    }
}

/// A polygon of `[lon, lat]` vertices (an open ring).
pub fn polygon(ring: &[LonLat]) -> Polygon<f64> {
    Polygon::new(
        ring.iter().map(|p| Coord { x: p[0], y: p[1] }).collect(),
        vec![],
    )
}

/// Why a ring is not a usable polygon (crossing itself, repeated or collinear vertices), or
/// None when it is one.
pub fn polygon_problem(ring: &[LonLat]) -> Option<String> {
    let invalid = polygon(ring).validation_errors();
    invalid.first().map(ToString::to_string)
}

/// Whether `p` lies inside the polygon `ring` (on the edge counts as inside).
pub fn polygon_contains(ring: &[LonLat], p: LonLat) -> bool {
    use geo::Intersects;
    polygon(ring).intersects(&Coord { x: p[0], y: p[1] })
}

/// The centroid of a ring (the average of its vertices for degenerate ones).
pub fn centroid(ring: &[LonLat]) -> LonLat {
    use geo::Centroid;
    polygon(ring).centroid().map_or_else(
        || {
            let n = ring.len().max(1) as f64;
            [
                ring.iter().map(|p| p[0]).sum::<f64>() / n,
                ring.iter().map(|p| p[1]).sum::<f64>() / n,
            ]
        },
        |c| [c.x(), c.y()],
    )
}

/// The bounding box `[min lon, min lat, max lon, max lat]` of points, or None for none.
pub fn bbox(points: impl IntoIterator<Item = LonLat>) -> Option<[f64; 4]> {
    points.into_iter().fold(None, |acc, [lon, lat]| {
        Some(match acc {
            None => [lon, lat, lon, lat],
            Some([a, b, c, d]) => [a.min(lon), b.min(lat), c.max(lon), d.max(lat)],
        })
    })
}

/// The box around a circle, in degrees (clamped at the poles).
pub fn circle_bbox(centre: LonLat, radius_m: f64) -> [f64; 4] {
    let d_lat = radius_m / METRES_PER_DEGREE;
    let k = centre[1].to_radians().cos().max(0.01);
    let d_lon = (d_lat / k).min(180.0);
    [
        centre[0] - d_lon,
        (centre[1] - d_lat).max(-90.0),
        centre[0] + d_lon,
        (centre[1] + d_lat).min(90.0),
    ]
}

/// A coordinate pair within WGS-84's range.
pub fn valid_lon_lat(p: LonLat) -> bool {
    p[0].is_finite()
        && p[1].is_finite()
        && (-180.0..=180.0).contains(&p[0])
        && (-90.0..=90.0).contains(&p[1])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gcj02_round_trips_inside_china_and_leaves_the_rest_alone() {
        let beijing = [116.397_428, 39.909_23];
        let g = wgs84_to_gcj02(beijing);
        assert!(
            distance_m(beijing, g) > 100.0,
            "the offset is hundreds of metres"
        );
        let back = gcj02_to_wgs84(g);
        assert!(distance_m(beijing, back) < 0.05);
        let paris = [2.35, 48.85];
        assert_eq!(wgs84_to_gcj02(paris), paris);
    }

    #[test]
    fn simplification_keeps_the_corners_and_the_ends() {
        // A straight kilometre east with a 500 m spur north in the middle.
        let line = [
            [116.0, 40.0],
            [116.003, 40.0],
            [116.006, 40.0],
            [116.006, 40.0045],
            [116.009, 40.0],
            [116.012, 40.0],
        ];
        let kept = simplified_indices(&line, 20.0);
        assert_eq!(kept, vec![0, 2, 3, 4, 5]);
        assert_eq!(simplified_indices(&line, 0.0).len(), line.len());
    }

    #[test]
    fn a_bow_tie_is_not_a_polygon_and_a_square_contains_its_centre() {
        let bow = [[0.0, 0.0], [1.0, 1.0], [1.0, 0.0], [0.0, 1.0]];
        assert!(polygon_problem(&bow).is_some());
        let square = [[0.0, 0.0], [1.0, 0.0], [1.0, 1.0], [0.0, 1.0]];
        assert!(polygon_problem(&square).is_none());
        assert!(polygon_contains(&square, [0.5, 0.5]));
        assert!(!polygon_contains(&square, [1.5, 0.5]));
    }

    #[test]
    fn points_along_a_line_are_evenly_spaced_with_their_bearing() {
        // About 2.2 km east then 1.1 km north.
        let line = [[116.0, 40.0], [116.026, 40.0], [116.026, 40.01]];
        let walk = along(&line, 500.0);
        let total = length_m(&line);
        assert_eq!(walk.len(), (total / 500.0).floor() as usize + 2);
        for w in walk.windows(2).take(walk.len() - 2) {
            let gap = distance_m(w[0].0, w[1].0);
            assert!(gap <= 500.5, "{gap}");
        }
        assert!((walk[1].1 - 90.0).abs() < 0.5, "east: {}", walk[1].1);
        assert!(walk[walk.len() - 2].1.abs() < 0.5 || (walk[walk.len() - 2].1 - 360.0).abs() < 0.5);
        assert_eq!(walk.last().unwrap().0, [116.026, 40.01]);
    }

    #[test]
    fn distance_to_a_line_is_measured_to_the_nearest_segment() {
        let line = [[116.0, 40.0], [116.01, 40.0]];
        let d = distance_to_line_m([116.005, 40.001], &line);
        assert!((d - 111.3).abs() < 1.0, "{d}");
        let beyond = distance_to_line_m([116.02, 40.0], &line);
        assert!((beyond - distance_m([116.02, 40.0], [116.01, 40.0])).abs() < 1.0);
    }
}
