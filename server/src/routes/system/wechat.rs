//! WeChat JS-SDK share signing.

use crate::extract::ApiJson;
use crate::routes::declare::Declare;
use crate::state::AppState;
use axum::extract::State;
use kernel::error::{ApiOk, ApiResult, Envelope};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().open(routes!(wechat_jssdk))
}

// ---- WeChat ----

#[derive(Deserialize, ToSchema)]
pub struct JsSdkBody {
    /// The page's URL (anything after `#` is ignored).
    url: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct JsSdkOut {
    app_id: String,
    /// SHA-1 of `jsapi_ticket=…&noncestr=…&timestamp=…&url=…`.
    signature: String,
    nonce_str: String,
    /// Unix seconds.
    timestamp: i64,
}

/// Signs a page URL for WeChat's JS-SDK (`wx.config`), for sharing; code 7 when WeChat is
/// not configured.
#[utoipa::path(post, path = "/wechat/getWechatJSSDK", tag = "session", request_body = JsSdkBody,
    responses((status = 200, body = Envelope<JsSdkOut>)))]
async fn wechat_jssdk(
    State(state): State<AppState>,
    ApiJson(req): ApiJson<JsSdkBody>,
) -> ApiResult<JsSdkOut> {
    let signed = state.wechat.sign(&req.url).await?;
    Ok(ApiOk(JsSdkOut {
        app_id: signed.app_id,
        signature: signed.signature,
        nonce_str: signed.nonce_str,
        timestamp: signed.timestamp,
    }))
}
