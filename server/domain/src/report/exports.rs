//! The one exporter behind every server-side export (the event log, work orders): a source
//! hands over rows in chunks read by key (keyset paging, never an offset), and the exporter
//! writes them as CSV or XLSX into a byte stream the HTTP layer sends as it comes.
//!
//! Memory stays constant whatever the size: a task reads the chunks at most two ahead of the
//! writer (the next one is read while the last is written); CSV is encoded a chunk at a time
//! as they come; XLSX is written by `rust_xlsxwriter` in its constant-memory mode (each row
//! goes to a temporary file as it is written, strings inline) on a blocking thread, and the
//! finished workbook is zipped straight into the response.
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
        use chrono::{Datelike, Timelike};
        // Spelled out: a format string is parsed again on every call, a million times.
        let l = t.with_timezone(&self.offset).naive_local();
        format!(
            "{:04}-{:02}-{:02} {:02}:{:02}:{:02}",
            l.year(),
            l.month(),
            l.day(),
            l.hour(),
            l.minute(),
            l.second()
        )
    }

    /// Writes one row, text cells without copying them.
    fn csv_record(&self, out: &mut csv::Writer<Vec<u8>>, row: &[Cell]) -> csv::Result<()> {
        for cell in row {
            match cell {
                Cell::Text(s) => out.write_field(s)?,
                Cell::Int(i) => out.write_field(i.to_string())?,
                Cell::Num(n) => out.write_field(n.to_string())?,
                Cell::Time(t) => out.write_field(self.time(*t))?,
                Cell::Empty => out.write_field("")?,
            }
        }
        out.write_record(None::<&[u8]>)
    }
}

fn io_error(err: impl std::fmt::Display) -> std::io::Error {
    std::io::Error::other(err.to_string())
}

type Chunks = tokio::sync::mpsc::Receiver<Result<Vec<Vec<Cell>>, AppError>>;

/// Reads the chunks after `first` on a task of their own, two ahead of the writer at most:
/// the next chunk is read while the last one is written, and no further.
fn read_ahead(db: DatabaseConnection, mut rows: Box<dyn Rows>, first: Vec<Vec<Cell>>) -> Chunks {
    let (tx, rx) = tokio::sync::mpsc::channel(2);
    tokio::spawn(async move {
        let mut next = Ok(first);
        loop {
            let end = !matches!(&next, Ok(chunk) if !chunk.is_empty());
            if tx.send(next).await.is_err() || end {
                return;
            }
            next = rows.next(&db).await;
        }
    });
    rx
}

/// CSV encoded a chunk at a time as the chunks come.
fn csv_stream(
    db: DatabaseConnection,
    rows: Box<dyn Rows>,
    first: Vec<Vec<Cell>>,
    writer: Writer,
) -> BoxStream<'static, Result<Bytes, std::io::Error>> {
    let mut head = "\u{feff}".as_bytes().to_vec();
    let header = {
        let mut out = csv::WriterBuilder::new().from_writer(Vec::new());
        out.write_record(&writer.headers)
            .map_err(io_error)
            .and_then(|()| out.into_inner().map_err(io_error))
    };
    let head = header.map(|h| {
        head.extend(h);
        Bytes::from(head)
    });
    let chunks = read_ahead(db, rows, first);
    let body = futures::stream::unfold((chunks, writer), |(mut chunks, writer)| async move {
        let chunk = match chunks.recv().await? {
            Ok(chunk) if chunk.is_empty() => return None,
            Ok(chunk) => chunk,
            Err(e) => {
                tracing::warn!(error = %e, "export cut short");
                return Some((Err(io_error(e)), (chunks, writer)));
            }
        };
        let mut out = csv::WriterBuilder::new().from_writer(Vec::with_capacity(PIECE));
        for row in &chunk {
            if let Err(e) = writer.csv_record(&mut out, row) {
                return Some((Err(io_error(e)), (chunks, writer)));
            }
        }
        let piece = out.into_inner().map(Bytes::from).map_err(io_error);
        Some((piece, (chunks, writer)))
    });
    futures::stream::once(futures::future::ready(head))
        .chain(body)
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
    rows: Box<dyn Rows>,
    first: Vec<Vec<Cell>>,
    writer: Writer,
    sheet_name: String,
) -> BoxStream<'static, Result<Bytes, std::io::Error>> {
    let mut chunk_rx = read_ahead(db, rows, first);
    let (out_tx, out_rx) = tokio::sync::mpsc::channel::<Result<Bytes, std::io::Error>>(8);
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
    chunks: &mut Chunks,
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
