//! Per-enterprise settings (alarm thresholds, projects, push, supervision) and trusteeships.

use axum::extract::State;
use chrono::{DateTime, Utc};
use serde::Deserialize;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::routes::declare::Declare;

use serde_json::Value;

use super::{EntRequest, IdRequest, done, part};
use crate::extract::{Scoped, ScopedQuery};
use crate::state::AppState;
use domain::enterprise::settings::{
    self, AlarmSettings, AxlePatch, DefaultsUsage, EnterpriseAlarm, ProjectInput, ProjectRow,
    PushPatch, PushSettings, SuperviseSettings, ThresholdPatch,
};
use domain::enterprise::trusteeships::{self, Grant, TrusteeshipRow};
use kernel::error::{ApiOk, ApiResult, AppError, Envelope};
use kernel::paging::{PageQuery, PageResult};
use kernel::text;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .read(routes!(find_alarm))
        .read(routes!(find_alarm_new))
        .write(routes!(update_alarm))
        .read(routes!(defaults_usage))
        .read(routes!(project_list))
        .write(routes!(update_project))
        .write(routes!(delete_project))
        .read(routes!(get_ent_push))
        .write(routes!(set_ent_push))
        .write(routes!(supervise))
        .write(routes!(save_trusteeship))
        .read(routes!(list_trusteeships))
        .write(routes!(delete_trusteeship))
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct AlarmQuery {
    /// The enterprise (default: the acting one).
    #[serde(default, alias = "enterpriseId")]
    ent_id: Option<i64>,
}

/// The enterprise-wide alarm thresholds (defaults until customized).
#[utoipa::path(get, path = "/tbEnterpriseAlarm/findTbEnterpriseAlarm", tag = "enterprise",
    security(("x-token" = [])), params(AlarmQuery),
    responses((status = 200, body = Envelope<EnterpriseAlarm>)))]
async fn find_alarm(
    State(state): State<AppState>,
    ScopedQuery(scope, q): ScopedQuery<AlarmQuery>,
) -> ApiResult<EnterpriseAlarm> {
    Ok(ApiOk(
        settings::alarm_settings(&state.db, &scope, q.ent_id)
            .await?
            .general,
    ))
}

/// Alarm thresholds enterprise-wide (`general`) and per axle position (`axles`: steer, drive,
/// trailer), each with whether it was customized.
#[utoipa::path(get, path = "/tbEnterpriseAlarm/findTbEnterpriseAlarmNew", tag = "enterprise",
    security(("x-token" = [])), params(AlarmQuery),
    responses((status = 200, body = Envelope<AlarmSettings>)))]
async fn find_alarm_new(
    State(state): State<AppState>,
    ScopedQuery(scope, q): ScopedQuery<AlarmQuery>,
) -> ApiResult<AlarmSettings> {
    Ok(ApiOk(
        settings::alarm_settings(&state.db, &scope, q.ent_id).await?,
    ))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AlarmUpdateRequest {
    #[serde(default, alias = "enterpriseId")]
    ent_id: Option<i64>,
    /// Enterprise-wide changes. The same fields may also be given at the top level (the older
    /// form; used when `general` is absent).
    #[serde(default)]
    general: Option<ThresholdPatch>,
    /// Per axle position changes (or `reset: true` to go back to the defaults).
    #[serde(default)]
    axles: Vec<AxlePatch>,
}

/// Updates alarm thresholds. Ranges: pressures in bar (standard 1–15, high 1–20, warning and
/// critical 0.5–15, with critical < warning < standard < high), tyre temperature 40–150 °C,
/// fast leak 1–500 kPa/min, hub temperature 50–250 °C, hub difference 5–150 °C, battery 1–99 %,
/// offline 1–10080 min. A bad value answers code 7 naming the field; nothing is saved then.
#[utoipa::path(put, path = "/tbEnterpriseAlarm/updateTbEnterpriseAlarm", tag = "enterprise",
    security(("x-token" = [])), request_body = AlarmUpdateRequest,
    responses((status = 200, body = Envelope<AlarmSettings>)))]
async fn update_alarm(
    State(state): State<AppState>,
    Scoped(scope, body): Scoped<Value>,
) -> ApiResult<AlarmSettings> {
    let req: AlarmUpdateRequest = part(&body)?;
    let flat: ThresholdPatch = part(&body)?;
    let general = req.general.or_else(|| (!flat.is_empty()).then_some(flat));
    if general.is_none() && req.axles.is_empty() {
        return Err(AppError::fail(text!(
            "没有要修改的阈值：请给出 general、axles 或阈值字段",
            "Nothing to change: give general, axles or threshold fields"
        )));
    }
    Ok(ApiOk(
        settings::update_alarm(&state.db, &scope, req.ent_id, general.as_ref(), &req.axles).await?,
    ))
}

/// Who follows the platform's default alarm thresholds: how many enterprises have none of their
/// own, and the enterprises that keep some (paged, most recently changed first). The defaults
/// themselves are the platform enterprise's thresholds (`findTbEnterpriseAlarmNew` and
/// `updateTbEnterpriseAlarm` with its `entId`); an enterprise inherits each position it has not
/// set. Platform staff only.
#[utoipa::path(get, path = "/tbEnterpriseAlarm/defaultUsage", tag = "enterprise",
    security(("x-token" = [])), params(PageQuery),
    responses((status = 200, body = Envelope<DefaultsUsage>)))]
async fn defaults_usage(
    State(state): State<AppState>,
    ScopedQuery(scope, q): ScopedQuery<PageQuery>,
) -> ApiResult<DefaultsUsage> {
    Ok(ApiOk(
        settings::defaults_usage(&state.db, &scope, &q).await?,
    ))
}

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ProjectQuery {
    #[serde(default, alias = "enterpriseId")]
    ent_id: Option<i64>,
    /// Matches the name or code.
    #[serde(default, alias = "name")]
    keyword: Option<String>,
    /// 0 active, 1 closed.
    #[serde(default)]
    state: Option<i16>,
    /// Default 1.
    #[serde(default)]
    page: Option<u64>,
    /// Default 10, at most 500 (`limit` is accepted too).
    #[serde(default, alias = "limit")]
    page_size: Option<u64>,
}

/// Projects of an enterprise (default: the acting one), newest first, paged.
#[utoipa::path(get, path = "/tbProject/getTbProjectList", tag = "enterprise",
    security(("x-token" = [])), params(ProjectQuery),
    responses((status = 200, body = Envelope<PageResult<ProjectRow>>)))]
async fn project_list(
    State(state): State<AppState>,
    ScopedQuery(scope, q): ScopedQuery<ProjectQuery>,
) -> ApiResult<PageResult<ProjectRow>> {
    let page = PageQuery {
        page: q.page.unwrap_or(1),
        page_size: q.page_size.unwrap_or(10),
    };
    Ok(ApiOk(
        settings::projects(
            &state.db,
            &scope,
            q.ent_id,
            q.keyword.as_deref(),
            q.state,
            page,
        )
        .await?,
    ))
}

/// Creates (no `ID`) or edits a project; names are unique within the enterprise.
#[utoipa::path(put, path = "/tbProject/updateTbProject", tag = "enterprise",
    security(("x-token" = [])), request_body = ProjectInput,
    responses((status = 200, body = Envelope<ProjectRow>)))]
async fn update_project(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<ProjectInput>,
) -> ApiResult<ProjectRow> {
    Ok(ApiOk(
        settings::save_project(&state.db, &scope, &req).await?,
    ))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct DeleteProjectRequest {
    /// One project …
    #[serde(default, rename = "ID", alias = "id")]
    id: Option<i64>,
    /// … or several, all or none.
    #[serde(default)]
    ids: Vec<i64>,
}

/// Deletes projects (`ID`, or `ids` all or none).
#[utoipa::path(delete, path = "/tbProject/deleteTbProject", tag = "enterprise",
    security(("x-token" = [])), request_body = DeleteProjectRequest,
    responses((status = 200, body = Envelope<serde_json::Value>)))]
async fn delete_project(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<DeleteProjectRequest>,
) -> ApiResult<serde_json::Value> {
    let mut ids = req.ids;
    ids.extend(req.id);
    domain::work::projects::delete_projects(&state.db, &scope, &ids).await?;
    done()
}

/// Push settings of an enterprise (default: the acting one): on/off, channels, alarm types,
/// quiet hours, receivers. Defaults until saved with `setEntPush`.
#[utoipa::path(post, path = "/web/ent/getEntPush", tag = "enterprise",
    security(("x-token" = [])), request_body = EntRequest,
    responses((status = 200, body = Envelope<PushSettings>)))]
async fn get_ent_push(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<EntRequest>,
) -> ApiResult<PushSettings> {
    Ok(ApiOk(
        settings::push_settings(&state.db, &scope, req.ent_id).await?,
    ))
}

/// Saves push settings (given fields only; `entId` names the enterprise, default the acting
/// one): `channels` from app, sms, wechat, email; `alarmTypes` from the listed alarm types;
/// `quietStart`/`quietEnd` as HH:MM (both or neither); `receivers` members of the enterprise.
#[utoipa::path(post, path = "/web/ent/setEntPush", tag = "enterprise",
    security(("x-token" = [])), request_body = PushPatch,
    responses((status = 200, body = Envelope<PushSettings>)))]
async fn set_ent_push(
    State(state): State<AppState>,
    Scoped(scope, body): Scoped<Value>,
) -> ApiResult<PushSettings> {
    let ent: EntRequest = part(&body)?;
    let patch: PushPatch = part(&body)?;
    Ok(ApiOk(
        settings::set_push(&state.db, &scope, ent.ent_id, &patch).await?,
    ))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SuperviseRequest {
    #[serde(default, alias = "enterpriseId")]
    ent_id: Option<i64>,
    /// Forward alarms to the supervisors of the enterprise's clusters.
    #[serde(default)]
    enabled: Option<bool>,
    /// Which alarm types (empty: all).
    #[serde(default)]
    alarm_types: Option<Vec<String>>,
}

/// Supervision settings: whether (and which) alarms of the enterprise go to the supervisors
/// of its clusters. Given fields are saved; `{}` only reads.
#[utoipa::path(post, path = "/web/ent/supervise", tag = "enterprise",
    security(("x-token" = [])), request_body = SuperviseRequest,
    responses((status = 200, body = Envelope<SuperviseSettings>)))]
async fn supervise(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<SuperviseRequest>,
) -> ApiResult<SuperviseSettings> {
    Ok(ApiOk(
        settings::supervise(
            &state.db,
            &scope,
            req.ent_id,
            req.enabled,
            req.alarm_types.as_deref(),
        )
        .await?,
    ))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TrusteeshipRequest {
    /// The entrusted enterprise (default: the acting one).
    #[serde(default, alias = "enterpriseId")]
    ent_id: Option<i64>,
    /// The trustee, by id …
    #[serde(default)]
    user_id: Option<i64>,
    /// … or by sign-in name.
    #[serde(default, alias = "username")]
    user_name: Option<String>,
    /// The cluster the trustee works under (default: the enterprise's; 7 is the `/captain`
    /// brand; 0 none).
    #[serde(default)]
    colony_id: Option<i64>,
    /// Bits: 1 read-only, 2 that enterprise only (not the ones below it). Default 0.
    #[serde(default)]
    restrict: i16,
    /// RFC 3339; absent: until revoked.
    #[serde(default)]
    expires_at: Option<DateTime<Utc>>,
}

/// Entrusts an enterprise to a user: their `/captain/…` calls are then served for that
/// enterprise (its subtree unless restricted), under the record's cluster, read-only if
/// restricted. Saving the same user and enterprise again changes the record.
#[utoipa::path(post, path = "/web/ent/trusteeship/save", tag = "enterprise",
    security(("x-token" = [])), request_body = TrusteeshipRequest,
    responses((status = 200, body = Envelope<TrusteeshipRow>)))]
async fn save_trusteeship(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<TrusteeshipRequest>,
) -> ApiResult<TrusteeshipRow> {
    let grant = Grant {
        ent_id: req.ent_id,
        user_id: req.user_id,
        user_name: req.user_name,
        colony_id: req.colony_id,
        restrict: req.restrict,
        expires_at: req.expires_at,
    };
    Ok(ApiOk(trusteeships::grant(&state.db, &scope, grant).await?))
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TrusteeshipListRequest {
    #[serde(flatten)]
    page: PageQuery,
    #[serde(default, alias = "enterpriseId")]
    ent_id: Option<i64>,
    /// Only the trusteeships the caller holds (the console stores one as its trusteeship
    /// record: `restrict`, `colonyId`).
    #[serde(default)]
    mine: bool,
}

/// Trusteeships granted by the enterprises the caller sees, and those the caller holds.
#[utoipa::path(post, path = "/web/ent/trusteeship/list", tag = "enterprise",
    security(("x-token" = [])), request_body = TrusteeshipListRequest,
    responses((status = 200, body = Envelope<PageResult<TrusteeshipRow>>)))]
async fn list_trusteeships(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<TrusteeshipListRequest>,
) -> ApiResult<PageResult<TrusteeshipRow>> {
    Ok(ApiOk(
        trusteeships::list(&state.db, &scope, req.ent_id, req.mine, req.page).await?,
    ))
}

/// Revokes a trusteeship (the granting side) or gives it up (the trustee).
#[utoipa::path(post, path = "/web/ent/trusteeship/delete", tag = "enterprise",
    security(("x-token" = [])), request_body = IdRequest,
    responses((status = 200, body = Envelope<serde_json::Value>)))]
async fn delete_trusteeship(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<IdRequest>,
) -> ApiResult<serde_json::Value> {
    trusteeships::revoke(&state.db, &scope, req.id).await?;
    done()
}
