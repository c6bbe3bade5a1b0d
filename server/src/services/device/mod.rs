//! Area `device`: rules over receivers, repeaters, sensors, firmware, upgrades, commands and
//! tags. Every query here goes through [`Scope`](super::scope::Scope).
