//! Statements every migration builds the same way.

use sea_orm_migration::prelude::*;

/// An index named `name` on `table` over the columns `cols`, in order.
pub fn index(name: &str, table: impl IntoIden, cols: &[&'static str]) -> IndexCreateStatement {
    let mut idx = Index::create();
    idx.name(name).table(table);
    for c in cols {
        idx.col(Alias::new(*c));
    }
    idx
}

/// A foreign key from `table.column` to `to.to_col` whose rows go with the row they point at.
pub fn cascade(
    table: impl IntoIden,
    column: impl IntoIden,
    to: impl IntoIden,
    to_col: impl IntoIden,
) -> ForeignKeyCreateStatement {
    ForeignKey::create()
        .from(table, column)
        .to(to, to_col)
        .on_delete(ForeignKeyAction::Cascade)
        .to_owned()
}
