//! Server-side rendering of the console's pages: picks brand, language and user, asks the
//! QuickJS pool for the markup, wraps it in the document, and caches anonymous pages.

use std::borrow::Cow;
use std::sync::Arc;
use std::time::Duration;

use bytes::Bytes;

use serde::{Deserialize, Serialize};
use ssr::{ClientBundle, RenderOutput, SsrError, SsrPool};

use super::brand::Brand;
use super::session::Claims;
use kernel::i18n::Lang;

/// The hashed asset names the app build wrote (`app/dist/manifest.json`): those of each
/// browser bundle.
#[derive(Debug, Clone, Deserialize, Default)]
pub struct Manifest {
    pub site: BundleAssets,
    pub console: BundleAssets,
}

/// What a page hydrated by one bundle loads.
#[derive(Debug, Clone, Deserialize, Default)]
pub struct BundleAssets {
    pub entry: String,
    #[serde(default)]
    pub css: Vec<String>,
    #[serde(default)]
    pub preload: Vec<String>,
}

impl Manifest {
    fn assets(&self, bundle: ClientBundle) -> &BundleAssets {
        match bundle {
            ClientBundle::Site => &self.site,
            ClientBundle::Console => &self.console,
        }
    }
}

/// Who is asking, as far as the page needs to know.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PageUser {
    pub id: i64,
    pub user_name: String,
    pub nick_name: String,
    pub authority_id: i64,
    pub visitor: bool,
}

impl From<&Claims> for PageUser {
    fn from(c: &Claims) -> Self {
        Self {
            id: c.uid,
            user_name: c.username.clone(),
            nick_name: c.nick_name.clone(),
            authority_id: c.authority_id,
            visitor: c.visitor,
        }
    }
}

/// The render input of docs/ssr-contract.md; also the hydration state.
#[derive(Debug, Serialize)]
pub struct RenderInput<'a> {
    pub url: &'a str,
    pub origin: &'a str,
    pub brand: &'a Brand,
    pub lang: Lang,
    pub user: Option<PageUser>,
    pub data: serde_json::Value,
    /// False for pages whose data must be fresh on every request (a share page: its link may
    /// be revoked and its vehicle moves), even for anonymous visitors.
    #[serde(skip)]
    pub cacheable: bool,
}

/// A finished answer for a page request.
#[derive(Debug, Clone)]
pub enum Page {
    Document(Arc<Document>),
    Redirect(String),
}

/// A rendered HTML document. Cached pages are shared by every hit: the bytes are reference
/// counted, never copied, and compressed once when the page is cached.
#[derive(Debug)]
pub struct Document {
    pub status: u16,
    pub html: Bytes,
    /// The same document gzipped; only on cached pages (a one-off render is compressed on the
    /// way out like any answer).
    pub gzip: Option<Bytes>,
}

/// Query parameters that ad platforms and messengers append to shared links. They never change
/// what a page shows, so they are dropped before rendering: a campaign link is a cache hit and
/// the hydration state carries the canonical address.
const TRACKING_PARAMS: &[&str] = &[
    "fbclid",
    "gclid",
    "dclid",
    "gbraid",
    "wbraid",
    "msclkid",
    "yclid",
    "twclid",
    "ttclid",
    "igshid",
    "mc_cid",
    "mc_eid",
    "_ga",
    "_gl",
    "spm",
    "from",
    "isappinstalled",
];

/// `url` (path and query) without tracking parameters (`utm_*` and [`TRACKING_PARAMS`]).
pub fn without_tracking(url: &str) -> Cow<'_, str> {
    let Some((path, query)) = url.split_once('?') else {
        return Cow::Borrowed(url);
    };
    let tracking = |pair: &&str| {
        let name = pair.split_once('=').map_or(*pair, |(name, _)| name);
        name.starts_with("utm_") || TRACKING_PARAMS.contains(&name)
    };
    if !query.split('&').any(|pair| tracking(&pair)) {
        return Cow::Borrowed(url);
    }
    let kept: Vec<&str> = query
        .split('&')
        .filter(|pair| !pair.is_empty() && !tracking(pair))
        .collect();
    if kept.is_empty() {
        Cow::Owned(path.to_owned())
    } else {
        Cow::Owned(format!("{path}?{}", kept.join("&")))
    }
}

#[derive(Clone, Hash, PartialEq, Eq)]
struct CacheKey {
    brand: i64,
    lang: Lang,
    url: String,
}

#[derive(Clone)]
pub struct Pages {
    pool: SsrPool,
    manifest: Arc<Manifest>,
    cache: moka::future::Cache<CacheKey, Page>,
}

impl Pages {
    pub fn new(pool: SsrPool, manifest: Manifest, cache_ttl: Duration) -> Self {
        Self {
            pool,
            manifest: Arc::new(manifest),
            cache: moka::future::Cache::builder()
                .max_capacity(10_000)
                .time_to_live(cache_ttl)
                .build(),
        }
    }

    /// Drops every cached page (call when data shown on anonymous pages changes).
    pub fn invalidate_all(&self) {
        self.cache.invalidate_all();
    }

    /// Renders (or serves from cache, for anonymous visitors) the page for `input`.
    pub async fn render(&self, input: RenderInput<'_>) -> Result<Page, SsrError> {
        if input.user.is_some() || !input.cacheable {
            return self.render_uncached(&input).await;
        }
        let key = CacheKey {
            brand: input.brand.id,
            lang: input.lang,
            url: input.url.to_owned(),
        };
        if let Some(page) = self.cache.get(&key).await {
            return Ok(page);
        }
        let page = match self.render_uncached(&input).await? {
            Page::Document(doc) => Page::Document(Arc::new(Document {
                status: doc.status,
                gzip: Some(kernel::gzip::compress_once(&doc.html)),
                html: doc.html.clone(),
            })),
            redirect @ Page::Redirect(_) => redirect,
        };
        self.cache.insert(key, page.clone()).await;
        Ok(page)
    }

    async fn render_uncached(&self, input: &RenderInput<'_>) -> Result<Page, SsrError> {
        let state = serde_json::to_string(input).expect("render input serializes");
        let out = self.pool.render(state.clone()).await?;
        Ok(match out {
            RenderOutput {
                redirect: Some(to), ..
            } => Page::Redirect(to),
            RenderOutput {
                status,
                head,
                html,
                bundle,
                ..
            } => Page::Document(Arc::new(Document {
                status,
                html: self
                    .document(input.lang, bundle, &head, &html, &state)
                    .into(),
                gzip: None,
            })),
        })
    }

    fn document(
        &self,
        lang: Lang,
        bundle: ClientBundle,
        head: &str,
        body: &str,
        state: &str,
    ) -> String {
        let m = self.manifest.assets(bundle);
        let mut doc = String::with_capacity(body.len() + head.len() + state.len() + 1024);
        doc.push_str("<!doctype html><html lang=\"");
        doc.push_str(lang.as_str());
        doc.push_str("\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">");
        doc.push_str("<link rel=\"icon\" href=\"/favicon.svg\" type=\"image/svg+xml\">");
        doc.push_str(head);
        for css in &m.css {
            doc.push_str(&format!("<link rel=\"stylesheet\" href=\"{css}\">"));
        }
        for chunk in &m.preload {
            doc.push_str(&format!("<link rel=\"modulepreload\" href=\"{chunk}\">"));
        }
        doc.push_str("</head><body><div id=\"root\">");
        doc.push_str(body);
        doc.push_str("</div><script id=\"__WHEELEND_STATE__\" type=\"application/json\">");
        doc.push_str(&ssr::escape_json_for_script(state));
        doc.push_str("</script>");
        doc.push_str(&format!(
            "<script type=\"module\" src=\"{}\"></script>",
            m.entry
        ));
        doc.push_str("</body></html>");
        doc
    }
}

#[cfg(test)]
mod tests {
    use super::without_tracking;

    #[test]
    fn tracking_parameters_are_dropped_and_the_rest_kept_in_order() {
        assert_eq!(without_tracking("/solution"), "/solution");
        assert_eq!(without_tracking("/solution?lang=en"), "/solution?lang=en");
        assert_eq!(
            without_tracking("/solution?utm_source=wx&utm_medium=share"),
            "/solution"
        );
        assert_eq!(
            without_tracking("/mf/7?fbclid=abc&code=x1&from=singlemessage&isappinstalled=0"),
            "/mf/7?code=x1"
        );
        assert_eq!(
            without_tracking("/about?gclid=1&lang=en&utm_campaign=c"),
            "/about?lang=en"
        );
        assert_eq!(without_tracking("/about?utmost=1"), "/about?utmost=1");
    }
}
