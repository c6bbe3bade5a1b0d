//! The request's language, and texts that exist in both of the console's languages.
//!
//! A middleware puts the language of each request in a task-local, so an error can pick its
//! message wherever it is turned into a response without threading the language through.

use std::borrow::Cow;

use axum::extract::Request;
use axum::http::HeaderMap;
use axum::middleware::Next;
use axum::response::Response;
use serde::Serialize;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum Lang {
    #[default]
    Zh,
    En,
}

impl Lang {
    pub fn parse(tag: &str) -> Option<Self> {
        let tag = tag.trim().to_ascii_lowercase();
        if tag.starts_with("zh") {
            Some(Self::Zh)
        } else if tag.starts_with("en") {
            Some(Self::En)
        } else {
            None
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Self::Zh => "zh",
            Self::En => "en",
        }
    }

    /// The `lang` query parameter, else the `lang` cookie the console writes, else the first
    /// supported Accept-Language entry, else Chinese.
    pub fn from_request(query: Option<&str>, headers: &HeaderMap) -> Self {
        let from_query = query.and_then(|q| {
            q.split('&')
                .filter_map(|kv| kv.split_once('='))
                .find(|(k, _)| *k == "lang")
                .and_then(|(_, v)| Self::parse(v))
        });
        from_query
            .or_else(|| cookie(headers, "lang").and_then(Self::parse))
            .or_else(|| {
                headers
                    .get(axum::http::header::ACCEPT_LANGUAGE)
                    .and_then(|v| v.to_str().ok())
                    .and_then(|v| {
                        v.split(',')
                            .find_map(|part| Self::parse(part.split(';').next()?))
                    })
            })
            .unwrap_or_default()
    }
}

/// One cookie's value from the request headers.
pub fn cookie<'h>(headers: &'h HeaderMap, name: &str) -> Option<&'h str> {
    headers
        .get_all(axum::http::header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(k, _)| *k == name)
        .map(|(_, v)| v)
}

tokio::task_local! {
    static LANG: Lang;
}

/// The language of the request being handled (Chinese outside a request).
pub fn current() -> Lang {
    LANG.try_with(|l| *l).unwrap_or_default()
}

pub async fn scope(req: Request, next: Next) -> Response {
    let lang = Lang::from_request(req.uri().query(), req.headers());
    LANG.scope(lang, next.run(req)).await
}

/// A message in both languages.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Text {
    pub zh: Cow<'static, str>,
    pub en: Cow<'static, str>,
}

impl Text {
    pub fn new(zh: impl Into<Cow<'static, str>>, en: impl Into<Cow<'static, str>>) -> Self {
        Self {
            zh: zh.into(),
            en: en.into(),
        }
    }

    pub fn get(&self, lang: Lang) -> &str {
        match lang {
            Lang::Zh => &self.zh,
            Lang::En => &self.en,
        }
    }

    pub fn current(&self) -> &str {
        self.get(current())
    }
}

/// `text!("中文 {}", "English {}", arg)` builds a [`Text`] with the same arguments in both.
#[macro_export]
macro_rules! text {
    ($zh:literal, $en:literal $(,)?) => {
        $crate::i18n::Text::new($zh, $en)
    };
    ($zh:literal, $en:literal, $($arg:tt)+) => {
        $crate::i18n::Text::new(format!($zh, $($arg)+), format!($en, $($arg)+))
    };
}
