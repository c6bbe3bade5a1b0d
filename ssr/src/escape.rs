/// Makes a JSON text safe to place inside `<script type="application/json">`.
///
/// `<`, `>` and `&` become `\u003c`, `\u003e`, `\u0026` so the text can never close the
/// script element or open a comment; U+2028/U+2029 are escaped for old JS parsers. In valid
/// JSON these characters can only occur inside strings, where `\uXXXX` means the same thing,
/// so `JSON.parse` yields the identical value.
pub fn escape_json_for_script(json: &str) -> String {
    let mut out = String::with_capacity(json.len() + json.len() / 8);
    for c in json.chars() {
        match c {
            '<' => out.push_str("\\u003c"),
            '>' => out.push_str("\\u003e"),
            '&' => out.push_str("\\u0026"),
            '\u{2028}' => out.push_str("\\u2028"),
            '\u{2029}' => out.push_str("\\u2029"),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::escape_json_for_script;

    #[test]
    fn script_breakout_stays_inert() {
        let payload = "</script><script>alert(1)</script>";
        let json = serde_json::json!({ "name": payload, "nested": [payload] }).to_string();
        let escaped = escape_json_for_script(&json);

        assert!(!escaped.contains('<'));
        assert!(!escaped.contains('>'));
        assert!(!escaped.to_ascii_lowercase().contains("</script"));
        assert!(
            escaped.contains(r"\u003c/script\u003e\u003cscript\u003ealert(1)\u003c/script\u003e")
        );

        // Still JSON, and decodes to the original value.
        let back: serde_json::Value = serde_json::from_str(&escaped).unwrap();
        assert_eq!(back["name"], payload);
        assert_eq!(back["nested"][0], payload);
    }

    #[test]
    fn comment_ampersand_and_line_separators() {
        let raw = "<!-- a && b \u{2028}x\u{2029}y -->";
        let json = serde_json::to_string(&raw).unwrap();
        let escaped = escape_json_for_script(&json);
        assert_eq!(
            escaped,
            r#""\u003c!-- a \u0026\u0026 b \u2028x\u2029y --\u003e""#
        );
        assert!(!escaped.contains('\u{2028}') && !escaped.contains('\u{2029}'));
        let back: String = serde_json::from_str(&escaped).unwrap();
        assert_eq!(back, raw);
    }

    #[test]
    fn plain_json_is_unchanged() {
        let json = r#"{"url":"/solution?x=1","lang":"zh","user":null,"n":[1,2.5,true]}"#;
        assert_eq!(escape_json_for_script(json), json);
        assert_eq!(escape_json_for_script("\"轮端预警\""), "\"轮端预警\"");
    }
}
