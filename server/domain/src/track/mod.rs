//! Area `track`: where vehicles went and where they should go — day tracks and long-range
//! analyses read from per-day fragments, planned routes with corridors, points of interest and
//! geofences with a spatial index, and uploaded GPX/KML/CSV tracks. See `docs/tracks.md`.
//! Every query goes through [`Scope`](crate::scope::Scope): vehicles through the vehicle
//! area's visibility, routes, uploads and points of interest through their enterprise
//! (points of interest without one are platform-wide).

pub mod fragments;
pub mod geometry;
pub mod matching;
pub mod pois;
pub mod routes;
pub mod tracks;
pub mod uploads;
