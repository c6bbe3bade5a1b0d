//! Area `work`: work orders, tasks and discussions, and the categories that classify them.
//! Every query here goes through [`Scope`](crate::scope::Scope).

pub mod categories;
