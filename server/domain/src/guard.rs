//! Sign-in protection: failed attempts counted per IP and per account, a graphic captcha
//! required after a few, and a temporary lock after many.

use std::time::Duration;

use moka::sync::Cache;

use kernel::error::AppError;
use kernel::text;

/// Failures (per IP or account) after which a captcha is required.
pub const CAPTCHA_AFTER: u32 = 3;
/// Failures of one account after which it is locked for [`WINDOW`].
pub const LOCK_AFTER: u32 = 10;
/// How long failures are remembered.
pub const WINDOW: Duration = Duration::from_secs(15 * 60);
const CAPTCHA_TTL: Duration = Duration::from_secs(5 * 60);

#[derive(Clone)]
pub struct LoginGuard {
    by_ip: Cache<String, u32>,
    by_account: Cache<String, u32>,
    captchas: Cache<String, String>,
}

impl Default for LoginGuard {
    fn default() -> Self {
        let counter = || {
            Cache::builder()
                .max_capacity(100_000)
                .time_to_live(WINDOW)
                .build()
        };
        Self {
            by_ip: counter(),
            by_account: counter(),
            captchas: Cache::builder()
                .max_capacity(100_000)
                .time_to_live(CAPTCHA_TTL)
                .build(),
        }
    }
}

/// A fresh captcha: its id and a PNG data URI.
pub struct CaptchaImage {
    pub id: String,
    pub data_uri: String,
    pub length: usize,
}

impl LoginGuard {
    pub fn needs_captcha(&self, ip: &str, account: &str) -> bool {
        self.by_ip.get(ip).unwrap_or(0) >= CAPTCHA_AFTER
            || self.by_account.get(&account.to_lowercase()).unwrap_or(0) >= CAPTCHA_AFTER
    }

    /// Refuses a locked account before its password is even checked.
    pub fn check_locked(&self, account: &str) -> Result<(), AppError> {
        if self.by_account.get(&account.to_lowercase()).unwrap_or(0) >= LOCK_AFTER {
            return Err(AppError::fail(text!(
                "登录失败次数过多，请 15 分钟后再试",
                "Too many failed sign-ins; try again in 15 minutes"
            )));
        }
        Ok(())
    }

    pub fn failed(&self, ip: &str, account: &str) {
        let bump = |cache: &Cache<String, u32>, key: String| {
            let n = cache.get(&key).unwrap_or(0).saturating_add(1);
            cache.insert(key, n);
        };
        bump(&self.by_ip, ip.to_owned());
        bump(&self.by_account, account.to_lowercase());
    }

    pub fn succeeded(&self, ip: &str, account: &str) {
        self.by_ip.invalidate(ip);
        self.by_account.invalidate(&account.to_lowercase());
    }

    pub fn new_captcha(&self) -> CaptchaImage {
        use captcha::filters::{Noise, Wave};
        let mut c = captcha::Captcha::new();
        c.add_chars(5)
            .apply_filter(Noise::new(0.25))
            .apply_filter(Wave::new(2.0, 16.0))
            .view(200, 70);
        let answer = c.chars_as_string();
        let png = c.as_base64().unwrap_or_default();
        let id = uuid::Uuid::new_v4().simple().to_string();
        self.captchas.insert(id.clone(), answer.to_lowercase());
        CaptchaImage {
            id,
            data_uri: format!("data:image/png;base64,{png}"),
            length: answer.len(),
        }
    }

    /// Checks (and uses up) a captcha answer.
    pub fn verify_captcha(&self, id: &str, answer: &str) -> Result<(), AppError> {
        let expected = self.captchas.remove(id);
        match expected {
            Some(expected) if expected == answer.trim().to_lowercase() => Ok(()),
            Some(_) => Err(AppError::fail(text!("验证码错误", "Wrong captcha"))),
            None => Err(AppError::fail(text!(
                "验证码已过期，请刷新",
                "The captcha expired; load a new one"
            ))),
        }
    }

    /// Test hook: the answer of a captcha.
    pub fn captcha_answer(&self, id: &str) -> Option<String> {
        self.captchas.get(id)
    }
}
