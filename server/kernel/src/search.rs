//! Text search over columns, the one place LIKE patterns are built: the searched text is taken
//! literally (`%`, `_` and `\` escaped) and case is ignored on both databases (SQLite's LIKE
//! ignores ASCII case, PostgreSQL's does not, so both sides are lowered). `clippy.toml` forbids
//! sea-orm's own `contains`/`like`/`starts_with`/`ends_with` everywhere else.

use sea_orm::ColumnTrait;
use sea_orm::sea_query::{Expr, ExprTrait, Func, LikeExpr};

/// `column` contains `text`.
pub fn contains<C: ColumnTrait>(column: C, text: &str) -> Expr {
    like(column, format!("%{}%", escape(text)))
}

/// `column` starts with `text`.
pub fn starts_with<C: ColumnTrait>(column: C, text: &str) -> Expr {
    like(column, format!("{}%", escape(text)))
}

#[allow(clippy::disallowed_methods)] // The pattern's text part was escaped by the caller.
fn like<C: ColumnTrait>(column: C, pattern: String) -> Expr {
    Expr::expr(Func::lower(Expr::col(column.as_column_ref())))
        .like(LikeExpr::new(pattern).escape(ESCAPE))
}

const ESCAPE: char = '\\';

/// `text` lowered, with LIKE's wildcards and the escape character taken literally.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    for c in text.to_lowercase().chars() {
        if matches!(c, '%' | '_' | ESCAPE) {
            out.push(ESCAPE);
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wildcards_are_escaped() {
        assert_eq!(escape(r"A%b_c\d"), r"a\%b\_c\\d");
    }
}
