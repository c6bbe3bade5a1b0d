//! The periodic report as an XLSX workbook: a summary sheet (the period's totals beside the
//! previous period's, with the change), the daily trend, alarms by kind and the enterprises.
//! Numbers are numbers (formatted to their decimals), headers carry their units.

use rust_xlsxwriter::{Format, Workbook, Worksheet, XlsxError};

use super::{Heading, change, columns, enterprise_rows, kind_headers, period, pick, trend_rows};
use crate::report::logs::alarm_kind_label;
use crate::report::rollups::{Figures, PeriodicReport};
use kernel::error::AppError;

fn failed(e: XlsxError) -> AppError {
    AppError::Internal(anyhow::Error::new(e).context("writing the report workbook"))
}

/// Number formats by decimals shown.
struct Formats {
    bold: Format,
    title: Format,
    decimals: [Format; 3],
}

impl Formats {
    fn new() -> Self {
        Self {
            bold: Format::new().set_bold(),
            title: Format::new().set_bold().set_font_size(14),
            decimals: [
                Format::new().set_num_format("0"),
                Format::new().set_num_format("0.0"),
                Format::new().set_num_format("0.00"),
            ],
        }
    }

    fn number(&self, decimals: usize) -> &Format {
        &self.decimals[decimals.min(2)]
    }
}

pub(super) fn write(report: &PeriodicReport, heading: &Heading) -> Result<Vec<u8>, AppError> {
    let formats = Formats::new();
    let mut book = Workbook::new();
    let lang = heading.lang;
    summary(book.add_worksheet(), report, heading, &formats).map_err(failed)?;
    figure_sheet(
        book.add_worksheet(),
        pick(lang, "每日趋势", "Daily trend"),
        pick(lang, "日期", "Day"),
        &trend_rows(report, lang),
        true,
        heading,
        &formats,
    )
    .map_err(failed)?;
    kinds(book.add_worksheet(), report, heading, &formats).map_err(failed)?;
    figure_sheet(
        book.add_worksheet(),
        pick(lang, "企业", "Enterprises"),
        pick(lang, "企业", "Enterprise"),
        &enterprise_rows(report),
        false,
        heading,
        &formats,
    )
    .map_err(failed)?;
    book.save_to_buffer().map_err(failed)
}

fn summary(
    sheet: &mut Worksheet,
    report: &PeriodicReport,
    heading: &Heading,
    f: &Formats,
) -> Result<(), XlsxError> {
    let lang = heading.lang;
    sheet.set_name(pick(lang, "概要", "Summary"))?;
    sheet.write_string_with_format(0, 0, report.cadence.title().get(lang), &f.title)?;
    let facts = [
        (pick(lang, "企业", "Enterprise"), heading.subject.clone()),
        (
            pick(lang, "统计周期", "Period"),
            period(report.start_date, report.end_date),
        ),
        (
            pick(lang, "上期", "Previous period"),
            period(report.previous_start_date, report.previous_end_date),
        ),
        (
            pick(lang, "生成时间 (UTC)", "Generated (UTC)"),
            chrono::Utc::now().format("%Y-%m-%d %H:%M").to_string(),
        ),
    ];
    for (row, (label, value)) in (1u32..).zip(facts) {
        sheet.write_string_with_format(row, 0, label, &f.bold)?;
        sheet.write_string(row, 1, value)?;
    }
    let head = 6;
    header(
        sheet,
        head,
        &[
            pick(lang, "指标", "Figure"),
            pick(lang, "本期", "This period"),
            pick(lang, "上期", "Previous period"),
            pick(lang, "变化 (%)", "Change (%)"),
        ],
        f,
    )?;
    for (row, c) in (head + 1..).zip(columns()) {
        let (now, before) = ((c.value)(&report.trend.total), (c.value)(&report.previous));
        sheet.write_string(row, 0, c.label.get(lang))?;
        number(sheet, row, 1, now, f.number(c.decimals))?;
        number(sheet, row, 2, before, f.number(c.decimals))?;
        number(sheet, row, 3, change(now, before), f.number(1))?;
    }
    sheet.set_column_width(0, 28)?;
    sheet.set_column_width(1, 24)?;
    sheet.set_column_width(2, 16)?;
    sheet.set_column_width(3, 12)?;
    Ok(())
}

/// A row of bold labels.
fn header(sheet: &mut Worksheet, row: u32, labels: &[&str], f: &Formats) -> Result<(), XlsxError> {
    for (col, label) in (0u16..).zip(labels) {
        sheet.write_string_with_format(row, col, *label, &f.bold)?;
    }
    Ok(())
}

fn number(
    sheet: &mut Worksheet,
    row: u32,
    col: u16,
    value: Option<f64>,
    format: &Format,
) -> Result<(), XlsxError> {
    if let Some(v) = value {
        sheet.write_number_with_format(row, col, v, format)?;
    }
    Ok(())
}

/// A sheet of figures: a header row (`first`, then each figure with its unit) frozen above one
/// row per `(label, figures)`; the last row bold when it is a total.
fn figure_sheet(
    sheet: &mut Worksheet,
    name: &str,
    first: &str,
    rows: &[(String, &Figures)],
    total_last: bool,
    heading: &Heading,
    f: &Formats,
) -> Result<(), XlsxError> {
    sheet.set_name(name)?;
    let cols = columns();
    sheet.write_string_with_format(0, 0, first, &f.bold)?;
    for (col, c) in (1u16..).zip(&cols) {
        let label = c.label.get(heading.lang);
        sheet.write_string_with_format(0, col, label, &f.bold)?;
        #[allow(clippy::cast_precision_loss)]
        let width = (label.chars().count() as f64 * 1.6).max(10.0);
        sheet.set_column_width(col, width)?;
    }
    sheet.set_column_width(0, 24)?;
    sheet.set_freeze_panes(1, 1)?;
    for (row, (label, figures)) in (1u32..).zip(rows) {
        sheet.write_string(row, 0, label)?;
        for (col, c) in (1u16..).zip(&cols) {
            number(sheet, row, col, (c.value)(figures), f.number(c.decimals))?;
        }
    }
    if total_last {
        let last = u32::try_from(rows.len()).unwrap_or(u32::MAX);
        sheet.set_row_format(last, &f.bold)?;
    }
    Ok(())
}

fn kinds(
    sheet: &mut Worksheet,
    report: &PeriodicReport,
    heading: &Heading,
    f: &Formats,
) -> Result<(), XlsxError> {
    let lang = heading.lang;
    sheet.set_name(pick(lang, "告警类型", "Alarms by kind"))?;
    header(sheet, 0, &kind_headers(lang), f)?;
    #[allow(clippy::cast_precision_loss)]
    for (row, k) in (1u32..).zip(&report.alarm_kinds) {
        let kind = i16::try_from(k.key).unwrap_or_default();
        sheet.write_string(row, 0, alarm_kind_label(kind).get(lang))?;
        sheet.write_number(row, 1, k.warning as f64)?;
        sheet.write_number(row, 2, k.critical as f64)?;
        sheet.write_number(row, 3, k.total as f64)?;
    }
    sheet.set_column_width(0, 28)?;
    for col in 1..=3 {
        sheet.set_column_width(col, 12)?;
    }
    sheet.set_freeze_panes(1, 0)?;
    Ok(())
}
