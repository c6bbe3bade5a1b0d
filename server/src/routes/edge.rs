//! The edge of every request: who the client is (the TCP peer, or what a trusted proxy says
//! it forwarded), the client's and the visitors' fair share of the server, and the headers
//! answers carry. See docs/security.md.

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::Arc;
use std::time::Duration;

use axum::extract::{ConnectInfo, Request, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use ipnet::IpNet;

use crate::input;
use domain::fair_share::FairShare;
use domain::session::SessionState;
use kernel::config::Config;
use kernel::error::AppError;
use kernel::text;

/// The client as resolved once per request: its address, the host it asked for and whether
/// it reached the site over HTTPS. Only a trusted proxy's `X-Forwarded-*` headers count.
#[derive(Clone, Debug)]
pub struct ClientAddr {
    pub ip: IpAddr,
    pub host: String,
    pub https: bool,
}

impl ClientAddr {
    /// Whether `url` (an `Origin` value, or a `Referer` URL) is this site's origin.
    pub fn same_origin(&self, url: &str) -> bool {
        let Some((scheme, rest)) = url.split_once("://") else {
            return false;
        };
        let authority = rest.split(['/', '?', '#']).next().unwrap_or_default();
        let https = match scheme.to_ascii_lowercase().as_str() {
            "https" => true,
            "http" => false,
            _ => return false,
        };
        https == self.https
            && without_default_port(authority, https)
                .eq_ignore_ascii_case(without_default_port(&self.host, self.https))
    }
}

/// Browsers leave the scheme's default port out of `Origin`; a `Host` header may carry it.
fn without_default_port(authority: &str, https: bool) -> &str {
    let port = if https { ":443" } else { ":80" };
    authority.strip_suffix(port).unwrap_or(authority)
}

/// What the edge layers share: the trusted proxies and the rate limiters.
#[derive(Clone)]
pub struct Edge {
    trusted: Arc<[IpNet]>,
    share: Arc<FairShare>,
}

impl Edge {
    pub fn new(cfg: &Config) -> Self {
        Self {
            trusted: cfg.trusted_proxies.clone().into(),
            share: FairShare::start(cfg),
        }
    }

    fn trusts(&self, ip: IpAddr) -> bool {
        self.trusted.iter().any(|net| net.contains(&ip))
    }

    /// The peer is the client unless it is a trusted proxy; then the client is the right-most
    /// `X-Forwarded-For` hop that is not itself a trusted proxy (hops further left were
    /// written by whoever the first untrusted party was, and prove nothing).
    fn resolve(&self, peer: IpAddr, headers: &HeaderMap) -> ClientAddr {
        let own_host = headers
            .get(header::HOST)
            .and_then(|v| v.to_str().ok())
            .unwrap_or("localhost");
        if !self.trusts(peer) {
            return ClientAddr {
                ip: peer,
                host: own_host.to_owned(),
                https: false,
            };
        }
        let mut ip = peer;
        let hops = headers
            .get_all("x-forwarded-for")
            .iter()
            .filter_map(|v| v.to_str().ok())
            .flat_map(|v| v.split(','))
            .collect::<Vec<_>>();
        for hop in hops.iter().rev() {
            match parse_hop(hop) {
                Some(hop) => {
                    ip = hop;
                    if !self.trusts(hop) {
                        break;
                    }
                }
                // Garbage from beyond the last proxy: the last address known stands.
                None => break,
            }
        }
        ClientAddr {
            ip,
            host: last_value(headers, "x-forwarded-host")
                .unwrap_or(own_host)
                .to_owned(),
            https: last_value(headers, "x-forwarded-proto")
                .is_some_and(|p| p.eq_ignore_ascii_case("https")),
        }
    }
}

/// An `X-Forwarded-For` hop: an address, possibly with a port (`1.2.3.4:5`, `[::1]:5`).
fn parse_hop(hop: &str) -> Option<IpAddr> {
    let hop = hop.trim();
    hop.parse::<IpAddr>()
        .ok()
        .or_else(|| hop.parse::<SocketAddr>().ok().map(|s| s.ip()))
}

/// The right-most entry of a forwarded header: the one the nearest (trusted) proxy wrote.
fn last_value<'a>(headers: &'a HeaderMap, name: &str) -> Option<&'a str> {
    headers
        .get_all(name)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .map(str::trim)
        .rfind(|v| !v.is_empty())
}

fn is_call(path: &str) -> bool {
    ["/api", "/tapi"].iter().any(|base| {
        path.strip_prefix(base)
            .is_some_and(|rest| rest.is_empty() || rest.starts_with('/'))
    })
}

/// Hashed build output, served from memory and cached by browsers: not worth a budget.
fn is_asset(path: &str) -> bool {
    path.starts_with("/assets/")
}

/// Resolves the client ([`ClientAddr`], for every layer and extractor after this one), takes
/// the request from its address's budget, and marks API answers as not to be stored.
pub async fn admit(State(edge): State<Edge>, mut req: Request, next: Next) -> Response {
    // Tests and embedders serving without connect info are local.
    let peer = req
        .extensions()
        .get::<ConnectInfo<SocketAddr>>()
        .map_or(IpAddr::V4(Ipv4Addr::LOCALHOST), |c| c.0.ip());
    let client = edge.resolve(peer, req.headers());
    let path = req.uri().path();
    let call = is_call(path);
    if !is_asset(path)
        && let Err(wait) = edge.share.client(client.ip)
    {
        return too_many(call, wait);
    }
    if let Err(refusal) = input::check_query_length(req.uri().query().unwrap_or_default()) {
        return if call {
            refusal.into_response()
        } else {
            StatusCode::URI_TOO_LONG.into_response()
        };
    }
    req.extensions_mut().insert(client);
    let mut res = next.run(req).await;
    if call {
        res.headers_mut()
            .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    }
    res
}

/// Takes a request of a visitor session from the budget all visitor sessions share (the
/// visitor account is open to anyone). Runs after the session is known.
pub async fn share_visitors(State(edge): State<Edge>, req: Request, next: Next) -> Response {
    let visitor = matches!(
        req.extensions().get::<SessionState>(),
        Some(SessionState::Valid(claims)) if claims.visitor
    );
    let path = req.uri().path();
    if visitor
        && !is_asset(path)
        && let Err(wait) = edge.share.visitor()
    {
        return too_many(is_call(path), wait);
    }
    next.run(req).await
}

/// Calls get the envelope (code 7); pages and files get HTTP 429. Both say when to retry.
fn too_many(call: bool, wait: Duration) -> Response {
    let text = text!(
        "请求过于频繁，请稍后再试",
        "Too many requests; please try again shortly"
    );
    let mut res = if call {
        AppError::fail(text).into_response()
    } else {
        (StatusCode::TOO_MANY_REQUESTS, text.current().to_owned()).into_response()
    };
    let secs = wait.as_secs() + u64::from(wait.subsec_nanos() > 0);
    res.headers_mut()
        .insert(header::RETRY_AFTER, HeaderValue::from(secs.max(1)));
    res
}

/// The headers of a server-rendered page: a Content-Security-Policy that allows exactly what
/// the console loads (its own scripts; inline styles, which ECharts and OpenLayers set; images
/// from anywhere over HTTPS, as brand logos, avatars and map tiles are configured URLs; the
/// live feed's websocket), no framing by other sites, and no full URLs in referrers.
pub fn page_headers(headers: &mut HeaderMap, client: &ClientAddr) {
    // A host with characters outside a hostname could add directives; it gets no websocket.
    let plain_host = client
        .host
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | ':' | '[' | ']'));
    let socket = if plain_host {
        let scheme = if client.https { "wss" } else { "ws" };
        format!(" {scheme}://{}", client.host)
    } else {
        String::new()
    };
    let csp = format!(
        "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; \
         img-src 'self' data: blob: https:; font-src 'self' data:; \
         connect-src 'self'{socket}; worker-src 'self' blob:; object-src 'none'; \
         base-uri 'self'; form-action 'self'; frame-ancestors 'self'"
    );
    if let Ok(csp) = HeaderValue::from_str(&csp) {
        headers.insert(header::CONTENT_SECURITY_POLICY, csp);
    }
    headers.insert(
        header::X_FRAME_OPTIONS,
        HeaderValue::from_static("SAMEORIGIN"),
    );
    headers.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("strict-origin-when-cross-origin"),
    );
}
