//! Every request no call matched: unknown calls under `/api`/`/tapi` (404 envelope), static
//! files from `public/`, and otherwise a server-rendered page.

use axum::body::{Body, Bytes};
use std::borrow::Cow;
use std::collections::HashMap;

use axum::extract::{Extension, Query, State};
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};

use super::edge::page_headers;
use crate::assets::Assets;
use crate::routes::ClientAddr;
use crate::state::AppState;
use domain::pages::{Page, PageUser, RenderInput, without_tracking};
use domain::session::SessionState;
use domain::vehicle::share::{self, ShareRef};
use domain::work::discussions;
use kernel::error::AppError;
use kernel::i18n::Lang;

pub async fn page(
    State(state): State<AppState>,
    method: Method,
    uri: Uri,
    headers: HeaderMap,
    session: Option<Extension<SessionState>>,
    Extension(client): Extension<ClientAddr>,
) -> Response {
    let path = uri.path();
    let is_call = ["/api", "/tapi"]
        .iter()
        .any(|base| path == *base || path.starts_with(&format!("{base}/")));
    if is_call || (method != Method::GET && method != Method::HEAD) {
        return AppError::NoSuchCall(path.to_owned()).into_response();
    }
    if let Some(file) = static_file(&state.assets, path, &headers) {
        return file;
    }
    let session = session.map(|Extension(s)| s);
    render(&state, &uri, &headers, &client, session.as_ref()).await
}

fn static_file(assets: &Assets, path: &str, headers: &HeaderMap) -> Option<Response> {
    let name = path.trim_start_matches('/');
    if name.is_empty() || name.contains("..") {
        return None;
    }
    let file = (assets.public)(name)?;
    let etag = format!("\"{}\"", hex::encode(&file.metadata.sha256_hash()[..16]));
    // Hashed build output never changes under its name; other files may.
    let cache = if name.starts_with("assets/") {
        "public, max-age=31536000, immutable"
    } else {
        "public, max-age=3600"
    };
    let mut res = if headers
        .get(header::IF_NONE_MATCH)
        .is_some_and(|v| v.as_bytes() == etag.as_bytes())
    {
        StatusCode::NOT_MODIFIED.into_response()
    } else {
        // Embedded files are borrowed from the binary: sent without a copy.
        let data = match file.data {
            Cow::Borrowed(bytes) => Bytes::from_static(bytes),
            Cow::Owned(bytes) => Bytes::from(bytes),
        };
        let mut res = Body::from(data).into_response();
        if let Ok(mime) = HeaderValue::from_str(file.metadata.mimetype()) {
            res.headers_mut().insert(header::CONTENT_TYPE, mime);
        }
        res
    };
    let h = res.headers_mut();
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static(cache));
    if let Ok(etag) = HeaderValue::from_str(&etag) {
        h.insert(header::ETAG, etag);
    }
    Some(res)
}

/// The `:id` of a `/mf/:id` or `/df/:id` page (`prefix`; react-router's matching: any case,
/// optional trailing slash).
fn segment_after<'p>(path: &'p str, prefix: &str) -> Option<&'p str> {
    let rest = path
        .get(..prefix.len())
        .filter(|p| p.eq_ignore_ascii_case(prefix))?;
    let segment = path[rest.len()..].trim_end_matches('/');
    (!segment.is_empty() && !segment.contains('/')).then_some(segment)
}

/// What a page with data needs from the database: the share pages. Their answers are per
/// link, so they are never cached.
async fn page_data(
    state: &AppState,
    uri: &Uri,
    lang: Lang,
) -> Option<Result<serde_json::Value, AppError>> {
    if let Some(segment) = segment_after(uri.path(), "/mf/") {
        return Some(share_data(state, uri, segment).await);
    }
    let token = segment_after(uri.path(), "/df/")?;
    Some(
        match discussions::shared(&state.db, &state.tokens, token).await {
            Ok(d) => Ok(serde_json::json!({ "discussion": d })),
            // a forged or expired link: the page says so (status 404)
            Err(AppError::Fail(why)) => Ok(serde_json::json!({ "discussionError": why.get(lang) })),
            Err(err) => Err(err),
        },
    )
}

/// `{"share": …}` with the vehicle the link shows, or null (the page then says "expired or
/// not shared" with status 404).
async fn share_data(
    state: &AppState,
    uri: &Uri,
    segment: &str,
) -> Result<serde_json::Value, AppError> {
    let query = Query::<HashMap<String, String>>::try_from_uri(uri)
        .map(|q| q.0)
        .unwrap_or_default();
    let shared = match ShareRef::parse(segment, query.get("code").map(String::as_str)) {
        Some(r) => share::resolve(&state.db, &r).await?,
        None => None,
    };
    Ok(serde_json::json!({ "share": shared }))
}

async fn render(
    state: &AppState,
    uri: &Uri,
    headers: &HeaderMap,
    client: &ClientAddr,
    session: Option<&SessionState>,
) -> Response {
    let scheme = if client.https { "https" } else { "http" };
    let origin = format!("{scheme}://{}", client.host);
    let brand = state.brands.for_host(&client.host);
    let lang = Lang::from_request(uri.query(), headers);
    // The visitor account renders exactly like an anonymous visit, so its pages share the
    // anonymous page cache (the console signs visitors in automatically on every open page).
    let user = match session {
        Some(SessionState::Valid(claims)) if !claims.visitor => {
            Some(PageUser::from(claims.as_ref()))
        }
        _ => None,
    };
    let url = without_tracking(uri.path_and_query().map_or("/", |pq| pq.as_str()));
    let (data, cacheable) = match page_data(state, uri, lang).await {
        Some(Ok(data)) => (data, false),
        // A failed lookup is a server error, not "not shared" (which would tell robots the page
        // is gone).
        Some(Err(err)) => {
            tracing::error!(error = %err, "resolving a share link");
            return cannot_render();
        }
        None => (serde_json::json!({}), true),
    };
    let input = RenderInput {
        url: &url,
        origin: &origin,
        brand: &brand,
        lang,
        user,
        data,
        cacheable,
    };
    match state.pages.render(input).await {
        Ok(Page::Redirect(to)) => (StatusCode::FOUND, [(header::LOCATION, to)]).into_response(),
        Ok(Page::Document(doc)) => {
            let status = StatusCode::from_u16(doc.status).unwrap_or(StatusCode::OK);
            let accepts_gzip = headers
                .get(header::ACCEPT_ENCODING)
                .and_then(|v| v.to_str().ok())
                .is_some_and(kernel::gzip::accepted);
            let mut res = match &doc.gzip {
                Some(gzip) if accepts_gzip => {
                    let mut res = (status, gzip.clone()).into_response();
                    res.headers_mut()
                        .insert(header::CONTENT_ENCODING, HeaderValue::from_static("gzip"));
                    res
                }
                _ => (status, doc.html.clone()).into_response(),
            };
            res.headers_mut().insert(
                header::CONTENT_TYPE,
                HeaderValue::from_static("text/html; charset=utf-8"),
            );
            res.headers_mut().insert(
                header::VARY,
                HeaderValue::from_static("Cookie, Accept-Language, Accept-Encoding, Host"),
            );
            page_headers(res.headers_mut(), client);
            res
        }
        Err(ssr::SsrError::Busy) => {
            tracing::warn!("SSR queue full; answering 503");
            let mut res = (
                StatusCode::SERVICE_UNAVAILABLE,
                "Server busy, please retry shortly.",
            )
                .into_response();
            res.headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from_static("1"));
            res
        }
        Err(err) => {
            tracing::error!(error = %err, url = %entities::secrets::mask_loose(&url), "page render failed");
            cannot_render()
        }
    }
}

fn cannot_render() -> Response {
    (
        StatusCode::INTERNAL_SERVER_ERROR,
        "The page could not be rendered.",
    )
        .into_response()
}
