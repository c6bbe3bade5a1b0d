//! CSV and XLSX import into a named target. Every target is an [`Importer`] in [`IMPORTERS`];
//! an import parses the whole file (an XLSX file, told by its zip signature, is read from its
//! first worksheet), validates every row, and writes only when no row has an error — in one
//! transaction, so nothing is half-written.
//!
//! Adding a target: implement [`Importer`] (columns, then `import`, which validates every
//! record first and inserts only when all are valid; rows of tenant data are checked against
//! the caller's [`Scope`]) and list it in [`IMPORTERS`].

use std::collections::{BTreeMap, BTreeSet, HashSet};

use chrono::Utc;
use entities::{sys_api, sys_dictionary, sys_dictionary_detail};
use futures::future::BoxFuture;
use sea_orm::{
    ColumnTrait, DatabaseConnection, DatabaseTransaction, EntityTrait, QueryFilter, Set,
};
use serde::Serialize;
use utoipa::ToSchema;

use crate::scope::Scope;
use kernel::error::AppError;
use kernel::text;

use crate::tabular::{
    Col, ImportError, Importer, Record, insert_checked, is_xlsx, parse, rows_failed, xlsx_as_csv,
};

/// Every import target, by table name.
pub static IMPORTERS: &[&dyn Importer] = &[
    &DictionaryDetails,
    &Apis,
    &crate::vehicle::imports::Vehicles,
    &crate::vehicle::imports::Drivers,
    &crate::device::import::Devices,
    &crate::stock::imports::StockOpening,
    &crate::stock::imports::TyreAssets,
];

pub fn importable() -> Vec<&'static str> {
    IMPORTERS.iter().map(|i| i.table()).collect()
}

/// What an import wrote.
#[derive(Debug, Serialize, ToSchema)]
pub struct ImportReport {
    pub table: String,
    pub inserted: u64,
}

/// Imports `content` (CSV or XLSX) into `table` for the caller's scope: all rows or none.
///
/// # Errors
/// Code 7 for an unknown table (listing the importable ones) or when any row is invalid
/// (with `[{row, column, message}]` in `data`).
pub async fn run(
    db: &DatabaseConnection,
    scope: &Scope,
    table: &str,
    content: &[u8],
) -> Result<ImportReport, AppError> {
    let table = table.trim();
    let Some(importer) = IMPORTERS.iter().find(|i| i.table() == table) else {
        let names = importable();
        return Err(AppError::FailWith(
            text!(
                "无法导入到 {}；可导入的表：{}",
                "Cannot import into {}; the importable tables are: {}",
                if table.is_empty() { "\"\"" } else { table },
                names.join(", ")
            ),
            serde_json::json!({ "tables": names }),
        ));
    };
    if importer.platform_only() && !scope.platform {
        return Err(AppError::fail(text!(
            "只有平台人员可以导入 {}",
            "Only platform staff may import into {}",
            table
        )));
    }
    let csv_text;
    let content = if is_xlsx(content) {
        csv_text = xlsx_as_csv(content).map_err(rows_failed)?;
        &csv_text[..]
    } else {
        content
    };
    let (records, mut errors) = parse(*importer, content).map_err(rows_failed)?;
    // Rows that could not be read still let the others be checked, so one answer lists
    // every problem; the transaction is then rolled back.
    let txn = kernel::db::write_txn(db).await?;
    let outcome = importer.import(&txn, scope, &records).await;
    match outcome {
        Ok(inserted) if errors.is_empty() => {
            txn.commit().await?;
            Ok(ImportReport {
                table: table.to_owned(),
                inserted,
            })
        }
        Ok(_) => {
            txn.rollback().await?;
            Err(rows_failed(errors))
        }
        Err(ImportError::Rows(found)) => {
            txn.rollback().await?;
            errors.extend(found);
            errors.sort_by_key(|e| e.row);
            Err(rows_failed(errors))
        }
        Err(ImportError::Db(err)) => Err(err.into()),
    }
}

/// `sys_dictionary_details`: top-level details of existing dictionaries.
struct DictionaryDetails;

impl Importer for DictionaryDetails {
    fn table(&self) -> &'static str {
        "sys_dictionary_details"
    }

    fn platform_only(&self) -> bool {
        true
    }

    fn columns(&self) -> &'static [Col] {
        const COLUMNS: &[Col] = &[
            Col::required("sysDictionaryID"),
            Col::required("label"),
            Col::required("value"),
            Col::optional("extend"),
            Col::optional("status"),
            Col::optional("sort"),
            Col::optional("labelEn"),
        ];
        COLUMNS
    }

    fn import<'a>(
        &'a self,
        txn: &'a DatabaseTransaction,
        _scope: &'a Scope,
        records: &'a [Record],
    ) -> BoxFuture<'a, Result<u64, ImportError>> {
        Box::pin(async move {
            let mut errors = Vec::new();
            let mut rows = Vec::new();
            let wanted: BTreeSet<i64> = records
                .iter()
                .filter_map(|r| r.get("sysDictionaryID")?.parse().ok())
                .collect();
            let known: HashSet<i64> = sys_dictionary::Entity::find()
                .filter(sys_dictionary::Column::Id.is_in(wanted))
                .all(txn)
                .await?
                .into_iter()
                .map(|d| d.id)
                .collect();
            let now = Utc::now();
            for rec in records {
                let before = errors.len();
                let dictionary = rec.required_int::<i64>("sysDictionaryID", &mut errors);
                if let Some(id) = dictionary
                    && !known.contains(&id)
                {
                    rec.reject(
                        "sysDictionaryID",
                        text!("字典 {} 不存在", "dictionary {} does not exist", id),
                        &mut errors,
                    );
                }
                let label = rec.text("label", &mut errors);
                let value = rec.text("value", &mut errors);
                let status = rec.flag("status", true, &mut errors);
                let sort = rec.int::<i32>("sort", 0, &mut errors);
                if errors.len() > before {
                    continue;
                }
                if let (Some(dictionary), Some(label), Some(value), Some(status), Some(sort)) =
                    (dictionary, label, value, status, sort)
                {
                    rows.push(sys_dictionary_detail::ActiveModel {
                        label: Set(label),
                        label_en: Set(rec.get("labelEn").unwrap_or_default().to_owned()),
                        value: Set(value),
                        extend: Set(rec.get("extend").unwrap_or_default().to_owned()),
                        status: Set(status),
                        sort: Set(sort),
                        sys_dictionary_id: Set(dictionary),
                        parent_id: Set(None),
                        level: Set(0),
                        path: Set(String::new()),
                        created_at: Set(now),
                        updated_at: Set(now),
                        ..Default::default()
                    });
                }
            }
            insert_checked(txn, rows, errors).await
        })
    }
}

/// `sys_apis`: registry entries (`path`, `method`, `apiGroup`, `description`); a call that
/// is registered already, or twice in the file, is an error.
struct Apis;

const METHODS: &[&str] = &["GET", "POST", "PUT", "DELETE", "PATCH"];

impl Importer for Apis {
    fn table(&self) -> &'static str {
        "sys_apis"
    }

    fn platform_only(&self) -> bool {
        true
    }

    fn columns(&self) -> &'static [Col] {
        const COLUMNS: &[Col] = &[
            Col::required("path"),
            Col::required("method"),
            Col::optional("apiGroup"),
            Col::optional("description"),
        ];
        COLUMNS
    }

    fn import<'a>(
        &'a self,
        txn: &'a DatabaseTransaction,
        _scope: &'a Scope,
        records: &'a [Record],
    ) -> BoxFuture<'a, Result<u64, ImportError>> {
        Box::pin(async move {
            let paths: BTreeSet<String> = records
                .iter()
                .filter_map(|r| r.get("path").map(str::to_owned))
                .collect();
            let existing: HashSet<(String, String)> = sys_api::Entity::find()
                .filter(sys_api::Column::Path.is_in(paths))
                .all(txn)
                .await?
                .into_iter()
                .map(|a| (a.path, a.method))
                .collect();
            let mut in_file: BTreeMap<(String, String), u64> = BTreeMap::new();
            let mut errors = Vec::new();
            let mut rows = Vec::new();
            let now = Utc::now();
            for rec in records {
                let before = errors.len();
                let path = rec.text("path", &mut errors);
                if let Some(p) = &path
                    && (!p.starts_with('/') || p.contains(char::is_whitespace))
                {
                    rec.reject(
                        "path",
                        text!(
                            "{} 不是以 / 开头的路径",
                            "{} is not a path starting with /",
                            p
                        ),
                        &mut errors,
                    );
                }
                let method = rec.text("method", &mut errors).map(|m| m.to_uppercase());
                if let Some(m) = &method
                    && !METHODS.contains(&m.as_str())
                {
                    rec.reject(
                        "method",
                        text!(
                            "{} 不是 {} 之一",
                            "{} is not one of {}",
                            m,
                            METHODS.join(", ")
                        ),
                        &mut errors,
                    );
                }
                if errors.len() > before {
                    continue;
                }
                let (Some(path), Some(method)) = (path, method) else {
                    continue;
                };
                let key = (path.clone(), method.clone());
                if existing.contains(&key) {
                    rec.reject(
                        "path",
                        text!("{} {} 已登记", "{} {} is registered already", method, path),
                        &mut errors,
                    );
                    continue;
                }
                if let Some(first) = in_file.insert(key, rec.row) {
                    rec.reject(
                        "path",
                        text!(
                            "{} {} 与第 {} 行重复",
                            "{} {} repeats row {}",
                            method,
                            path,
                            first
                        ),
                        &mut errors,
                    );
                    continue;
                }
                rows.push(sys_api::ActiveModel {
                    path: Set(path),
                    method: Set(method),
                    api_group: Set(rec.get("apiGroup").unwrap_or_default().to_owned()),
                    description: Set(rec.get("description").unwrap_or_default().to_owned()),
                    created_at: Set(now),
                    updated_at: Set(now),
                    ..Default::default()
                });
            }
            insert_checked(txn, rows, errors).await
        })
    }
}

#[cfg(test)]
mod tests {
    use super::DictionaryDetails;
    use crate::tabular::{parse, parse_flag};

    #[test]
    fn headers_match_loosely_and_rows_keep_their_line() {
        let csv = "\u{feff}SysDictionaryID, Label ,value\n1,a,x\n\n2,\"b\nc\",y\n";
        let (records, errors) = parse(&DictionaryDetails, csv.as_bytes()).unwrap();
        assert!(errors.is_empty());
        assert_eq!(records.len(), 2);
        assert_eq!(records[0].row, 2);
        assert_eq!(records[1].row, 4);
        assert_eq!(records[1].get("label"), Some("b\nc"));
    }

    #[test]
    fn short_rows_read_as_empty_cells_and_long_rows_are_errors() {
        let csv = "sysDictionaryID,label,value,sort\n1,a\n1,b,c,2,extra\n";
        let (records, errors) = parse(&DictionaryDetails, csv.as_bytes()).unwrap();
        assert_eq!(records.len(), 1);
        assert_eq!(records[0].get("value"), None);
        assert_eq!(errors.len(), 1);
        assert_eq!(errors[0].row, 3);
    }

    #[test]
    fn unknown_and_missing_columns_are_row_1_errors() {
        let errors = parse(&DictionaryDetails, b"label,colour\nx,y\n").unwrap_err();
        let cols: Vec<_> = errors.iter().map(|e| e.column.as_str()).collect();
        assert!(cols.contains(&"colour"), "{cols:?}");
        assert!(cols.contains(&"sysDictionaryID"), "{cols:?}");
        assert!(cols.contains(&"value"), "{cols:?}");
        assert!(errors.iter().all(|e| e.row == 1));
    }

    #[test]
    fn switches() {
        assert_eq!(parse_flag("TRUE"), Some(true));
        assert_eq!(parse_flag("否"), Some(false));
        assert_eq!(parse_flag("maybe"), None);
    }
}
