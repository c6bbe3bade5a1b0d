//! Rules every request's input meets before it is deserialized into a call's own type
//! (docs/input.md): no duplicate keys, at most [`MAX_DEPTH`] levels of nesting, every text within
//! the limit of its field's kind, and paging within [`paging::bounds`]. A breach is code 7
//! naming the field.
//!
//! JSON bodies are checked in one pass over the bytes, without building a value; query strings
//! pair by pair.

use std::cell::RefCell;
use std::collections::HashSet;
use std::fmt;

use serde::Deserializer as _;
use serde::de::{self, DeserializeSeed, MapAccess, SeqAccess, Visitor};

use kernel::error::AppError;
use kernel::i18n::Text;
use kernel::paging;
use kernel::text;

/// Deepest nesting of objects and arrays a body may have.
pub const MAX_DEPTH: usize = 32;

/// Longest field name accepted (no call has one near this).
pub const MAX_KEY_CHARS: usize = 100;

/// What a field holds, judged by its name; each kind has a default length limit (in
/// characters). Services may apply tighter rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// `keyword`, `search`, `query`, `q`, `kw`.
    Keyword,
    /// `…name`, `…title`, `…label`, `plate`, `company`, `customer`, `contact`, `station`.
    Name,
    /// `…id(s)`, `…no`, `…code`, `imei`, `iccid`, `vin`, `sn`, `phone`, `version`, dates and
    /// times (`start`, `end`, `…date`, `…time`).
    Code,
    /// `…remark`, `…note`, `…desc(ription)`, `…reason`, `…comment`, `…message`, `…detail`,
    /// `…address`.
    Note,
    /// `…url`, `…path`, `…domain`, `…email`.
    Link,
    /// `…content`, `…text`, `…body`.
    LongText,
    /// Any other field.
    Other,
}

impl Kind {
    pub fn of(field: &str) -> Self {
        let f = field.to_ascii_lowercase();
        let ends = |suffixes: &[&str]| suffixes.iter().any(|s| f.ends_with(s));
        if matches!(f.as_str(), "q" | "kw" | "query") || ends(&["keyword", "search"]) {
            Self::Keyword
        } else if ends(&["url", "path", "domain", "email"]) {
            Self::Link
        } else if ends(&["name", "title", "titleen", "label", "labelen", "plate"])
            || matches!(f.as_str(), "company" | "customer" | "contact" | "station")
        {
            Self::Name
        } else if ends(&[
            "id", "ids", "no", "code", "imei", "iccid", "vin", "phone", "version",
        ]) || ends(&["date", "time"])
            || matches!(f.as_str(), "sn" | "start" | "end")
        {
            Self::Code
        } else if ends(&[
            "remark",
            "note",
            "desc",
            "description",
            "reason",
            "comment",
            "message",
            "detail",
            "address",
        ]) {
            Self::Note
        } else if ends(&["content", "text", "body"]) {
            Self::LongText
        } else {
            Self::Other
        }
    }

    /// The default limit in characters.
    pub const fn limit(self) -> usize {
        match self {
            Self::Keyword | Self::Name => 100,
            Self::Code => 64,
            Self::Note => 500,
            Self::Link => 2_048,
            Self::LongText => 5_000,
            // Generous, yet far below SQLite's 50,000-byte LIKE pattern limit.
            Self::Other => 10_000,
        }
    }

    fn describe(self) -> (&'static str, &'static str) {
        match self {
            Self::Keyword => ("关键字", "keyword"),
            Self::Name => ("名称", "name"),
            Self::Code => ("编号", "code or id"),
            Self::Note => ("备注", "note"),
            Self::Link => ("链接", "link"),
            Self::LongText => ("长文本", "long text"),
            Self::Other => ("文本", "text"),
        }
    }
}

/// Why an input was refused; `path` names the field (`a.b[0].c`).
#[derive(Debug)]
enum Breach {
    Duplicate,
    TooDeep,
    KeyTooLong,
    TooLong(Kind),
}

#[derive(Debug)]
struct Refusal {
    breach: Breach,
    path: String,
}

impl Refusal {
    fn into_error(self) -> AppError {
        let path = shorten(&self.path);
        AppError::fail(match self.breach {
            Breach::Duplicate => text!(
                "请求参数 {} 重复出现",
                "Field {} appears more than once",
                path
            ),
            Breach::TooDeep => text!(
                "请求体嵌套超过 {} 层（{}）",
                "The request nests deeper than {} levels (at {})",
                MAX_DEPTH,
                path
            ),
            Breach::KeyTooLong => text!(
                "请求参数名过长（最多 {} 个字符）：{}",
                "Field name too long (at most {} characters): {}",
                MAX_KEY_CHARS,
                path
            ),
            Breach::TooLong(kind) => {
                let (zh, en) = kind.describe();
                let limit = kind.limit();
                Text::new(
                    format!("请求参数 {path} 过长：{zh}最多 {limit} 个字符"),
                    format!("Field {path} is too long: a {en} has at most {limit} characters"),
                )
            }
        })
    }
}

/// A path fit to quote in a message (a refused key may be huge).
fn shorten(path: &str) -> String {
    const SHOWN: usize = 80;
    match path.char_indices().nth(SHOWN) {
        Some((cut, _)) => format!("{}…", &path[..cut]),
        None => path.to_owned(),
    }
}

fn too_long(text: &str, limit: usize) -> bool {
    text.len() > limit && text.chars().count() > limit
}

/// A top-level `page` or `pageSize` as sent.
#[derive(Debug, Clone, Copy, Default)]
enum PageValue {
    /// Absent, `null` or empty.
    #[default]
    Absent,
    /// A whole number (negative ones are below every bound, so they count as 0).
    Whole(u64),
    /// Anything else (a fraction, a word, a list).
    Other,
}

impl PageValue {
    fn of_text(text: &str) -> Self {
        let text = text.trim();
        if text.is_empty() {
            Self::Absent
        } else if let Ok(n) = text.parse() {
            Self::Whole(n)
        } else if text.parse::<i64>().is_ok() {
            Self::Whole(0)
        } else {
            Self::Other
        }
    }
}

/// The top-level paging fields, checked once the pass is over.
#[derive(Default)]
struct Paging {
    page: PageValue,
    page_size: PageValue,
}

impl Paging {
    fn note(&mut self, key: &str, value: PageValue) {
        match key {
            "page" => self.page = value,
            "pageSize" => self.page_size = value,
            _ => {}
        }
    }

    fn check(&self) -> Result<(), AppError> {
        let whole = |field: &str, value| match value {
            PageValue::Absent => Ok(None),
            PageValue::Whole(n) => Ok(Some(n)),
            PageValue::Other => Err(AppError::fail(text!(
                "{} 必须是整数",
                "{} must be a whole number",
                field
            ))),
        };
        let page = whole("page", self.page)?;
        let page_size = whole("pageSize", self.page_size)?;
        if page.is_none() && page_size.is_none() {
            return Ok(());
        }
        paging::bounds(
            page.unwrap_or(1),
            page_size.unwrap_or(paging::DEFAULT_PAGE_SIZE),
        )
        .map(drop)
    }
}

/// Checks a JSON body. Syntax errors pass: deserialization reports them.
pub fn check_json(bytes: &[u8]) -> Result<(), AppError> {
    let pass = Pass::default();
    let mut de = serde_json::Deserializer::from_slice(bytes);
    if de
        .deserialize_any(Node {
            pass: &pass,
            field: "",
            depth: 0,
        })
        .is_err()
    {
        return match pass.refusal.into_inner() {
            Some(r) => Err(r.into_error()),
            None => Ok(()),
        };
    }
    pass.paging.into_inner().check()
}

/// Longest query string accepted, in bytes: above what any call needs (a text of the "other"
/// kind at its 10,000-character limit, or a note percent-encoded nine bytes a character), far
/// below what could tie up the server.
pub const MAX_QUERY_BYTES: usize = 16 * 1024;

/// Refuses a query string longer than [`MAX_QUERY_BYTES`], before anything parses it.
pub fn check_query_length(query: &str) -> Result<(), AppError> {
    if query.len() <= MAX_QUERY_BYTES {
        return Ok(());
    }
    Err(AppError::fail(text!(
        "查询字符串过长：{} 字节（最多 {} 字节）",
        "The query string is too long: {} bytes (at most {})",
        query.len(),
        MAX_QUERY_BYTES
    )))
}

/// Checks a query string's pairs (a key given twice is a duplicate here too).
pub fn check_query(query: &str) -> Result<(), AppError> {
    let mut seen = HashSet::new();
    let mut paging = Paging::default();
    for (key, value) in form_urlencoded::parse(query.as_bytes()) {
        let refuse = |breach| {
            Err(Refusal {
                breach,
                path: key.clone().into_owned(),
            }
            .into_error())
        };
        if too_long(&key, MAX_KEY_CHARS) {
            return refuse(Breach::KeyTooLong);
        }
        if !seen.insert(key.clone()) {
            return refuse(Breach::Duplicate);
        }
        let kind = Kind::of(&key);
        if too_long(&value, kind.limit()) {
            return refuse(Breach::TooLong(kind));
        }
        paging.note(&key, PageValue::of_text(&value));
    }
    paging.check()
}

/// The state of one pass over a body.
#[derive(Default)]
struct Pass {
    refusal: RefCell<Option<Refusal>>,
    paging: RefCell<Paging>,
}

impl Pass {
    /// Records why the input is refused and stops the pass; the path is filled in as the
    /// error unwinds through the enclosing containers.
    fn refuse<E: de::Error>(&self, breach: Breach, at: &str) -> E {
        *self.refusal.borrow_mut() = Some(Refusal {
            breach,
            path: at.to_owned(),
        });
        E::custom("input refused")
    }

    /// Prefixes the refusal's path with the container segment it unwound through.
    fn within<E>(&self, segment: impl fmt::Display, err: E) -> E {
        if let Some(r) = self.refusal.borrow_mut().as_mut() {
            let inner = std::mem::take(&mut r.path);
            r.path = if inner.is_empty() || inner.starts_with('[') {
                format!("{segment}{inner}")
            } else {
                format!("{segment}.{inner}")
            };
        }
        err
    }
}

/// One value of the body; `field` is the nearest enclosing key (array items share their
/// array's), `depth` the containers around it.
#[derive(Clone, Copy)]
struct Node<'p> {
    pass: &'p Pass,
    field: &'p str,
    depth: usize,
}

impl<'de> DeserializeSeed<'de> for Node<'_> {
    type Value = ();

    fn deserialize<D: de::Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_any(self)
    }
}

impl Node<'_> {
    /// Notes what a top-level `page`/`pageSize` holds.
    fn paging(self, value: PageValue) {
        if self.depth == 1 {
            self.pass.paging.borrow_mut().note(self.field, value);
        }
    }

    fn text<E: de::Error>(self, v: &str) -> Result<(), E> {
        let kind = Kind::of(self.field);
        if too_long(v, kind.limit()) {
            return Err(self.pass.refuse(Breach::TooLong(kind), ""));
        }
        Ok(())
    }

    fn enter<E: de::Error>(self) -> Result<usize, E> {
        let depth = self.depth + 1;
        if depth > MAX_DEPTH {
            return Err(self.pass.refuse(Breach::TooDeep, ""));
        }
        Ok(depth)
    }
}

impl<'de> Visitor<'de> for Node<'_> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("any JSON value")
    }

    fn visit_bool<E>(self, _: bool) -> Result<(), E> {
        self.paging(PageValue::Other);
        Ok(())
    }

    fn visit_i64<E>(self, v: i64) -> Result<(), E> {
        self.paging(PageValue::Whole(u64::try_from(v).unwrap_or(0)));
        Ok(())
    }

    fn visit_u64<E>(self, v: u64) -> Result<(), E> {
        self.paging(PageValue::Whole(v));
        Ok(())
    }

    fn visit_f64<E>(self, _: f64) -> Result<(), E> {
        self.paging(PageValue::Other);
        Ok(())
    }

    fn visit_unit<E>(self) -> Result<(), E> {
        Ok(())
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<(), E> {
        self.paging(PageValue::of_text(v));
        self.text(v)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        self.paging(PageValue::Other);
        let depth = self.enter()?;
        let mut index = 0usize;
        loop {
            let item = Node { depth, ..self };
            match seq.next_element_seed(item) {
                Ok(Some(())) => index += 1,
                Ok(None) => return Ok(()),
                Err(e) => return Err(self.pass.within(format_args!("[{index}]"), e)),
            }
        }
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        self.paging(PageValue::Other);
        let depth = self.enter()?;
        let mut seen: HashSet<String> = HashSet::new();
        while let Some(key) = map.next_key::<String>()? {
            if too_long(&key, MAX_KEY_CHARS) {
                return Err(self.pass.refuse(Breach::KeyTooLong, &key));
            }
            if seen.contains(&key) {
                return Err(self.pass.refuse(Breach::Duplicate, &key));
            }
            let value = Node {
                pass: self.pass,
                field: &key,
                depth,
            };
            map.next_value_seed(value)
                .map_err(|e| self.pass.within(&key, e))?;
            seen.insert(key);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn refused(body: &str) -> String {
        match check_json(body.as_bytes()) {
            Err(AppError::Fail(t)) => t.en.into_owned(),
            other => panic!("{body} was not refused: {other:?}"),
        }
    }

    #[test]
    fn duplicates_are_named_with_their_path() {
        assert!(refused(r#"{"a":1,"a":2}"#).contains("Field a appears"));
        assert!(refused(r#"{"x":[{"b":1},{"c":{"d":1,"d":1}}]}"#).contains("x[1].c.d"));
        assert!(check_json(br#"{"a":{"a":1},"b":[{"a":1},{"a":2}]}"#).is_ok());
    }

    #[test]
    fn nesting_is_bounded() {
        let ok = format!("{}{}", "[".repeat(MAX_DEPTH), "]".repeat(MAX_DEPTH));
        assert!(check_json(ok.as_bytes()).is_ok());
        let deep = format!("{{\"u\":{}{}}}", "[".repeat(20_000), "]".repeat(20_000));
        assert!(refused(&deep).contains("deeper than 32"));
    }

    #[test]
    fn texts_are_limited_by_kind() {
        let long = "x".repeat(101);
        assert!(refused(&format!(r#"{{"keyword":"{long}"}}"#)).contains("keyword"));
        assert!(refused(&format!(r#"{{"f":{{"entName":"{long}"}}}}"#)).contains("f.entName"));
        assert!(check_json(format!(r#"{{"remark":"{long}"}}"#).as_bytes()).is_ok());
        assert!(refused(&format!(r#"{{"ids":["1","{long}"]}}"#)).contains("ids[1]"));
        // Characters, not bytes.
        assert!(check_json(format!(r#"{{"name":"{}"}}"#, "车".repeat(100)).as_bytes()).is_ok());
        assert_eq!(Kind::of("carId"), Kind::Code);
        assert_eq!(Kind::of("startTime"), Kind::Code);
        assert_eq!(Kind::of("headImgUrl"), Kind::Link);
        assert_eq!(Kind::of("description"), Kind::Note);
        assert_eq!(Kind::of("password"), Kind::Other);
    }

    #[test]
    fn paging_is_bounded_at_the_door() {
        assert!(refused(r#"{"page":9223372036854775807,"pageSize":100}"#).contains("page"));
        assert!(refused(r#"{"page":1,"pageSize":501}"#).contains("pageSize"));
        assert!(check_json(br#"{"page":2,"pageSize":10,"nested":{"page":0}}"#).is_ok());
        assert!(check_query("page=9223372036854775808").is_err());
        assert!(check_query("page=2&pageSize=50&x=").is_ok());
        assert!(check_query("page=&pageSize=").is_ok());
        assert!(refused(r#"{"page":-1}"#).contains("page starts at 1"));
        assert!(refused(r#"{"pageSize":1.5}"#).contains("pageSize must be a whole"));
        assert!(refused(r#"{"page":99999999999999999999999}"#).contains("page must be a whole"));
        assert!(check_query("a=1&a=2").is_err());
    }

    #[test]
    fn syntax_errors_are_left_to_deserialization() {
        assert!(check_json(b"{\"a\":").is_ok());
    }
}
