//! MQTT topic names and filters (MQTT 3.1.1 §4.7): the checks the console's inputs pass, and
//! matching. Levels are separated by `/`; empty levels are allowed (`a//b`, `/a`), as the
//! specification allows them. In a filter `+` must be a whole level and `#` a whole last level;
//! a topic a message is published to holds neither.

use kernel::error::AppError;
use kernel::text;

/// Longest filter or topic accepted, bytes.
pub const MAX_TOPIC: usize = 256;
/// The placeholder a route's target may carry: the device imei of the source topic.
pub const IMEI: &str = "{imei}";

fn common(field: &str, value: &str) -> Result<(), AppError> {
    if value.is_empty() {
        return Err(AppError::field(
            field,
            text!("{} 不能为空", "{} must not be empty", field),
        ));
    }
    if value.len() > MAX_TOPIC {
        return Err(AppError::field(
            field,
            text!(
                "{} 不能超过 {} 字节",
                "{} must be at most {} bytes",
                field,
                MAX_TOPIC
            ),
        ));
    }
    if value.chars().any(|c| c == '\0' || c.is_control()) {
        return Err(AppError::field(
            field,
            text!(
                "{} 不能包含控制字符",
                "{} must not contain control characters",
                field
            ),
        ));
    }
    Ok(())
}

/// A topic filter to subscribe to.
pub fn check_filter(field: &str, filter: &str) -> Result<(), AppError> {
    common(field, filter)?;
    let levels: Vec<&str> = filter.split('/').collect();
    for (i, level) in levels.iter().enumerate() {
        if level.contains('#') && (*level != "#" || i + 1 != levels.len()) {
            return Err(AppError::field(
                field,
                text!(
                    "{}：# 只能单独作为最后一级（如 a/b/#）",
                    "{}: # must be a whole level and the last one (like a/b/#)",
                    field
                ),
            ));
        }
        if level.contains('+') && *level != "+" {
            return Err(AppError::field(
                field,
                text!(
                    "{}：+ 必须单独占据一级（如 a/+/c）",
                    "{}: + must take a whole level (like a/+/c)",
                    field
                ),
            ));
        }
    }
    Ok(())
}

/// A topic to publish to: no wildcards, not a broker-reserved `$` topic.
pub fn check_topic(field: &str, topic: &str) -> Result<(), AppError> {
    common(field, topic)?;
    if topic.contains(['+', '#']) {
        return Err(AppError::field(
            field,
            text!(
                "{} 是发布主题，不能包含通配符 + 或 #",
                "{} is a topic to publish to: it must not contain the wildcards + or #",
                field
            ),
        ));
    }
    if topic.starts_with('$') {
        return Err(AppError::field(
            field,
            text!(
                "{}：以 $ 开头的主题保留给服务器",
                "{}: topics starting with $ are reserved for the broker",
                field
            ),
        ));
    }
    Ok(())
}

/// A route's target: a topic to publish to, in which `{imei}` may stand for a level.
pub fn check_target(field: &str, target: &str) -> Result<(), AppError> {
    let plain = target.replace(IMEI, "imei");
    if plain.contains(['{', '}']) {
        return Err(AppError::field(
            field,
            text!(
                "{} 只支持占位符 {{imei}}",
                "{} supports only the placeholder {{imei}}",
                field
            ),
        ));
    }
    check_topic(field, &plain)?;
    if target.contains(IMEI) && !target.split('/').any(|level| level == IMEI) {
        return Err(AppError::field(
            field,
            text!(
                "{}：{{imei}} 必须单独占据一级",
                "{}: {{imei}} must take a whole level",
                field
            ),
        ));
    }
    Ok(())
}

/// Whether `topic` (a concrete topic name) matches `filter`. Wildcards at the first level do
/// not match topics starting with `$` (§4.7.2).
pub fn matches(topic: &str, filter: &str) -> bool {
    if topic.starts_with('$') && filter.starts_with(['+', '#']) {
        return false;
    }
    let mut t = topic.split('/');
    let mut f = filter.split('/');
    loop {
        match (f.next(), t.next()) {
            (Some("#"), _) => return true,
            (Some("+"), Some(_)) => {}
            (Some(fl), Some(tl)) if fl == tl => {}
            (None, None) => return true,
            _ => return false,
        }
    }
}

/// Whether every topic `inner` matches also matches `outer` (so subscribing to `outer`
/// already brings `inner`'s messages).
pub fn covers(outer: &str, inner: &str) -> bool {
    let mut o = outer.split('/');
    let mut i = inner.split('/');
    loop {
        match (o.next(), i.next()) {
            (Some("#"), _) => return true,
            (Some("+"), Some(il)) if il != "#" => {}
            (Some(ol), Some(il)) if ol == il && ol != "+" => {}
            (None, None) => return true,
            _ => return false,
        }
    }
}

/// Whether some topic could match both filters.
pub fn overlaps(a: &str, b: &str) -> bool {
    let mut x = a.split('/');
    let mut y = b.split('/');
    loop {
        match (x.next(), y.next()) {
            (Some("#"), _) | (_, Some("#")) => return true,
            (Some("+"), Some(_)) | (Some(_), Some("+")) => {}
            (Some(p), Some(q)) if p == q => {}
            (None, None) => return true,
            _ => return false,
        }
    }
}

/// A route's target as a filter of the topics it can produce (`{imei}` is any level).
pub fn target_filter(target: &str) -> String {
    target.replace(IMEI, "+")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn filters_follow_the_wildcard_rules() {
        for good in ["a", "a/b", "a/+/c", "+", "#", "a/#", "/a", "a//b", "+/+/#"] {
            assert!(check_filter("filter", good).is_ok(), "{good}");
        }
        for bad in ["", "a/#/b", "a#", "a/b#", "a+/b", "a/++", "#/a", "a/\u{0}"] {
            assert!(check_filter("filter", bad).is_err(), "{bad}");
        }
        for bad in ["a/+", "a/#", "$SYS/x", ""] {
            assert!(check_topic("topic", bad).is_err(), "{bad}");
        }
        assert!(check_target("target", "wheelend/{imei}/command").is_ok());
        assert!(check_target("target", "wheelend/x{imei}/command").is_err());
        assert!(check_target("target", "wheelend/{id}/command").is_err());
    }

    #[test]
    fn matching() {
        assert!(matches("a/b/c", "a/+/c"));
        assert!(matches("a/b/c", "a/#"));
        assert!(matches("a", "a/#"));
        assert!(!matches("a/b", "a/+/c"));
        assert!(!matches("$SYS/x", "#"));
        assert!(covers("a/#", "a/+/c"));
        assert!(covers("a/+/c", "a/b/c"));
        assert!(!covers("a/b/c", "a/+/c"));
        assert!(!covers("a/+", "a/#"));
        assert!(overlaps("a/+/c", "a/b/+"));
        assert!(!overlaps("a/b", "a/c"));
        assert!(overlaps("w/+/command", "w/#"));
    }
}
