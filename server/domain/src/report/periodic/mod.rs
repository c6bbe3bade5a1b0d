//! The periodic fleet report (`rollups::periodic`, the page `analysis_detail` answers) as a
//! file: an XLSX workbook (`workbook`) or a PDF document (`document`), in the caller's
//! language, with units; and its scheduled delivery to members (`subscriptions`,
//! `delivery`). See docs/reports.md "Periodic report files".

pub mod delivery;
mod document;
pub mod subscriptions;
mod workbook;

use std::path::PathBuf;

use chrono::{NaiveDate, Utc};
use entities::enterprise;
use sea_orm::{DatabaseConnection, EntityTrait};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::rollups::{self, Cadence, Figures, PeriodicReport, PeriodicRequest};
use crate::scope::Scope;
use crate::vehicle::mileage::DayRange;
use kernel::config::Config;
use kernel::error::AppError;
use kernel::i18n::{Lang, Text};
use kernel::text;

/// Debian's `fonts-noto-cjk`: the font used when `WHEELEND_PDF_FONT` names none.
pub const DEFAULT_FONT: &str = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc";

/// The file format of a periodic report.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum ReportFormat {
    /// A workbook: summary, trend, alarms by kind, enterprises.
    Xlsx,
    /// A printable document: totals, a chart, the same tables.
    Pdf,
}

impl ReportFormat {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Xlsx => "xlsx",
            Self::Pdf => "pdf",
        }
    }

    pub fn parse(s: &str) -> Option<Self> {
        match s {
            "xlsx" => Some(Self::Xlsx),
            "pdf" => Some(Self::Pdf),
            _ => None,
        }
    }

    pub fn content_type(self) -> &'static str {
        match self {
            Self::Xlsx => "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
            Self::Pdf => "application/pdf",
        }
    }
}

impl Cadence {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Daily => "daily",
            Self::Weekly => "weekly",
            Self::Monthly => "monthly",
        }
    }

    pub fn parse(s: &str) -> Option<Self> {
        match s {
            "daily" => Some(Self::Daily),
            "weekly" => Some(Self::Weekly),
            "monthly" => Some(Self::Monthly),
            _ => None,
        }
    }

    /// The report's name: 车队日报 / daily fleet report.
    pub fn title(self) -> Text {
        match self {
            Self::Daily => text!("车队日报", "Daily fleet report"),
            Self::Weekly => text!("车队周报", "Weekly fleet report"),
            Self::Monthly => text!("车队月报", "Monthly fleet report"),
        }
    }

    /// The last period of this cadence that ended on or before `day`.
    pub fn last_ended(self, day: NaiveDate) -> DayRange {
        let holding = self.period(day);
        if holding.end_date <= day {
            holding
        } else {
            self.period(holding.start_date - chrono::Duration::days(1))
        }
    }
}

/// `GET /dataReport/periodic_file`: which report, in which format.
#[derive(Debug, Deserialize, ToSchema, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query, rename_all = "camelCase")]
pub struct FileRequest {
    pub cadence: Cadence,
    /// A day of the period (a week runs Monday to Sunday); today at the latest.
    pub day: NaiveDate,
    pub format: ReportFormat,
    /// One enterprise of the scope; all of them when absent.
    #[serde(default, alias = "entId")]
    pub enterprise_id: Option<i64>,
}

/// A finished report file.
pub struct ReportFile {
    pub file_name: String,
    pub content_type: &'static str,
    pub bytes: Vec<u8>,
}

/// Where report files are written and which font the PDFs use.
#[derive(Debug, Clone)]
pub struct ReportFiles {
    pub data_dir: PathBuf,
    pub font: PathBuf,
}

impl ReportFiles {
    pub fn from_config(cfg: &Config) -> Self {
        Self {
            data_dir: cfg.data_dir.clone(),
            font: cfg
                .pdf_font
                .clone()
                .unwrap_or_else(|| PathBuf::from(DEFAULT_FONT)),
        }
    }
}

/// What a report file shows beside the report itself.
struct Heading {
    /// The enterprise the report is for (the one asked for, else the acting one).
    subject: String,
    lang: Lang,
}

/// One figure as the files show it: its label with the unit, and its value.
struct Column {
    label: Text,
    value: fn(&Figures) -> Option<f64>,
    /// Decimals shown.
    decimals: usize,
}

#[allow(clippy::cast_precision_loss)]
fn columns() -> Vec<Column> {
    vec![
        Column {
            label: text!("车辆·天", "vehicle-days"),
            value: |f| Some(f.vehicle_days as f64),
            decimals: 0,
        },
        Column {
            label: text!("里程 (km)", "distance (km)"),
            value: |f| Some(f.km),
            decimals: 1,
        },
        Column {
            label: text!("行驶 (h)", "driving (h)"),
            value: |f| Some(f.driving_seconds as f64 / 3600.0),
            decimals: 1,
        },
        Column {
            label: text!("告警 (次)", "alarms"),
            value: |f| Some(f.alarms as f64),
            decimals: 0,
        },
        Column {
            label: text!("离线 (h)", "offline (h)"),
            value: |f| Some(f.offline_seconds as f64 / 3600.0),
            decimals: 1,
        },
        Column {
            label: text!("最高胎温 (°C)", "hottest tyre (°C)"),
            value: |f| f.max_tyre_temp,
            decimals: 1,
        },
        Column {
            label: text!("最高轮端温度 (°C)", "hottest hub (°C)"),
            value: |f| f.max_hub_temp,
            decimals: 1,
        },
        Column {
            label: text!("最大同轴温差 (°C)", "largest hub difference (°C)"),
            value: |f| f.max_hub_diff,
            decimals: 1,
        },
        Column {
            label: text!("最低胎压 (bar)", "lowest pressure (bar)"),
            value: |f| f.min_pressure,
            decimals: 2,
        },
    ]
}

/// The daily trend as table rows: each day with data, then the total.
fn trend_rows(report: &PeriodicReport, lang: Lang) -> Vec<(String, &Figures)> {
    report
        .trend
        .days
        .iter()
        .map(|d| (d.day.to_string(), &d.figures))
        .chain(std::iter::once((
            pick(lang, "合计", "Total").to_owned(),
            &report.trend.total,
        )))
        .collect()
}

/// The enterprises as table rows.
fn enterprise_rows(report: &PeriodicReport) -> Vec<(String, &Figures)> {
    report
        .enterprises
        .iter()
        .map(|e| (e.name.clone(), &e.figures))
        .collect()
}

/// `2026-11-30 – 2026-12-06`, or the one day.
fn period(start: NaiveDate, end: NaiveDate) -> String {
    if start == end {
        start.to_string()
    } else {
        format!("{start} – {end}")
    }
}

/// The columns of the alarms-by-kind table.
fn kind_headers(lang: Lang) -> [&'static str; 4] {
    [
        pick(lang, "告警类型", "Alarm kind"),
        pick(lang, "预警 (次)", "Warning"),
        pick(lang, "严重 (次)", "Critical"),
        pick(lang, "合计 (次)", "Total"),
    ]
}

/// The text of `lang` among two.
fn pick(lang: Lang, zh: &'static str, en: &'static str) -> &'static str {
    match lang {
        Lang::Zh => zh,
        Lang::En => en,
    }
}

/// A value with its decimals; empty when unknown.
fn shown(value: Option<f64>, decimals: usize) -> String {
    value.map_or_else(String::new, |v| format!("{v:.decimals$}"))
}

/// The change from `before` to `now` in per cent, when both are known and `before` is not 0.
fn change(now: Option<f64>, before: Option<f64>) -> Option<f64> {
    match (now, before) {
        (Some(n), Some(b)) if b.abs() > f64::EPSILON => Some((n - b) / b.abs() * 100.0),
        _ => None,
    }
}

/// `车队周报_20261130_20261206.pdf` / `weekly-fleet-report_20261130_20261206.pdf` (one day
/// once for a daily report).
fn file_name(report: &PeriodicReport, format: ReportFormat, lang: Lang) -> String {
    let name = match lang {
        Lang::Zh => report.cadence.title().zh.into_owned(),
        Lang::En => format!("{}-fleet-report", report.cadence.as_str()),
    };
    let start = report.start_date.format("%Y%m%d");
    if report.start_date == report.end_date {
        format!("{name}_{start}.{}", format.as_str())
    } else {
        let end = report.end_date.format("%Y%m%d");
        format!("{name}_{start}_{end}.{}", format.as_str())
    }
}

/// Refuses a day after today (its period has not begun), naming `day`.
pub fn check_day(day: NaiveDate) -> Result<(), AppError> {
    if day > Utc::now().date_naive() {
        return Err(AppError::field(
            "day",
            text!(
                "day 不能晚于今天：{}",
                "day must be today or earlier: {}",
                day
            ),
        ));
    }
    Ok(())
}

/// `/dataReport/periodic_file`: the report asked for, of a day that has begun.
pub async fn download(
    db: &DatabaseConnection,
    scope: &Scope,
    req: &FileRequest,
    lang: Lang,
    files: &ReportFiles,
) -> Result<ReportFile, AppError> {
    check_day(req.day)?;
    let periodic = PeriodicRequest {
        cadence: req.cadence,
        day: req.day,
        enterprise_id: req.enterprise_id,
    };
    render(db, scope, &periodic, req.format, lang, files).await
}

/// The periodic report of `req` as a file in `format` and `lang`, as `scope` sees it.
pub async fn render(
    db: &DatabaseConnection,
    scope: &Scope,
    req: &PeriodicRequest,
    format: ReportFormat,
    lang: Lang,
    files: &ReportFiles,
) -> Result<ReportFile, AppError> {
    let report = rollups::periodic(db, scope, req).await?;
    let subject_id = req
        .enterprise_id
        .filter(|e| *e != 0)
        .or(scope.enterprise_id);
    let subject = match subject_id {
        Some(id) => enterprise::Entity::find_by_id(id)
            .one(db)
            .await?
            .map(|e| e.ent_name)
            .unwrap_or_default(),
        None => String::new(),
    };
    let heading = Heading { subject, lang };
    let file_name = file_name(&report, format, lang);
    let font = files.font.clone();
    let bytes = tokio::task::spawn_blocking(move || match format {
        ReportFormat::Xlsx => workbook::write(&report, &heading),
        ReportFormat::Pdf => document::write(&report, &heading, &font),
    })
    .await
    .map_err(|e| AppError::Internal(anyhow::anyhow!("writing a report file: {e}")))??;
    Ok(ReportFile {
        file_name,
        content_type: format.content_type(),
        bytes,
    })
}
