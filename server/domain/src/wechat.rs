//! WeChat JS-SDK signing for share pages: `sha1("jsapi_ticket=…&noncestr=…&timestamp=…&url=…")`
//! with the page URL up to (not including) its `#` fragment. The ticket comes from a
//! [`TicketSource`]: a fixed one from the configuration, or WeChat's API with the AppSecret.

use std::sync::Arc;
use std::time::{Duration, Instant};

use futures::future::BoxFuture;
use rand::Rng as _;
use secrecy::{ExposeSecret, SecretString};
use serde::Deserialize;
use sha1::{Digest, Sha1};
use tokio::sync::Mutex;

use kernel::config::WeChatSettings;
use kernel::error::AppError;
use kernel::text;

/// Where jsapi tickets come from; swap it to test or to share a ticket between servers.
pub trait TicketSource: Send + Sync {
    fn ticket(&self) -> BoxFuture<'_, anyhow::Result<String>>;
}

/// A ticket given in the configuration (`wechat.jsapi_ticket`).
pub struct FixedTicket(pub SecretString);

impl TicketSource for FixedTicket {
    fn ticket(&self) -> BoxFuture<'_, anyhow::Result<String>> {
        let ticket = self.0.expose_secret().to_owned();
        Box::pin(async move { Ok(ticket) })
    }
}

/// Fetches an access token and then a jsapi ticket from WeChat's API, and keeps the ticket
/// until shortly before it expires (WeChat limits how often both may be fetched).
pub struct WeChatApi {
    client: reqwest::Client,
    base: String,
    app_id: String,
    app_secret: SecretString,
    cached: Mutex<Option<(String, Instant)>>,
}

#[derive(Deserialize)]
struct TokenAnswer {
    access_token: Option<String>,
    #[serde(default)]
    errcode: i64,
    #[serde(default)]
    errmsg: String,
}

#[derive(Deserialize)]
struct TicketAnswer {
    ticket: Option<String>,
    #[serde(default)]
    expires_in: u64,
    #[serde(default)]
    errcode: i64,
    #[serde(default)]
    errmsg: String,
}

impl WeChatApi {
    pub fn new(base: &str, app_id: &str, app_secret: SecretString) -> Self {
        Self {
            client: reqwest::Client::builder()
                .timeout(Duration::from_secs(10))
                .build()
                .unwrap_or_default(),
            base: base.trim_end_matches('/').to_owned(),
            app_id: app_id.to_owned(),
            app_secret,
            cached: Mutex::new(None),
        }
    }

    async fn fetch(&self) -> anyhow::Result<(String, Duration)> {
        let token: TokenAnswer = self
            .client
            .get(format!("{}/cgi-bin/token", self.base))
            .query(&[
                ("grant_type", "client_credential"),
                ("appid", self.app_id.as_str()),
                ("secret", self.app_secret.expose_secret()),
            ])
            .send()
            .await?
            .error_for_status()?
            .json()
            .await?;
        let access_token = token.access_token.ok_or_else(|| {
            anyhow::anyhow!(
                "WeChat access token: errcode {} {}",
                token.errcode,
                token.errmsg
            )
        })?;
        let ticket: TicketAnswer = self
            .client
            .get(format!("{}/cgi-bin/ticket/getticket", self.base))
            .query(&[("access_token", access_token.as_str()), ("type", "jsapi")])
            .send()
            .await?
            .error_for_status()?
            .json()
            .await?;
        match ticket.ticket {
            Some(t) if ticket.errcode == 0 => {
                let life = if ticket.expires_in == 0 {
                    7200
                } else {
                    ticket.expires_in
                };
                Ok((t, Duration::from_secs(life)))
            }
            _ => anyhow::bail!(
                "WeChat jsapi ticket: errcode {} {}",
                ticket.errcode,
                ticket.errmsg
            ),
        }
    }
}

impl TicketSource for WeChatApi {
    fn ticket(&self) -> BoxFuture<'_, anyhow::Result<String>> {
        Box::pin(async move {
            // Held across the fetch: concurrent callers wait for one fetch instead of each
            // spending WeChat's daily quota.
            let mut cached = self.cached.lock().await;
            if let Some((ticket, until)) = cached.as_ref()
                && Instant::now() < *until
            {
                return Ok(ticket.clone());
            }
            let (ticket, life) = self.fetch().await?;
            // Renew five minutes early (or halfway, for short lives).
            let margin = Duration::from_secs(300).min(life / 2);
            *cached = Some((ticket.clone(), Instant::now() + life - margin));
            Ok(ticket)
        })
    }
}

/// What the console passes to `wx.config`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JsSdkConfig {
    pub app_id: String,
    pub signature: String,
    pub nonce_str: String,
    pub timestamp: i64,
}

/// Share signing; unconfigured unless an AppID and a ticket source are set.
#[derive(Clone, Default)]
pub struct WeChat {
    configured: Option<(String, Arc<dyn TicketSource>)>,
}

impl WeChat {
    /// A fixed ticket wins over fetching one with the AppSecret.
    pub fn from_settings(settings: &WeChatSettings) -> Self {
        let Some(app_id) = settings
            .app_id
            .as_deref()
            .map(str::trim)
            .filter(|a| !a.is_empty())
        else {
            return Self::default();
        };
        let not_blank = |s: &&SecretString| !s.expose_secret().trim().is_empty();
        let source: Arc<dyn TicketSource> =
            if let Some(ticket) = settings.jsapi_ticket.as_ref().filter(not_blank) {
                Arc::new(FixedTicket(ticket.clone()))
            } else if let Some(secret) = settings.app_secret.as_ref().filter(not_blank) {
                Arc::new(WeChatApi::new(&settings.api_base, app_id, secret.clone()))
            } else {
                return Self::default();
            };
        Self::with_source(app_id, source)
    }

    pub fn with_source(app_id: &str, source: Arc<dyn TicketSource>) -> Self {
        Self {
            configured: Some((app_id.to_owned(), source)),
        }
    }

    /// Signs `url` for the JS-SDK with a fresh nonce and the current time.
    pub async fn sign(&self, url: &str) -> Result<JsSdkConfig, AppError> {
        let Some((app_id, source)) = &self.configured else {
            return Err(AppError::fail(text!(
                "未配置微信公众号，无法签名",
                "WeChat is not configured"
            )));
        };
        let url = page_url(url)?;
        let ticket = source.ticket().await.map_err(|err| {
            tracing::warn!(error = %err, "could not get a WeChat jsapi ticket");
            AppError::fail(text!(
                "获取微信 jsapi_ticket 失败，请稍后再试",
                "Could not get a WeChat jsapi ticket; try again later"
            ))
        })?;
        let nonce_str = nonce();
        let timestamp = chrono::Utc::now().timestamp();
        Ok(JsSdkConfig {
            app_id: app_id.clone(),
            signature: signature(&ticket, &nonce_str, timestamp, url),
            nonce_str,
            timestamp,
        })
    }
}

/// The URL as WeChat signs it: trimmed, without its `#` fragment; must be http(s).
fn page_url(url: &str) -> Result<&str, AppError> {
    let url = url.trim();
    let url = url.split_once('#').map_or(url, |(before, _)| before);
    let lower = url.to_ascii_lowercase();
    if !(lower.starts_with("http://") || lower.starts_with("https://")) || url.len() > 2048 {
        return Err(AppError::fail(text!(
            "url 必须是当前页面的 http(s) 地址",
            "url must be the page's http(s) address"
        )));
    }
    Ok(url)
}

/// WeChat's JS-SDK signature (lower-case hex SHA-1).
pub fn signature(ticket: &str, nonce_str: &str, timestamp: i64, url: &str) -> String {
    let plain =
        format!("jsapi_ticket={ticket}&noncestr={nonce_str}&timestamp={timestamp}&url={url}");
    hex::encode(Sha1::digest(plain.as_bytes()))
}

fn nonce() -> String {
    const ALPHABET: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    let mut rng = rand::rng();
    (0..16)
        .map(|_| ALPHABET[rng.random_range(0..ALPHABET.len())] as char)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::{page_url, signature};

    /// The example of WeChat's JS-SDK documentation (appendix 1, signature algorithm).
    #[test]
    fn matches_wechats_documented_example() {
        assert_eq!(
            signature(
                "sM4AOVdWfPE4DxkXGEs8VMCPGGVi4C3VM0P37wVUCFvkVAy_90u5h9nbSlYy3-Sl-HhTdfl2fzFy1AOcHKP7qg",
                "Wm3WZYTPz0wzccnW",
                1_414_587_457,
                "http://mp.weixin.qq.com?params=value",
            ),
            "0f9de62fce790f9a083d5c99e95740ceb90c27ed"
        );
    }

    #[test]
    fn the_fragment_is_not_signed() {
        assert_eq!(
            page_url(" http://mp.weixin.qq.com?params=value#/share ").ok(),
            Some("http://mp.weixin.qq.com?params=value")
        );
        assert!(page_url("javascript:alert(1)").is_err());
    }
}
