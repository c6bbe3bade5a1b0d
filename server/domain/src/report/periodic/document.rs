//! The periodic report as a PDF (A4 portrait), written with `krilla`: a title and the
//! period, tiles of the totals against the previous period, a bar chart drawn as vector
//! shapes (distance per day; alarms by kind for a daily report), and the tables (daily trend,
//! alarms by kind, enterprises), a table's header repeated on each page it runs onto.
//!
//! Text is set in one font, subset-embedded: the configured one (`WHEELEND_PDF_FONT`, by
//! default Debian's Noto Sans CJK, whose Simplified Chinese face is chosen inside the
//! collection). krilla has no built-in font, so a missing or unusable font is refused (code 7
//! naming the setting) in either language. The page is laid out first (`Layout`: what goes
//! where, page by page), then painted, so the footer knows the page count.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, LazyLock, Mutex};

use chrono::Duration;
use krilla::color::rgb;
use krilla::geom::{PathBuilder, Point, Rect};
use krilla::metadata::Metadata;
use krilla::page::PageSettings;
use krilla::paint::{Fill, Stroke};
use krilla::text::{Font, TextDirection};
use krilla::{Document, surface::Surface};
use skrifa::instance::{LocationRef, Size};
use skrifa::raw::FileRef;
use skrifa::string::StringId;
use skrifa::{FontRef, MetadataProvider};

use super::{
    Column, Heading, change, columns, enterprise_rows, kind_headers, period, pick, shown,
    trend_rows,
};
use crate::report::logs::alarm_kind_label;
use crate::report::rollups::{Figures, PeriodicReport};
use kernel::error::AppError;
use kernel::i18n::Lang;
use kernel::text;

const PAGE_W: f32 = 595.0;
const PAGE_H: f32 = 842.0;
const MARGIN: f32 = 40.0;
const CONTENT_W: f32 = PAGE_W - 2.0 * MARGIN;
/// Where content stops: room for the footer below.
const BOTTOM: f32 = PAGE_H - MARGIN - 16.0;

type Colour = (u8, u8, u8);
const INK: Colour = (15, 23, 42);
const MUTED: Colour = (100, 116, 139);
const TILE: Colour = (241, 245, 249);
const RULE: Colour = (203, 213, 225);
const HEAD: Colour = (226, 232, 240);
const BAR: Colour = (37, 99, 235);
const UP: Colour = (185, 28, 28);
const DOWN: Colour = (21, 128, 61);

/// Font files read once per process, by path.
static FONT_FILES: LazyLock<Mutex<HashMap<PathBuf, Arc<Vec<u8>>>>> =
    LazyLock::new(|| Mutex::new(HashMap::new()));

fn unusable(path: &Path) -> AppError {
    AppError::fail(text!(
        "PDF 字体不可用：{}。请设置 WHEELEND_PDF_FONT 指向含中文字形的 .ttf、.otf 或 .ttc 字体（如 fonts-noto-cjk 的 NotoSansCJK-Regular.ttc）",
        "No usable PDF font at {}: set WHEELEND_PDF_FONT to a .ttf, .otf or .ttc font with Chinese glyphs (e.g. NotoSansCJK-Regular.ttc of Debian's fonts-noto-cjk)",
        path.display()
    ))
}

fn font_file(path: &Path) -> Result<Arc<Vec<u8>>, AppError> {
    let mut files = FONT_FILES
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    if let Some(data) = files.get(path) {
        return Ok(data.clone());
    }
    let data = Arc::new(std::fs::read(path).map_err(|_| unusable(path))?);
    files.insert(path.to_owned(), data.clone());
    Ok(data)
}

/// The face to use: in a collection the Simplified Chinese one (its family name ends in
/// "SC"), else the first; it must hold glyphs for Chinese text and Latin letters.
fn face(data: &[u8], path: &Path) -> Result<u32, AppError> {
    let count = match FileRef::new(data).map_err(|_| unusable(path))? {
        FileRef::Font(_) => 1,
        FileRef::Collection(c) => c.len(),
    };
    let chinese = |font: &FontRef<'_>| {
        font.localized_strings(StringId::FAMILY_NAME)
            .any(|name| name.to_string().trim_end().ends_with("SC"))
    };
    let usable = |font: &FontRef<'_>| {
        let map = font.charmap();
        ['车', 'A', '0'].iter().all(|c| map.map(*c).is_some())
    };
    let faces: Vec<(u32, FontRef<'_>)> = (0..count)
        .filter_map(|i| FontRef::from_index(data, i).ok().map(|f| (i, f)))
        .filter(|(_, f)| usable(f))
        .collect();
    faces
        .iter()
        .find(|(_, f)| chinese(f))
        .or_else(|| faces.first())
        .map(|(i, _)| *i)
        .ok_or_else(|| unusable(path))
}

/// Measures text in the chosen face.
struct Metrics<'a> {
    font: FontRef<'a>,
}

impl Metrics<'_> {
    /// The advance of `text` at `size` points.
    fn width(&self, text: &str, size: f32) -> f32 {
        let map = self.font.charmap();
        let glyphs = self
            .font
            .glyph_metrics(Size::new(1.0), LocationRef::default());
        text.chars()
            .map(|c| {
                map.map(c)
                    .and_then(|g| glyphs.advance_width(g))
                    .unwrap_or(0.5)
            })
            .sum::<f32>()
            * size
    }

    /// `text` cut to `width` with an ellipsis.
    fn fit(&self, text: &str, size: f32, width: f32) -> String {
        if self.width(text, size) <= width {
            return text.to_owned();
        }
        let mut out = String::new();
        for c in text.chars() {
            out.push(c);
            if self.width(&out, size) + self.width("…", size) > width {
                out.pop();
                break;
            }
        }
        out.push('…');
        out
    }

    /// `text` in lines no wider than `width`: broken between words, and inside a word of
    /// Chinese between characters.
    fn wrap(&self, text: &str, size: f32, width: f32) -> Vec<String> {
        // Each piece with what goes before it when it follows another on a line.
        let mut pieces: Vec<(&str, String)> = Vec::new();
        for word in text.split(' ').filter(|w| !w.is_empty()) {
            // CJK ideographs and punctuation start at U+2E80.
            if !word.chars().any(|c| c >= '\u{2e80}') {
                pieces.push((" ", word.to_owned()));
            } else {
                let mut first = true;
                for c in word.chars() {
                    pieces.push((if first { " " } else { "" }, c.to_string()));
                    first = false;
                }
            }
        }
        let mut lines: Vec<String> = Vec::new();
        let mut line = String::new();
        for (gap, piece) in pieces {
            let candidate = format!("{line}{gap}{piece}");
            if !line.is_empty() && self.width(&candidate, size) > width {
                lines.push(std::mem::replace(&mut line, piece));
            } else if line.is_empty() {
                line = piece;
            } else {
                line = candidate;
            }
        }
        if !line.is_empty() {
            lines.push(line);
        }
        lines
    }
}

/// One thing drawn on a page; y grows downwards, text at its baseline.
enum Op {
    Text {
        x: f32,
        y: f32,
        size: f32,
        text: String,
        colour: Colour,
    },
    Rect {
        x: f32,
        y: f32,
        w: f32,
        h: f32,
        colour: Colour,
    },
    Line {
        from: (f32, f32),
        to: (f32, f32),
        colour: Colour,
    },
}

/// The pages being laid out and where the next content goes.
struct Layout<'a> {
    pages: Vec<Vec<Op>>,
    y: f32,
    metrics: Metrics<'a>,
}

impl Layout<'_> {
    fn ops(&mut self) -> &mut Vec<Op> {
        self.pages.last_mut().expect("a page is open")
    }

    fn new_page(&mut self) {
        self.pages.push(Vec::new());
        self.y = MARGIN;
    }

    /// Starts a new page unless `height` more fits on this one; answers whether it did.
    fn room(&mut self, height: f32) -> bool {
        if self.y + height > BOTTOM {
            self.new_page();
            return true;
        }
        false
    }

    fn text(&mut self, x: f32, y: f32, size: f32, text: impl Into<String>, colour: Colour) {
        let text = text.into();
        if !text.is_empty() {
            self.ops().push(Op::Text {
                x,
                y,
                size,
                text,
                colour,
            });
        }
    }

    fn right(&mut self, right: f32, y: f32, size: f32, text: &str, colour: Colour) {
        let w = self.metrics.width(text, size);
        self.text(right - w, y, size, text, colour);
    }

    fn rect(&mut self, x: f32, y: f32, w: f32, h: f32, colour: Colour) {
        self.ops().push(Op::Rect { x, y, w, h, colour });
    }

    fn line(&mut self, from: (f32, f32), to: (f32, f32), colour: Colour) {
        self.ops().push(Op::Line { from, to, colour });
    }

    fn section(&mut self, title: &str) {
        self.room(40.0);
        self.y += 18.0;
        self.text(MARGIN, self.y, 12.0, title, INK);
        self.y += 8.0;
    }
}

pub(super) fn write(
    report: &PeriodicReport,
    heading: &Heading,
    font_path: &Path,
) -> Result<Vec<u8>, AppError> {
    let data = font_file(font_path)?;
    let index = face(&data, font_path)?;
    let metrics = Metrics {
        font: FontRef::from_index(&data, index).map_err(|_| unusable(font_path))?,
    };
    let font = Font::new(data.clone().into(), index).ok_or_else(|| unusable(font_path))?;
    let lang = heading.lang;
    let mut layout = Layout {
        pages: vec![Vec::new()],
        y: MARGIN,
        metrics,
    };
    title(&mut layout, report, heading);
    tiles(&mut layout, report, lang);
    chart(&mut layout, report, lang);
    let cols = columns();
    if report.start_date != report.end_date {
        layout.section(pick(lang, "每日趋势", "Daily trend"));
        let rows = trend_rows(report, lang);
        figure_table(&mut layout, pick(lang, "日期", "Day"), &rows, &cols, lang);
    }
    layout.section(pick(lang, "告警类型", "Alarms by kind"));
    kind_table(&mut layout, report, lang);
    layout.section(pick(lang, "企业", "Enterprises"));
    let rows = enterprise_rows(report);
    figure_table(
        &mut layout,
        pick(lang, "企业", "Enterprise"),
        &rows,
        &cols,
        lang,
    );

    let footer = format!(
        "{} {}",
        report.cadence.title().get(lang),
        period(report.start_date, report.end_date)
    );
    paint(layout.pages, &font, &footer, &heading.subject, lang)
}

fn title(l: &mut Layout<'_>, report: &PeriodicReport, heading: &Heading) {
    let lang = heading.lang;
    l.y += 20.0;
    l.text(MARGIN, l.y, 20.0, report.cadence.title().get(lang), INK);
    l.y += 20.0;
    if !heading.subject.is_empty() {
        l.text(MARGIN, l.y, 11.0, heading.subject.clone(), INK);
        l.y += 16.0;
    }
    let lines = [
        format!(
            "{}：{}",
            pick(lang, "统计周期", "Period"),
            period(report.start_date, report.end_date)
        ),
        format!(
            "{}：{}",
            pick(lang, "对比上期", "Compared with"),
            period(report.previous_start_date, report.previous_end_date)
        ),
        format!(
            "{}：{}",
            pick(lang, "生成时间 (UTC)", "Generated (UTC)"),
            chrono::Utc::now().format("%Y-%m-%d %H:%M")
        ),
    ];
    for line in lines {
        let line = if lang == Lang::En {
            line.replacen('：', ": ", 1)
        } else {
            line
        };
        l.text(MARGIN, l.y, 9.0, line, MUTED);
        l.y += 13.0;
    }
}

/// The totals, three tiles a row, each with the change against the previous period.
fn tiles(l: &mut Layout<'_>, report: &PeriodicReport, lang: Lang) {
    const PER_ROW: usize = 3;
    const GAP: f32 = 8.0;
    const H: f32 = 52.0;
    #[allow(clippy::cast_precision_loss)]
    let w = (CONTENT_W - GAP * (PER_ROW - 1) as f32) / PER_ROW as f32;
    l.y += 8.0;
    for row in columns().chunks(PER_ROW) {
        l.room(H + GAP);
        let top = l.y;
        for (i, c) in row.iter().enumerate() {
            #[allow(clippy::cast_precision_loss)]
            let x = MARGIN + i as f32 * (w + GAP);
            let now = (c.value)(&report.trend.total);
            let before = (c.value)(&report.previous);
            l.rect(x, top, w, H, TILE);
            let label = l.metrics.fit(c.label.get(lang), 8.0, w - 16.0);
            l.text(x + 8.0, top + 14.0, 8.0, label, MUTED);
            let value = shown(now, c.decimals);
            l.text(
                x + 8.0,
                top + 33.0,
                15.0,
                if value.is_empty() { "—" } else { &value },
                INK,
            );
            if let Some(pct) = change(now, before) {
                let (sign, colour) = if pct >= 0.0 { ("+", UP) } else { ("", DOWN) };
                let against = pick(lang, "较上期", "vs previous");
                l.text(
                    x + 8.0,
                    top + 46.0,
                    7.5,
                    format!("{sign}{pct:.1}% {against}"),
                    colour,
                );
            }
        }
        l.y = top + H + GAP;
    }
}

/// A bar chart as vector shapes: distance per day of the period, or, for a daily report,
/// alarms by kind. Nothing when there is nothing to draw.
fn chart(l: &mut Layout<'_>, report: &PeriodicReport, lang: Lang) {
    #[allow(clippy::cast_precision_loss)]
    let (caption, bars): (String, Vec<(String, f64)>) = if report.start_date == report.end_date {
        (
            pick(lang, "告警类型（次）", "Alarms by kind").to_owned(),
            report
                .alarm_kinds
                .iter()
                .map(|k| {
                    let kind = i16::try_from(k.key).unwrap_or_default();
                    (alarm_kind_label(kind).get(lang).to_owned(), k.total as f64)
                })
                .collect(),
        )
    } else {
        let mut day = report.start_date;
        let mut bars = Vec::new();
        while day <= report.end_date {
            let km = report
                .trend
                .days
                .iter()
                .find(|d| d.day == day)
                .map_or(0.0, |d| d.figures.km);
            bars.push((day.format("%m-%d").to_string(), km));
            day += Duration::days(1);
        }
        (
            pick(lang, "每日里程 (km)", "Distance per day (km)").to_owned(),
            bars,
        )
    };
    let top_value = bars.iter().map(|(_, v)| *v).fold(0.0_f64, f64::max);
    if bars.is_empty() || top_value <= 0.0 {
        return;
    }
    const PLOT_H: f32 = 120.0;
    l.section(&caption);
    l.room(PLOT_H + 30.0);
    let (left, top) = (MARGIN + 30.0, l.y + 6.0);
    let (width, bottom) = (CONTENT_W - 30.0, top + PLOT_H);
    l.line((left, bottom), (left + width, bottom), RULE);
    l.line((left, top), (left, bottom), RULE);
    l.line((left - 3.0, top), (left, top), RULE);
    let top_label = shown(Some(top_value), if top_value < 10.0 { 1 } else { 0 });
    l.right(left - 5.0, top + 3.0, 7.0, &top_label, MUTED);
    l.right(left - 5.0, bottom + 2.5, 7.0, "0", MUTED);
    #[allow(clippy::cast_precision_loss)]
    let slot = width / bars.len() as f32;
    // Every `every`-th bar labelled, so the labels do not overlap.
    let widest = bars
        .iter()
        .map(|(label, _)| l.metrics.width(label, 6.5))
        .fold(0.0_f32, f32::max);
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    let every = ((widest + 4.0) / slot).ceil().max(1.0) as usize;
    for (i, (label, value)) in bars.iter().enumerate() {
        #[allow(clippy::cast_possible_truncation, clippy::cast_precision_loss)]
        let (h, x) = ((value / top_value) as f32 * PLOT_H, left + i as f32 * slot);
        if h > 0.0 {
            l.rect(x + slot * 0.15, bottom - h, slot * 0.7, h, BAR);
        }
        if i % every == 0 {
            #[allow(clippy::cast_precision_loss)]
            let label = l.metrics.fit(label, 6.5, slot * every as f32 - 2.0);
            let w = l.metrics.width(&label, 6.5);
            l.text(x + (slot - w) / 2.0, bottom + 10.0, 6.5, label, MUTED);
        }
    }
    l.y = bottom + 16.0;
}

/// A table: a header (wrapped to the column width) repeated on every page, then the rows.
struct Table {
    /// Column widths; the first column is left-aligned text, the others numbers.
    widths: Vec<f32>,
    header: Vec<Vec<String>>,
    header_h: f32,
}

const CELL: f32 = 7.5;
const ROW_H: f32 = 14.0;

impl Table {
    /// `cols`: the widths of the number columns; the first takes the rest.
    fn new(l: &Layout<'_>, labels: &[&str], cols: &[f32]) -> Self {
        let first = CONTENT_W - cols.iter().sum::<f32>();
        let widths: Vec<f32> = std::iter::once(first).chain(cols.iter().copied()).collect();
        let header: Vec<Vec<String>> = labels
            .iter()
            .zip(&widths)
            .map(|(label, w)| l.metrics.wrap(label, 7.0, w - 6.0))
            .collect();
        #[allow(clippy::cast_precision_loss)]
        let lines = header.iter().map(Vec::len).max().unwrap_or(1) as f32;
        Self {
            widths,
            header,
            header_h: lines * 9.0 + 6.0,
        }
    }

    fn draw_header(&self, l: &mut Layout<'_>) {
        let top = l.y;
        l.rect(MARGIN, top, CONTENT_W, self.header_h, HEAD);
        let mut x = MARGIN;
        for (i, (lines, w)) in self.header.iter().zip(&self.widths).enumerate() {
            for (n, line) in lines.iter().enumerate() {
                #[allow(clippy::cast_precision_loss)]
                let y = top + 11.0 + n as f32 * 9.0;
                if i == 0 {
                    l.text(x + 3.0, y, 7.0, line.clone(), INK);
                } else {
                    l.right(x + w - 3.0, y, 7.0, line, INK);
                }
            }
            x += w;
        }
        l.y = top + self.header_h;
    }

    fn row(&self, l: &mut Layout<'_>, cells: &[String]) {
        if l.room(ROW_H) {
            self.draw_header(l);
        }
        let y = l.y;
        l.line((MARGIN, y + ROW_H), (MARGIN + CONTENT_W, y + ROW_H), RULE);
        let mut x = MARGIN;
        for (i, (cell, w)) in cells.iter().zip(&self.widths).enumerate() {
            if i == 0 {
                let text = l.metrics.fit(cell, CELL, w - 6.0);
                l.text(x + 3.0, y + 10.0, CELL, text, INK);
            } else {
                l.right(x + w - 3.0, y + 10.0, CELL, cell, INK);
            }
            x += w;
        }
        l.y += ROW_H;
    }

    fn start(&self, l: &mut Layout<'_>) {
        l.room(self.header_h + ROW_H);
        self.draw_header(l);
    }
}

fn empty(l: &mut Layout<'_>, lang: Lang) {
    l.room(ROW_H);
    l.y += 12.0;
    l.text(
        MARGIN,
        l.y,
        9.0,
        pick(lang, "本期没有数据", "No data in this period"),
        MUTED,
    );
    l.y += 4.0;
}

fn figure_table(
    l: &mut Layout<'_>,
    first: &str,
    rows: &[(String, &Figures)],
    cols: &[Column],
    lang: Lang,
) {
    if rows.is_empty() || rows.iter().all(|(_, f)| f.vehicle_days == 0) {
        return empty(l, lang);
    }
    let labels: Vec<&str> = std::iter::once(first)
        .chain(cols.iter().map(|c| c.label.get(lang)))
        .collect();
    let widths = vec![46.0; cols.len()];
    let table = Table::new(l, &labels, &widths);
    table.start(l);
    for (name, figures) in rows {
        let cells: Vec<String> = std::iter::once(name.clone())
            .chain(cols.iter().map(|c| shown((c.value)(figures), c.decimals)))
            .collect();
        table.row(l, &cells);
    }
}

fn kind_table(l: &mut Layout<'_>, report: &PeriodicReport, lang: Lang) {
    if report.alarm_kinds.is_empty() {
        return empty(l, lang);
    }
    let labels = kind_headers(lang);
    let widths = [80.0, 80.0, 80.0];
    let table = Table::new(l, &labels, &widths);
    table.start(l);
    for k in &report.alarm_kinds {
        let kind = i16::try_from(k.key).unwrap_or_default();
        table.row(
            l,
            &[
                alarm_kind_label(kind).get(lang).to_owned(),
                k.warning.to_string(),
                k.critical.to_string(),
                k.total.to_string(),
            ],
        );
    }
}

fn paint_colour(c: Colour) -> krilla::paint::Paint {
    rgb::Color::new(c.0, c.1, c.2).into()
}

fn fill(s: &mut Surface<'_>, c: Colour) {
    s.set_stroke(None);
    s.set_fill(Some(Fill {
        paint: paint_colour(c),
        ..Fill::default()
    }));
}

fn paint(
    pages: Vec<Vec<Op>>,
    font: &Font,
    footer: &str,
    subject: &str,
    lang: Lang,
) -> Result<Vec<u8>, AppError> {
    let mut doc = Document::new();
    let title = if subject.is_empty() {
        footer.to_owned()
    } else {
        format!("{footer} · {subject}")
    };
    doc.set_metadata(
        Metadata::new()
            .title(title)
            .language(lang.as_str().to_owned())
            .creator("Wheelend".to_owned()),
    );
    let count = pages.len();
    let settings = PageSettings::from_wh(PAGE_W, PAGE_H).expect("A4 is a valid page size");
    for (n, ops) in pages.into_iter().enumerate() {
        let mut page = doc.start_page_with(settings.clone());
        let mut s = page.surface();
        for op in ops {
            match op {
                Op::Text {
                    x,
                    y,
                    size,
                    text,
                    colour,
                } => {
                    fill(&mut s, colour);
                    s.draw_text(
                        Point::from_xy(x, y),
                        font.clone(),
                        size,
                        &text,
                        false,
                        TextDirection::Auto,
                    );
                }
                Op::Rect { x, y, w, h, colour } => {
                    let mut path = PathBuilder::new();
                    if let Some(rect) = Rect::from_xywh(x, y, w, h) {
                        path.push_rect(rect);
                    }
                    if let Some(path) = path.finish() {
                        fill(&mut s, colour);
                        s.draw_path(&path);
                    }
                }
                Op::Line { from, to, colour } => {
                    let mut path = PathBuilder::new();
                    path.move_to(from.0, from.1);
                    path.line_to(to.0, to.1);
                    if let Some(path) = path.finish() {
                        s.set_fill(None);
                        s.set_stroke(Some(Stroke {
                            paint: paint_colour(colour),
                            width: 0.6,
                            ..Stroke::default()
                        }));
                        s.draw_path(&path);
                    }
                }
            }
        }
        fill(&mut s, MUTED);
        s.draw_text(
            Point::from_xy(MARGIN, PAGE_H - MARGIN + 4.0),
            font.clone(),
            7.0,
            &format!("{footer} · {}/{count}", n + 1),
            false,
            TextDirection::Auto,
        );
        s.finish();
        page.finish();
    }
    doc.finish()
        .map_err(|e| AppError::Internal(anyhow::anyhow!("writing the report PDF: {e:?}")))
}
