//! Tables read from CSV or XLSX files: the columns a target reads, the records of a file and
//! the errors of its rows. An XLSX file, told by its zip signature, is read from its first
//! worksheet. The targets themselves (dictionary details, calls, vehicles, drivers, devices)
//! implement [`Importer`]; `import` lists them and runs an import.

use std::collections::{BTreeMap, BTreeSet, HashSet};

use futures::future::BoxFuture;
use sea_orm::{DatabaseTransaction, EntityTrait};
use serde::Serialize;
use utoipa::ToSchema;

use crate::scope::Scope;
use kernel::error::AppError;
use kernel::i18n::Text;
use kernel::text;

/// At most this many row errors are sent back (the message gives the total).
const MAX_REPORTED: usize = 500;

/// A column an importer reads.
pub struct Col {
    /// The header name (matched ignoring case, spaces and `_`).
    pub name: &'static str,
    pub required: bool,
}

impl Col {
    /// A column every file must have.
    pub const fn required(name: &'static str) -> Self {
        Self {
            name,
            required: true,
        }
    }

    /// A column a file may leave out.
    pub const fn optional(name: &'static str) -> Self {
        Self {
            name,
            required: false,
        }
    }
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
    /// Whether only platform staff may import into it (the platform's own tables); fleet
    /// data is imported by the enterprises that own it.
    fn platform_only(&self) -> bool {
        false
    }
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

fn normalize(header: &str) -> String {
    header
        .trim()
        .trim_start_matches('\u{feff}')
        .chars()
        .filter(|c| !matches!(c, '_' | ' ' | '-'))
        .flat_map(char::to_lowercase)
        .collect()
}

pub fn rows_failed(errors: Vec<RowError>) -> AppError {
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
pub fn parse(
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
pub fn xlsx_as_csv(content: &[u8]) -> Result<Vec<u8>, Vec<RowError>> {
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
pub fn is_xlsx(content: &[u8]) -> bool {
    content.starts_with(b"PK\x03\x04")
}

/// Inserts in slices small enough for SQLite's and PostgreSQL's parameter limits.
/// Refuses the whole file when any row was refused, naming every problem; else goes on.
pub fn no_row_refused(errors: Vec<RowError>) -> Result<(), ImportError> {
    if errors.is_empty() {
        Ok(())
    } else {
        Err(ImportError::Rows(errors))
    }
}

/// Inserts the checked rows when no row was refused: all or nothing.
pub async fn insert_checked<A>(
    txn: &DatabaseTransaction,
    rows: Vec<A>,
    errors: Vec<RowError>,
) -> Result<u64, ImportError>
where
    A: sea_orm::ActiveModelTrait + Send + Clone,
{
    no_row_refused(errors)?;
    Ok(insert_all(txn, rows).await?)
}

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
