//! Checks shared by every area's input: text fields, ranges, id lists and JSON kept in text
//! columns. Each refusal names the field as the request spells it.

use std::collections::BTreeSet;

use serde::{Deserialize, Deserializer, Serialize};

use crate::error::AppError;
use crate::text;

/// A required text field: trimmed, not empty, at most `max` characters.
pub fn required(field: &str, value: &str, max: usize) -> Result<String, AppError> {
    let v = value.trim();
    if v.is_empty() {
        return Err(AppError::field(
            field,
            text!("{} 不能为空", "{} must not be empty", field),
        ));
    }
    limited(field, v, max)
}

/// An optional text field: trimmed, at most `max` characters.
pub fn limited(field: &str, value: &str, max: usize) -> Result<String, AppError> {
    let v = value.trim();
    if v.chars().count() > max {
        return Err(AppError::field(
            field,
            text!(
                "{} 不能超过 {} 个字符",
                "{} must be at most {} characters",
                field,
                max
            ),
        ));
    }
    Ok(v.to_owned())
}

/// An integer within `lo..=hi`.
pub fn in_range(field: &str, value: i64, lo: i64, hi: i64) -> Result<(), AppError> {
    if (lo..=hi).contains(&value) {
        Ok(())
    } else {
        Err(AppError::field(
            field,
            text!(
                "{} 须在 {} 到 {} 之间",
                "{} must be between {} and {}",
                field,
                lo,
                hi
            ),
        ))
    }
}

/// Vehicle ids as a request names them: positive, at most 1000, duplicates dropped.
pub fn vehicle_ids(field: &str, ids: &[i64]) -> Result<Vec<i64>, AppError> {
    if ids.len() > 1000 {
        return Err(AppError::field(
            field,
            text!("{} 最多 1000 个", "{} holds at most 1000 ids", field),
        ));
    }
    if let Some(bad) = ids.iter().find(|id| **id <= 0) {
        return Err(AppError::field(
            field,
            text!(
                "{} 含无效车辆编号 {}",
                "{} holds an invalid vehicle id {}",
                field,
                bad
            ),
        ));
    }
    Ok(ids
        .iter()
        .copied()
        .collect::<BTreeSet<_>>()
        .into_iter()
        .collect())
}

/// A JSON array stored in a text column.
pub fn json_list<T: serde::de::DeserializeOwned>(text: &str) -> Vec<T> {
    serde_json::from_str(text).unwrap_or_default()
}

pub fn to_json<T: Serialize>(value: &T) -> String {
    serde_json::to_string(value).unwrap_or_else(|_| "[]".into())
}

/// A field that may be left out (None), null (`Some(None)`) or given; use with
/// `#[serde(default, deserialize_with = "present")]`.
pub fn present<'de, D: Deserializer<'de>, T: Deserialize<'de>>(
    d: D,
) -> Result<Option<Option<T>>, D::Error> {
    Option::<T>::deserialize(d).map(Some)
}

/// A finite number of at least 0 and below a billion (amounts, quantities, km).
pub fn non_negative(field: &str, value: f64) -> Result<f64, AppError> {
    if value.is_finite() && (0.0..1e9).contains(&value) {
        Ok(value)
    } else {
        Err(AppError::field(
            field,
            text!(
                "{} 须为 0 到 10 亿之间的数",
                "{} must be a number from 0 to one billion",
                field
            ),
        ))
    }
}
