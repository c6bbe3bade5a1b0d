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

use crate::error::AppError;
use crate::i18n::Text;
use crate::services::scope::Scope;
use crate::text;

/// At most this many row errors are sent back (the message gives the total).
const MAX_REPORTED: usize = 500;

/// A column an importer reads.
pub struct Col {
    /// The header name (matched ignoring case, spaces and `_`).
    pub name: &'static str,
    pub required: bool,
}

/// A problem with one cell (or a whole row, with an empty column).
#[derive(Debug, Clone)]
pub struct RowError {
    /// The line in the file; the header is row 1.
    pub row: u64,
    pub column: String,
    pub message: Text,
}

/// A row error as sent to the client, in the request's language.
#[derive(Debug, Serialize, ToSchema)]
pub struct RowErrorOut {
    pub row: u64,
    pub column: String,
    pub message: String,
}

/// One data row: its line number and its cells by column name (empty cells are absent).
#[derive(Debug, Clone)]
pub struct Record {
    pub row: u64,
    cells: BTreeMap<&'static str, String>,
}

impl Record {
    /// A cell's trimmed text, when not empty.
    pub fn get(&self, col: &str) -> Option<&str> {
        self.cells.get(col).map(String::as_str)
    }

    fn error(&self, col: &str, message: Text) -> RowError {
        RowError {
            row: self.row,
            column: col.to_owned(),
            message,
        }
    }

    /// A required text cell.
    pub fn text(&self, col: &str, errors: &mut Vec<RowError>) -> Option<String> {
        let value = self.get(col).map(str::to_owned);
        if value.is_none() {
            errors.push(self.error(col, text!("不能为空", "must not be empty")));
        }
        value
    }

    /// An optional whole number; `default` when empty.
    pub fn int<T: std::str::FromStr>(
        &self,
        col: &str,
        default: T,
        errors: &mut Vec<RowError>,
    ) -> Option<T> {
        match self.get(col) {
            None => Some(default),
            Some(raw) => raw.parse().ok().or_else(|| {
                errors.push(self.error(col, text!("{} 不是整数", "{} is not a whole number", raw)));
                None
            }),
        }
    }

    /// A required whole number.
    pub fn required_int<T: std::str::FromStr>(
        &self,
        col: &str,
        errors: &mut Vec<RowError>,
    ) -> Option<T> {
        let raw = self.text(col, errors)?;
        raw.parse().ok().or_else(|| {
            errors.push(self.error(col, text!("{} 不是整数", "{} is not a whole number", raw)));
            None
        })
    }

    /// An optional switch (`true/false`, `1/0`, `yes/no`, `是/否`, `启用/禁用`).
    pub fn flag(&self, col: &str, default: bool, errors: &mut Vec<RowError>) -> Option<bool> {
        match self.get(col) {
            None => Some(default),
            Some(raw) => parse_flag(raw).or_else(|| {
                errors.push(self.error(
                    col,
                    text!(
                        "{} 不是开关值（true/false 或 1/0）",
                        "{} is not a switch (true/false or 1/0)",
                        raw
                    ),
                ));
                None
            }),
        }
    }

    /// Reports a problem with this row.
    pub fn reject(&self, col: &str, message: Text, errors: &mut Vec<RowError>) {
        errors.push(self.error(col, message));
    }
}

pub fn parse_flag(raw: &str) -> Option<bool> {
    match raw.trim().to_lowercase().as_str() {
        "1" | "true" | "yes" | "y" | "on" | "是" | "启用" => Some(true),
        "0" | "false" | "no" | "n" | "off" | "否" | "禁用" => Some(false),
        _ => None,
    }
}

/// Why an import wrote nothing.
pub enum ImportError {
    Rows(Vec<RowError>),
    Db(sea_orm::DbErr),
}

impl From<sea_orm::DbErr> for ImportError {
    fn from(err: sea_orm::DbErr) -> Self {
        Self::Db(err)
    }
}

/// An import target.
pub trait Importer: Send + Sync {
    /// The name callers give (`table`).
    fn table(&self) -> &'static str;
    fn columns(&self) -> &'static [Col];
    /// Validates every record (collecting all errors), then inserts them all; answers the
    /// number of rows written. Runs inside the import's transaction, for the caller's `scope`.
    fn import<'a>(
        &'a self,
        txn: &'a DatabaseTransaction,
        scope: &'a Scope,
        records: &'a [Record],
    ) -> BoxFuture<'a, Result<u64, ImportError>>;
}

/// Every import target, by table name.
pub static IMPORTERS: &[&dyn Importer] = &[
    &DictionaryDetails,
    &Apis,
    &crate::services::vehicle::imports::Vehicles,
    &crate::services::vehicle::imports::Drivers,
    &crate::services::device::import::Devices,
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

fn normalize(header: &str) -> String {
    header
        .trim()
        .trim_start_matches('\u{feff}')
        .chars()
        .filter(|c| !matches!(c, '_' | ' ' | '-'))
        .flat_map(char::to_lowercase)
        .collect()
}

fn rows_failed(errors: Vec<RowError>) -> AppError {
    let total = errors.len();
    let rows = errors.iter().map(|e| e.row).collect::<BTreeSet<_>>().len();
    let list: Vec<RowErrorOut> = errors
        .into_iter()
        .take(MAX_REPORTED)
        .map(|e| RowErrorOut {
            row: e.row,
            column: e.column,
            message: e.message.current().to_owned(),
        })
        .collect();
    AppError::FailWith(
        text!(
            "导入失败：{} 行共 {} 处错误，未写入任何数据",
            "Import refused: {} rows have {} errors; nothing was written",
            rows,
            total
        ),
        serde_json::to_value(list).unwrap_or_default(),
    )
}

/// Parses `content` as CSV (UTF-8, optional BOM, header row first) for `table`: the records
/// that could be read and the rows that could not. A bad header row is fatal (`Err`).
/// Missing trailing cells read as empty; surplus cells are an error.
fn parse(
    importer: &dyn Importer,
    content: &[u8],
) -> Result<(Vec<Record>, Vec<RowError>), Vec<RowError>> {
    let whole = |message: Text| RowError {
        row: 1,
        column: String::new(),
        message,
    };
    let content = content.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(content);
    // Line numbers from byte offsets (the reader's own count does not see blank lines);
    // a record's offset may point at blank lines before it, which are stepped over.
    let newlines: Vec<usize> = content
        .iter()
        .enumerate()
        .filter(|(_, b)| **b == b'\n')
        .map(|(i, _)| i)
        .collect();
    let line_of = |pos: Option<&csv::Position>| {
        pos.map_or(0, |p| {
            let mut at = usize::try_from(p.byte()).unwrap_or(usize::MAX);
            while content.get(at).is_some_and(|b| matches!(b, b'\n' | b'\r')) {
                at += 1;
            }
            newlines.partition_point(|n| *n < at) as u64 + 1
        })
    };
    let mut reader = csv::ReaderBuilder::new()
        .flexible(true)
        .trim(csv::Trim::All)
        .from_reader(content);
    let headers = reader.headers().map_err(|e| {
        vec![whole(text!(
            "无法读取表头：{}",
            "Cannot read the header row: {}",
            e
        ))]
    })?;
    let columns = importer.columns();
    let mut errors = Vec::new();
    let mut mapping: Vec<Option<&'static str>> = Vec::new();
    let mut seen = HashSet::new();
    for header in headers {
        let wanted = normalize(header);
        let col = columns.iter().find(|c| normalize(c.name) == wanted);
        match col {
            Some(col) if !seen.insert(col.name) => errors.push(RowError {
                row: 1,
                column: header.to_owned(),
                message: text!("列重复", "duplicate column"),
            }),
            Some(col) => mapping.push(Some(col.name)),
            None if header.is_empty() => mapping.push(None),
            None => {
                let names: Vec<&str> = columns.iter().map(|c| c.name).collect();
                errors.push(RowError {
                    row: 1,
                    column: header.to_owned(),
                    message: text!(
                        "未知的列；可用的列：{}",
                        "unknown column; the columns are: {}",
                        names.join(", ")
                    ),
                });
                mapping.push(None);
            }
        }
    }
    for col in columns.iter().filter(|c| c.required) {
        if !seen.contains(col.name) {
            errors.push(RowError {
                row: 1,
                column: col.name.to_owned(),
                message: text!("缺少必需的列", "required column is missing"),
            });
        }
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    let width = mapping.len();
    let mut records = Vec::new();
    for result in reader.records() {
        match result {
            Ok(record) => {
                let row = line_of(record.position());
                if record.len() > width {
                    errors.push(RowError {
                        row,
                        column: String::new(),
                        message: text!(
                            "有 {} 个字段，表头有 {} 列",
                            "has {} fields but the header has {} columns",
                            record.len(),
                            width
                        ),
                    });
                    continue;
                }
                let cells = mapping
                    .iter()
                    .zip(record.iter())
                    .filter_map(|(col, value)| {
                        let col = (*col)?;
                        (!value.is_empty()).then(|| (col, value.to_owned()))
                    })
                    .collect();
                records.push(Record { row, cells });
            }
            Err(err) => {
                let row = line_of(err.position());
                let message = match err.kind() {
                    csv::ErrorKind::Utf8 { .. } => {
                        text!("不是 UTF-8 文本", "is not UTF-8 text")
                    }
                    _ => text!("无法解析：{}", "cannot be parsed: {}", err),
                };
                errors.push(RowError {
                    row,
                    column: String::new(),
                    message,
                });
            }
        }
    }
    if records.is_empty() && errors.is_empty() {
        return Err(vec![whole(text!(
            "文件除表头外没有数据行",
            "the file has no data rows below the header"
        ))]);
    }
    Ok((records, errors))
}

/// An XLSX file (a zip archive) as CSV text: its first worksheet, cells as displayed, line
/// breaks inside cells made spaces so every sheet row stays one line; blank lines stand for
/// the empty rows above the used range, so row numbers match the sheet's.
fn xlsx_as_csv(content: &[u8]) -> Result<Vec<u8>, Vec<RowError>> {
    use calamine::Reader;
    let unreadable = |e: &dyn std::fmt::Display| {
        vec![RowError {
            row: 1,
            column: String::new(),
            message: text!("无法读取 XLSX 文件：{}", "Cannot read the XLSX file: {}", e),
        }]
    };
    let mut book =
        calamine::Xlsx::new(std::io::Cursor::new(content)).map_err(|e| unreadable(&e))?;
    let range = match book.worksheet_range_at(0) {
        Some(r) => r.map_err(|e| unreadable(&e))?,
        None => return Err(unreadable(&"no worksheet")),
    };
    let mut out = "\n".repeat(range.start().map_or(0, |(row, _)| row as usize));
    let mut writer = csv::WriterBuilder::new().from_writer(Vec::new());
    for row in range.rows() {
        let cells: Vec<String> = row
            .iter()
            .map(|c| c.to_string().replace(['\r', '\n'], " "))
            .collect();
        writer.write_record(&cells).map_err(|e| unreadable(&e))?;
    }
    let body = writer.into_inner().map_err(|e| unreadable(&e))?;
    out.push_str(&String::from_utf8_lossy(&body));
    Ok(out.into_bytes())
}

/// Whether `content` is a zip archive (XLSX) rather than text.
fn is_xlsx(content: &[u8]) -> bool {
    content.starts_with(b"PK\x03\x04")
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
    let txn = crate::db::write_txn(db).await?;
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

/// Inserts in slices small enough for SQLite's and PostgreSQL's parameter limits.
pub async fn insert_all<A>(txn: &DatabaseTransaction, rows: Vec<A>) -> Result<u64, sea_orm::DbErr>
where
    A: sea_orm::ActiveModelTrait + Send + Clone,
{
    let total = rows.len() as u64;
    for chunk in rows.chunks(100) {
        <A::Entity as EntityTrait>::insert_many(chunk.to_vec())
            .exec_without_returning(txn)
            .await?;
    }
    Ok(total)
}

/// `sys_dictionary_details`: top-level details of existing dictionaries.
struct DictionaryDetails;

impl Importer for DictionaryDetails {
    fn table(&self) -> &'static str {
        "sys_dictionary_details"
    }

    fn columns(&self) -> &'static [Col] {
        &[
            Col {
                name: "sysDictionaryID",
                required: true,
            },
            Col {
                name: "label",
                required: true,
            },
            Col {
                name: "value",
                required: true,
            },
            Col {
                name: "extend",
                required: false,
            },
            Col {
                name: "status",
                required: false,
            },
            Col {
                name: "sort",
                required: false,
            },
            Col {
                name: "labelEn",
                required: false,
            },
        ]
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
            if !errors.is_empty() {
                return Err(ImportError::Rows(errors));
            }
            Ok(insert_all(txn, rows).await?)
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

    fn columns(&self) -> &'static [Col] {
        &[
            Col {
                name: "path",
                required: true,
            },
            Col {
                name: "method",
                required: true,
            },
            Col {
                name: "apiGroup",
                required: false,
            },
            Col {
                name: "description",
                required: false,
            },
        ]
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
            if !errors.is_empty() {
                return Err(ImportError::Rows(errors));
            }
            Ok(insert_all(txn, rows).await?)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::{DictionaryDetails, parse, parse_flag};

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
