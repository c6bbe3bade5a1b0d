//! The one exporter behind every server-side export (the event log, work orders): a source
//! hands over rows in chunks read by key (keyset paging, never an offset), and the exporter
//! writes them as CSV or XLSX into a byte stream the HTTP layer sends as it comes.
//!
//! Memory stays constant whatever the size: CSV is encoded a chunk at a time as the client
//! reads (the next chunk is read from the database only when the previous one has gone out);
//! XLSX is written by `rust_xlsxwriter` in its constant-memory mode (each row goes to a
//! temporary file as it is written, strings inline) on a blocking thread fed through a
//! bounded channel, and the finished workbook is zipped straight into the response.
//!
//! The first chunk is read before anything is sent, so a bad filter or a failing query still
//! answers with the envelope (code 7); an error after that can only cut the download short.
//! Headers and labels are in the request's language; times are written in the caller's UTC
//! offset (`utcOffset`, minutes) as `YYYY-MM-DD HH:MM:SS`.

use std::io::Write;

use bytes::Bytes;
use chrono::{DateTime, FixedOffset, Utc};
use futures::StreamExt;
use futures::future::BoxFuture;
use futures::stream::BoxStream;
use sea_orm::DatabaseConnection;
use serde::Deserialize;
use utoipa::ToSchema;

use kernel::error::AppError;
use kernel::i18n::{Lang, Text};
use kernel::text;

/// Rows a source reads per query.
pub const CHUNK: u64 = 5000;
/// Data rows an XLSX sheet holds (Excel's 1,048,576 rows less the header).
pub const XLSX_MAX_ROWS: u64 = 1_048_575;
/// Bytes gathered before a piece of the file is handed to the response.
const PIECE: usize = 64 * 1024;

/// The file format of an export.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Format {
    /// UTF-8 with a byte-order mark (so spreadsheet programs read Chinese right), comma
    /// separated, a header row first.
    #[default]
    Csv,
    /// One worksheet, a header row first, numbers as numbers.
    Xlsx,
}

impl Format {
    fn extension(self) -> &'static str {
        match self {
            Self::Csv => "csv",
            Self::Xlsx => "xlsx",
        }
    }

    fn content_type(self) -> &'static str {
        match self {
            Self::Csv => "text/csv; charset=utf-8",
            Self::Xlsx => "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        }
    }
}

/// The export options every export call takes beside its filter.
#[derive(Debug, Clone, Copy, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ExportOptions {
    /// `csv` (default) or `xlsx`.
    #[serde(default)]
    pub format: Format,
    /// The caller's offset from UTC in minutes (e.g. 480 for China), used for the times in
    /// the file and its name; default 0.
    #[serde(default)]
    pub utc_offset: i32,
}

impl ExportOptions {
    /// The offset, refused naming `utcOffset` beyond −12 h … +14 h.
    pub fn offset(self) -> Result<FixedOffset, AppError> {
        kernel::validate::in_range("utcOffset", i64::from(self.utc_offset), -720, 840)?;
        FixedOffset::east_opt(self.utc_offset * 60).ok_or_else(|| {
            AppError::field("utcOffset", text!("utcOffset 无效", "utcOffset is invalid"))
        })
    }
}

/// One cell of an exported row.
#[derive(Debug, Clone, PartialEq)]
pub enum Cell {
    Text(String),
    Int(i64),
    Num(f64),
    Time(DateTime<Utc>),
    Empty,
}

impl From<String> for Cell {
    fn from(v: String) -> Self {
        Self::Text(v)
    }
}

impl From<&str> for Cell {
    fn from(v: &str) -> Self {
        Self::Text(v.to_owned())
    }
}

impl From<i64> for Cell {
    fn from(v: i64) -> Self {
        Self::Int(v)
    }
}

impl From<f64> for Cell {
    fn from(v: f64) -> Self {
        Self::Num(v)
    }
}

impl From<DateTime<Utc>> for Cell {
    fn from(v: DateTime<Utc>) -> Self {
        Self::Time(v)
    }
}

impl<T: Into<Cell>> From<Option<T>> for Cell {
    fn from(v: Option<T>) -> Self {
        v.map_or(Self::Empty, Into::into)
    }
}

/// A source of rows, read in order a chunk at a time; an empty chunk ends it.
pub trait Rows: Send + 'static {
    fn next<'a>(
        &'a mut self,
        db: &'a DatabaseConnection,
    ) -> BoxFuture<'a, Result<Vec<Vec<Cell>>, AppError>>;
}

/// What is exported: the file's base name, its columns and the range it covers.
pub struct Sheet {
    /// The file's base name (also the worksheet's), e.g. 事件日志 / event-log.
    pub name: Text,
    pub headers: Vec<Text>,
    /// The range the rows cover, written into the file name.
    pub range: (DateTime<Utc>, DateTime<Utc>),
}

/// A file being exported: its name, type and bytes.
pub struct Export {
    pub file_name: String,
    pub content_type: &'static str,
    pub body: BoxStream<'static, Result<Bytes, std::io::Error>>,
}

/// Exports `rows` as `options.format`, in `lang`. Reads the first chunk before answering.
pub async fn export(
    db: DatabaseConnection,
    sheet: Sheet,
    mut rows: Box<dyn Rows>,
    options: ExportOptions,
    lang: Lang,
) -> Result<Export, AppError> {
    let offset = options.offset()?;
    let first = rows.next(&db).await?;
    let file_name = file_name(&sheet, lang, offset, options.format);
    let writer = Writer {
        headers: sheet
            .headers
            .iter()
            .map(|h| h.get(lang).to_owned())
            .collect(),
        offset,
    };
    let body = match options.format {
        Format::Csv => csv_stream(db, rows, first, writer),
        Format::Xlsx => xlsx_stream(db, rows, first, writer, sheet.name.get(lang).to_owned()),
    };
    Ok(Export {
        file_name,
        content_type: options.format.content_type(),
        body,
    })
}

/// `<name>_<first day>_<last day>.<ext>`, days in the caller's offset (the end is exclusive,
/// so a range ending at midnight names the day before).
fn file_name(sheet: &Sheet, lang: Lang, offset: FixedOffset, format: Format) -> String {
    let (start, end) = sheet.range;
    let last = end - chrono::Duration::seconds(1);
    format!(
        "{}_{}_{}.{}",
        sheet.name.get(lang),
        start.with_timezone(&offset).format("%Y%m%d"),
        last.max(start).with_timezone(&offset).format("%Y%m%d"),
        format.extension()
    )
}

/// Formats cells the same way in both formats.
struct Writer {
    headers: Vec<String>,
    offset: FixedOffset,
}

impl Writer {
    fn time(&self, t: DateTime<Utc>) -> String {
        t.with_timezone(&self.offset)
            .format("%Y-%m-%d %H:%M:%S")
            .to_string()
    }

    fn csv_field(&self, cell: &Cell) -> String {
        match cell {
            Cell::Text(s) => s.clone(),
            Cell::Int(i) => i.to_string(),
            Cell::Num(n) => n.to_string(),
            Cell::Time(t) => self.time(*t),
            Cell::Empty => String::new(),
        }
    }
}

fn io_error(err: impl std::fmt::Display) -> std::io::Error {
    std::io::Error::other(err.to_string())
}

/// CSV encoded a chunk at a time, as the response is read.
fn csv_stream(
    db: DatabaseConnection,
    rows: Box<dyn Rows>,
    first: Vec<Vec<Cell>>,
    writer: Writer,
) -> BoxStream<'static, Result<Bytes, std::io::Error>> {
    struct State {
        db: DatabaseConnection,
        rows: Box<dyn Rows>,
        pending: Option<Vec<Vec<Cell>>>,
        writer: Writer,
        started: bool,
        done: bool,
    }
    let state = State {
        db,
        rows,
        pending: Some(first),
        writer,
        started: false,
        done: false,
    };
    futures::stream::unfold(state, |mut s| async move {
        if s.done {
            return None;
        }
        let mut buf = Vec::with_capacity(PIECE);
        let first = !s.started;
        if first {
            buf.extend_from_slice("\u{feff}".as_bytes());
        }
        let mut out = csv::WriterBuilder::new().from_writer(buf);
        if first {
            s.started = true;
            if let Err(e) = out.write_record(&s.writer.headers) {
                s.done = true;
                return Some((Err(io_error(e)), s));
            }
        }
        let chunk = match s.pending.take() {
            Some(chunk) => chunk,
            None => match s.rows.next(&s.db).await {
                Ok(chunk) => chunk,
                Err(e) => {
                    s.done = true;
                    tracing::warn!(error = %e, "export cut short");
                    return Some((Err(io_error(e)), s));
                }
            },
        };
        if chunk.is_empty() {
            s.done = true;
        }
        let mut fields = Vec::new();
        for row in &chunk {
            fields.clear();
            fields.extend(row.iter().map(|c| s.writer.csv_field(c)));
            if let Err(e) = out.write_record(&fields) {
                s.done = true;
                return Some((Err(io_error(e)), s));
            }
        }
        match out.into_inner() {
            Ok(bytes) => Some((Ok(Bytes::from(bytes)), s)),
            Err(e) => {
                s.done = true;
                Some((Err(io_error(e)), s))
            }
        }
    })
    .filter(|piece| futures::future::ready(!matches!(piece, Ok(b) if b.is_empty())))
    .boxed()
}

/// Hands what the workbook writes to the response, a piece at a time.
struct Pipe {
    buf: Vec<u8>,
    tx: tokio::sync::mpsc::Sender<Result<Bytes, std::io::Error>>,
}

impl Pipe {
    fn send(&mut self) -> std::io::Result<()> {
        if self.buf.is_empty() {
            return Ok(());
        }
        let piece = Bytes::from(std::mem::replace(&mut self.buf, Vec::with_capacity(PIECE)));
        self.tx
            .blocking_send(Ok(piece))
            .map_err(|_| std::io::Error::new(std::io::ErrorKind::BrokenPipe, "client gone"))
    }
}

impl Write for Pipe {
    fn write(&mut self, data: &[u8]) -> std::io::Result<usize> {
        self.buf.extend_from_slice(data);
        if self.buf.len() >= PIECE {
            self.send()?;
        }
        Ok(data.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.send()
    }
}

/// XLSX: rows read by a task, written on a blocking thread in constant-memory mode, the
/// workbook zipped into the response when the last row is in.
fn xlsx_stream(
    db: DatabaseConnection,
    mut rows: Box<dyn Rows>,
    first: Vec<Vec<Cell>>,
    writer: Writer,
    sheet_name: String,
) -> BoxStream<'static, Result<Bytes, std::io::Error>> {
    let (chunk_tx, mut chunk_rx) =
        tokio::sync::mpsc::channel::<Result<Vec<Vec<Cell>>, AppError>>(2);
    let (out_tx, out_rx) = tokio::sync::mpsc::channel::<Result<Bytes, std::io::Error>>(8);
    tokio::spawn(async move {
        let mut next = Ok(first);
        loop {
            let end = !matches!(&next, Ok(chunk) if !chunk.is_empty());
            if chunk_tx.send(next).await.is_err() || end {
                return;
            }
            next = rows.next(&db).await;
        }
    });
    tokio::task::spawn_blocking(move || {
        let errors = out_tx.clone();
        let result = write_workbook(&mut chunk_rx, &writer, &sheet_name, out_tx);
        if let Err(e) = result {
            tracing::warn!(error = %e, "export cut short");
            let _ = errors.blocking_send(Err(e));
        }
    });
    futures::stream::unfold(out_rx, |mut rx| async move {
        rx.recv().await.map(|piece| (piece, rx))
    })
    .boxed()
}

fn write_workbook(
    chunks: &mut tokio::sync::mpsc::Receiver<Result<Vec<Vec<Cell>>, AppError>>,
    writer: &Writer,
    sheet_name: &str,
    out: tokio::sync::mpsc::Sender<Result<Bytes, std::io::Error>>,
) -> std::io::Result<()> {
    use rust_xlsxwriter::{Format as CellFormat, Workbook};
    let mut book = Workbook::new();
    let bold = CellFormat::new().set_bold();
    let sheet = book
        .add_worksheet_with_constant_memory()
        .map_err(io_error)?;
    // Worksheet names are at most 31 characters and some are refused.
    let name: String = sheet_name
        .chars()
        .filter(|c| !"[]:*?/\\".contains(*c))
        .take(31)
        .collect();
    let _ = sheet.set_name(name);
    for (col, header) in writer.headers.iter().enumerate() {
        let col = u16::try_from(col).map_err(io_error)?;
        sheet
            .write_string_with_format(0, col, header, &bold)
            .map_err(io_error)?;
    }
    let mut row: u32 = 0;
    'chunks: while let Some(chunk) = chunks.blocking_recv() {
        let chunk = chunk.map_err(io_error)?;
        if chunk.is_empty() {
            break;
        }
        for cells in chunk {
            if u64::from(row) >= XLSX_MAX_ROWS {
                row += 1;
                sheet
                    .write_string(
                        row,
                        0,
                        format!("… {XLSX_MAX_ROWS}+ rows: narrow the range or export CSV"),
                    )
                    .map_err(io_error)?;
                break 'chunks;
            }
            row += 1;
            for (col, cell) in cells.iter().enumerate() {
                let col = u16::try_from(col).map_err(io_error)?;
                match cell {
                    Cell::Text(s) => sheet.write_string(row, col, s).map(|_| ()),
                    Cell::Int(i) => {
                        #[allow(clippy::cast_precision_loss)]
                        let n = *i as f64;
                        sheet.write_number(row, col, n).map(|_| ())
                    }
                    Cell::Num(n) => sheet.write_number(row, col, *n).map(|_| ()),
                    Cell::Time(t) => sheet.write_string(row, col, writer.time(*t)).map(|_| ()),
                    Cell::Empty => Ok(()),
                }
                .map_err(io_error)?;
            }
        }
    }
    // Closing the channel stops the reading task (past the row limit).
    chunks.close();
    let mut pipe = Pipe {
        buf: Vec::with_capacity(PIECE),
        tx: out,
    };
    book.save_to_writer(&mut pipe).map_err(io_error)?;
    pipe.flush()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_names_carry_the_days_in_the_callers_offset() {
        let at = |s: &str| DateTime::parse_from_rfc3339(s).unwrap().with_timezone(&Utc);
        let sheet = Sheet {
            name: text!("事件日志", "event-log"),
            headers: Vec::new(),
            range: (at("2026-10-31T16:00:00Z"), at("2026-11-30T16:00:00Z")),
        };
        let china = FixedOffset::east_opt(8 * 3600).unwrap();
        assert_eq!(
            file_name(&sheet, Lang::En, china, Format::Csv),
            "event-log_20261101_20261130.csv"
        );
        assert_eq!(
            file_name(
                &sheet,
                Lang::Zh,
                FixedOffset::east_opt(0).unwrap(),
                Format::Xlsx
            ),
            "事件日志_20261031_20261130.xlsx"
        );
    }
}
