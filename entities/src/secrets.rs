//! Which fields hold secrets, and the one masking every stored or logged text goes through:
//! the operation log (request and response bodies), request tracing, webhook delivery errors,
//! and the migration that cleaned the rows stored before responses were masked. It lives here
//! (not in the server) so that migrations can use the same list.
//!
//! A name is compared normalised — lower case, without `_`, `-`, `.` and spaces — so
//! `newPassword`, `new_password`, `pass_word` and `X-Token` match alike.

use std::borrow::Cow;
use std::sync::LazyLock;

use regex::{Captures, Regex};
use serde_json::Value;

/// What a secret is replaced with.
pub const MASK: &str = "******";

/// Names that are secrets as a whole. `key` and `code` alone are not among them: they also
/// name storage keys, QR keys and envelope codes.
const NAMES: &[&str] = &[
    // A device's report key (`deviceKey`, header `x-device-key`) and other issued keys.
    "devicekey",
    "xdevicekey",
    "reportkey",
    "accesskey",
    "authkey",
    "apikey",
    "privatekey",
    "signkey",
    "keyhash",
    // Answers to captchas and verification codes.
    "captcha",
    "captchacode",
    "captchaanswer",
    "answer",
    "verifycode",
    "verificationcode",
    "smscode",
    "phonecode",
    "otp",
    // WeChat jsapi tickets; credentials sent as headers.
    "ticket",
    "jsapiticket",
    "authorization",
    "cookie",
];

/// Parts that make any name holding them a secret: `password`, `passWord`, `oldPassword`,
/// `token`, `x-token`, `refreshToken`, `secret`, `appSecret`, `jwt`, `pwd`.
const PARTS: &[&str] = &["password", "passwd", "pwd", "token", "secret", "jwt"];

/// Whether a field, parameter or header of this name holds a secret.
pub fn is_secret(name: &str) -> bool {
    let name: String = name
        .chars()
        .filter(|c| !matches!(c, '_' | '-' | '.' | ' '))
        .flat_map(char::to_lowercase)
        .collect();
    NAMES.contains(&name.as_str()) || PARTS.iter().any(|p| name.contains(p))
}

/// Masks a text: a JSON document field by field (at any depth), anything else (a truncated
/// JSON body, a form, a URL, an error message) by the loose patterns of [`mask_loose`].
pub fn mask(text: &str) -> String {
    match serde_json::from_str::<Value>(text) {
        Ok(mut value) => {
            mask_json(&mut value);
            value.to_string()
        }
        Err(_) => mask_loose(text).into_owned(),
    }
}

/// Replaces the value of every secret field, at any depth; string values are also masked
/// loosely (a URL with a token in its query, JSON held in a string). `null`, booleans and
/// empty strings are kept: they hold no secret and say whether one was there.
pub fn mask_json(value: &mut Value) {
    match value {
        Value::Object(map) => {
            for (key, v) in map.iter_mut() {
                if is_secret(key) {
                    hide(v);
                } else {
                    mask_json(v);
                }
            }
        }
        Value::Array(items) => items.iter_mut().for_each(mask_json),
        Value::String(s) => {
            if let Cow::Owned(masked) = mask_loose(s) {
                *s = masked;
            }
        }
        _ => {}
    }
}

fn hide(value: &mut Value) {
    match value {
        Value::Null | Value::Bool(_) => {}
        Value::String(s) if s.is_empty() => {}
        other => *other = Value::String(MASK.to_owned()),
    }
}

/// `"name": value` as in JSON text, also when the text was cut short or is not JSON at all.
static JSON_PAIR: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r#""((?:[^"\\]|\\.){1,64})"(\s*:\s*)("(?:[^"\\]|\\.)*"?|[^\s,}\]{\["]+)"#)
        .expect("a valid pattern")
});
/// `name=value` in a query string, a form or a message.
static FORM_PAIR: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r#"(^|[?&;,\s])([A-Za-z0-9_.\-]{1,64})=([^&\s"'<>#,;]*)"#).expect("a valid pattern")
});
/// The password of `scheme://user:password@host`.
static USER_INFO: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r#"(://[^/\s:@"]+:)([^/\s@"]+)@"#).expect("a valid pattern"));

/// Masks secrets in free text: `"secret": value` pairs, `secret=value` pairs and the
/// password of a URL. Borrowed when nothing was masked.
pub fn mask_loose(text: &str) -> Cow<'_, str> {
    type Rule = (
        &'static LazyLock<Regex>,
        fn(&Captures<'_>) -> Option<String>,
    );
    const RULES: [Rule; 3] = [
        (&JSON_PAIR, |c| {
            is_secret(&c[1]).then(|| format!("\"{}\"{}\"{MASK}\"", &c[1], &c[2]))
        }),
        (&FORM_PAIR, |c| {
            (is_secret(&c[2]) && !c[3].is_empty()).then(|| format!("{}{}={MASK}", &c[1], &c[2]))
        }),
        (&USER_INFO, |c| Some(format!("{}{MASK}@", &c[1]))),
    ];
    if !text.contains(['"', '=', '@']) {
        return Cow::Borrowed(text);
    }
    let mut masked: Option<String> = None;
    for (pattern, with) in RULES {
        let source = masked.as_deref().unwrap_or(text);
        if let Some(changed) = replace(source, pattern, with) {
            masked = Some(changed);
        }
    }
    masked.map_or(Cow::Borrowed(text), Cow::Owned)
}

/// `text` with `pattern` replaced where `with` answers a replacement; `None` when nothing was.
fn replace(
    text: &str,
    pattern: &Regex,
    with: fn(&Captures<'_>) -> Option<String>,
) -> Option<String> {
    let mut changed = false;
    let out = pattern.replace_all(text, |c: &Captures<'_>| {
        with(c).map_or_else(
            || c[0].to_owned(),
            |r| {
                changed = true;
                r
            },
        )
    });
    changed.then(|| out.into_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_match_in_any_spelling() {
        for name in [
            "password",
            "passWord",
            "newPassword",
            "old_password",
            "token",
            "x-token",
            "X-Token",
            "refreshToken",
            "secret",
            "appSecret",
            "deviceKey",
            "device_key",
            "x-device-key",
            "captcha",
            "captchaCode",
            "verifyCode",
            "smsCode",
            "sms_code",
            "answer",
            "jwt",
            "jsapiTicket",
        ] {
            assert!(is_secret(name), "{name}");
        }
        for name in [
            "username",
            "key",
            "code",
            "keyword",
            "captchaId",
            "openCaptcha",
            "needCaptcha",
            "url",
            "phone",
            "status",
        ] {
            assert!(!is_secret(name), "{name}");
        }
    }

    #[test]
    fn json_is_masked_at_any_depth_and_keeps_the_rest() {
        let masked = mask(
            r#"{"code":0,"data":{"token":"eyJabc","user":{"userName":"a","passWord":"p"}},
                "list":[{"deviceKey":"k1","imei":"8699"}],"captchaId":"c1","smsCode":123,
                "rotateSecret":true,"hook":"https://u:pw@h/x?token=t1&a=1"}"#,
        );
        for secret in ["eyJabc", "\"p\"", "k1", "123", "pw@", "t1"] {
            assert!(!masked.contains(secret), "{secret} in {masked}");
        }
        for kept in [
            "\"code\":0",
            "\"userName\":\"a\"",
            "\"imei\":\"8699\"",
            "\"captchaId\":\"c1\"",
            "\"rotateSecret\":true",
            "a=1",
        ] {
            assert!(masked.contains(kept), "{kept} in {masked}");
        }
    }

    #[test]
    fn cut_short_json_forms_and_messages_are_masked_loosely() {
        let cut = r#"{"code":0,"data":{"token":"eyJhbGciOi.long","user":{"nickName":"x","head"#;
        let masked = mask(cut);
        assert!(
            !masked.contains("eyJ") && masked.contains("\"nickName\":\"x\""),
            "{masked}"
        );
        let cut_inside = r#"{"data":{"token":"eyJhbGciOi"#;
        assert!(!mask(cut_inside).contains("eyJ"), "{}", mask(cut_inside));
        let form = "username=a&password=hunter2&x=1";
        assert_eq!(mask(form), format!("username=a&password={MASK}&x=1"));
        let error = "error sending request for url (https://bot:s3cr3t@hooks.example.com/in?access_token=abc)";
        let masked = mask(error);
        assert!(
            !masked.contains("s3cr3t") && !masked.contains("abc"),
            "{masked}"
        );
        assert!(matches!(mask_loose("nothing to hide"), Cow::Borrowed(_)));
        assert!(matches!(mask_loose(r#"{"a":"b"}"#), Cow::Borrowed(_)));
    }
}
