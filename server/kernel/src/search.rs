//! Text search over columns, the one place LIKE patterns are built: the searched text is taken
//! literally (`%`, `_` and `\` escaped) and case is ignored on both databases.
//!
//! Case: PostgreSQL's LIKE is case-sensitive, so there the column is lowered (as the pattern
//! is). SQLite's LIKE already ignores ASCII case and its `lower()` knows only ASCII, so
//! lowering the column changes no answer there and made a keyword scan 4× slower (measured:
//! 100,000 work orders, 140 ms lowered against 37 ms plain). `clippy.toml` forbids sea-orm's
//! own `contains`/`like`/`starts_with`/`ends_with` everywhere else.

use std::sync::atomic::{AtomicBool, Ordering};

use sea_orm::ColumnTrait;
use sea_orm::sea_query::{Expr, ExprTrait, Func, LikeExpr};

/// Whether columns are lowered before LIKE: set by `db::connect` for any database but SQLite,
/// never unset (lowering is right on every database, only slower on SQLite), so a process
/// that opens both kinds stays correct on both.
static LOWER_COLUMNS: AtomicBool = AtomicBool::new(false);

/// Lowers the searched columns from now on (a database whose LIKE heeds case was opened).
pub fn lower_columns() {
    LOWER_COLUMNS.store(true, Ordering::Relaxed);
}

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
    let column = Expr::col(column.as_column_ref());
    let searched = if LOWER_COLUMNS.load(Ordering::Relaxed) {
        Expr::expr(Func::lower(column))
    } else {
        column
    };
    searched.like(LikeExpr::new(pattern).escape(ESCAPE))
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
