//! Order discussions: the caller's discussions, their notes, unread counts, mutes, and the
//! read-only view behind a discussion link (`/df/<token>`).

use axum::extract::State;
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use super::Empty;
use crate::extract::{ApiJson, Scoped};
use crate::routes::declare::Declare;
use crate::state::AppState;
use domain::work::discussions::{
    self, DiscussQuery, DiscussionRow, MessageCount, MessagePage, MessageQuery, SharedDiscussion,
    Shield,
};
use kernel::error::{ApiOk, ApiResult, Envelope};
use kernel::paging::PageResult;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .read(routes!(discuss_list))
        .read(routes!(message_list))
        .read(routes!(message_count))
        .write(routes!(shield))
        .open(routes!(discussion_share))
}

/// The discussions the caller is in (requester, assignee, participant, task assignee, author of
/// a note, or administrator of the order's enterprise), latest activity first, with the last
/// note and the caller's unread count.
#[utoipa::path(post, path = "/work/discuss_list", tag = "work",
    security(("x-token" = [])), request_body = DiscussQuery,
    responses((status = 200, body = Envelope<PageResult<DiscussionRow>>)))]
async fn discuss_list(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<DiscussQuery>,
) -> ApiResult<PageResult<DiscussionRow>> {
    Ok(ApiOk(discussions::list(&state.db, &scope, req).await?))
}

/// The newest `limit` notes (≤ 100, default 30) of an order's discussion before `beforeId`,
/// oldest first; marks them read for the caller. `shareUrl` is a signed link (`/df/<token>`,
/// 7 days) showing this discussion read-only.
#[utoipa::path(post, path = "/work/message_list", tag = "work",
    security(("x-token" = [])), request_body = MessageQuery,
    responses((status = 200, body = Envelope<MessagePage>)))]
async fn message_list(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<MessageQuery>,
) -> ApiResult<MessagePage> {
    Ok(ApiOk(
        discussions::messages(&state.db, &scope, &state.tokens, req).await?,
    ))
}

/// The caller's unread notes, in total and per discussion (muted discussions left out).
#[utoipa::path(post, path = "/work/message_count", tag = "work",
    security(("x-token" = [])), request_body = Empty,
    responses((status = 200, body = Envelope<MessageCount>)))]
async fn message_count(
    State(state): State<AppState>,
    Scoped(scope, _req): Scoped<Empty>,
) -> ApiResult<MessageCount> {
    Ok(ApiOk(discussions::count(&state.db, &scope).await?))
}

/// Mutes (`muted: true`) or unmutes an order's discussion for the caller.
#[utoipa::path(post, path = "/work/shield", tag = "work",
    security(("x-token" = [])), request_body = Shield,
    responses((status = 200, body = Envelope<Shield>)))]
async fn shield(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<Shield>,
) -> ApiResult<Shield> {
    Ok(ApiOk(discussions::shield(&state.db, &scope, req).await?))
}

/// A discussion link's token (the `<token>` of `/df/<token>`).
#[derive(Debug, Deserialize, ToSchema)]
pub struct ShareToken {
    token: String,
}

/// Anonymous: the discussion a link names, read-only: the order's number, title and state and
/// its notes (author names, text, images, times; no ids of people, no phone numbers). A forged,
/// expired or malformed token answers code 7.
#[utoipa::path(post, path = "/work/discussion_share", tag = "work", request_body = ShareToken,
    responses((status = 200, body = Envelope<SharedDiscussion>)))]
async fn discussion_share(
    State(state): State<AppState>,
    ApiJson(req): ApiJson<ShareToken>,
) -> ApiResult<SharedDiscussion> {
    Ok(ApiOk(
        discussions::shared(&state.db, &state.tokens, &req.token).await?,
    ))
}
