//! Stock: settings, the item catalogue, warehouses, suppliers and customers, the ledger, tyres
//! as assets and service records (docs/stock.md).

use axum::extract::State;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::extract::Scoped;
use crate::routes::declare::Declare;
use crate::state::AppState;
use domain::stock::Collected;
use domain::stock::catalogue::{
    self, IdsInput, ItemInput, ItemQuery, Partner, PartnerInput, PartnerQuery, StockItem,
    Warehouse, WarehouseInput, WarehouseQuery,
};
use domain::stock::ledger::{
    self, Balance, BalanceCollect, BalanceQuery, Document, MoveInput, RecordCollect, RecordQuery,
    SaleCollect, SaleQuery, StockMove,
};
use domain::stock::services::{
    self, CollectQuery, ServiceCollect, ServiceId, ServiceQuery, ServiceRecord, ServiceSummary,
};
use domain::stock::settings::{
    self, DrpSetting, DrpSettingInput, EntQuery, ServiceSetting, ServiceSettingInput,
};
use domain::stock::tyres::{
    self, CostQuery, DismountInput, MountInput, TyreAsset, TyreCollect, TyreCost, TyreEvent,
    TyreId, TyreInfo, TyreQuery,
};
use kernel::error::{ApiOk, ApiResult, Envelope};
use kernel::paging::PageResult;
use serde::Deserialize;
use utoipa::ToSchema;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .read(routes!(get_drp_setting))
        .write(routes!(drp_setting))
        .read(routes!(get_service_setting))
        .write(routes!(service_setting))
        .read(routes!(item_list))
        .write(routes!(save_item))
        .write(routes!(set_item))
        .write(routes!(del_item))
        .read(routes!(warehouse_list))
        .write(routes!(save_warehouse))
        .write(routes!(update_warehouse))
        .write(routes!(del_warehouse))
        .read(routes!(partner_list))
        .write(routes!(save_partner))
        .write(routes!(del_partner))
        .write(routes!(save_move))
        .read(routes!(storage_record))
        .read(routes!(storage_list))
        .read(routes!(market_list))
        .read(routes!(tyre_list))
        .read(routes!(tyre_info))
        .write(routes!(tyre_mount))
        .write(routes!(tyre_dismount))
        .read(routes!(tyre_mileage))
        .read(routes!(tyre_log))
        .read(routes!(service_list))
        .read(routes!(service_list_collect))
        .read(routes!(service_info))
}

/// Stock settings of an enterprise (default: the acting one).
#[utoipa::path(post, path = "/web/drp/getDrpSetting", tag = "warehouse",
    security(("x-token" = [])), request_body = EntQuery,
    responses((status = 200, body = Envelope<DrpSetting>)))]
async fn get_drp_setting(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<EntQuery>,
) -> ApiResult<DrpSetting> {
    Ok(ApiOk(settings::drp(&state.db, &scope, &req).await?))
}

/// Saves stock settings (what is given): negative stock, valuation (refused while stock is
/// held), low-stock threshold and its alert.
#[utoipa::path(post, path = "/web/drp/drpSetting", tag = "warehouse",
    security(("x-token" = [])), request_body = DrpSettingInput,
    responses((status = 200, body = Envelope<DrpSetting>)))]
async fn drp_setting(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<DrpSettingInput>,
) -> ApiResult<DrpSetting> {
    Ok(ApiOk(settings::save_drp(&state.db, &scope, req).await?))
}

/// Service settings of an enterprise (default: the acting one).
#[utoipa::path(post, path = "/web/service/getServiceSetting", tag = "warehouse",
    security(("x-token" = [])), request_body = EntQuery,
    responses((status = 200, body = Envelope<ServiceSetting>)))]
async fn get_service_setting(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<EntQuery>,
) -> ApiResult<ServiceSetting> {
    Ok(ApiOk(settings::service(&state.db, &scope, &req).await?))
}

/// Saves service settings (what is given; null clears the warehouse and intervals).
#[utoipa::path(post, path = "/web/service/serviceSetting", tag = "warehouse",
    security(("x-token" = [])), request_body = ServiceSettingInput,
    responses((status = 200, body = Envelope<ServiceSetting>)))]
async fn service_setting(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<ServiceSettingInput>,
) -> ApiResult<ServiceSetting> {
    Ok(ApiOk(settings::save_service(&state.db, &scope, req).await?))
}

/// The item catalogue (labour, parts, tyre models) with what is held of each.
#[utoipa::path(post, path = "/web/service/itemList", tag = "warehouse",
    security(("x-token" = [])), request_body = ItemQuery,
    responses((status = 200, body = Envelope<PageResult<StockItem>>)))]
async fn item_list(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<ItemQuery>,
) -> ApiResult<PageResult<StockItem>> {
    Ok(ApiOk(catalogue::items(&state.db, &scope, req).await?))
}

/// Creates an item; codes are unique per enterprise.
#[utoipa::path(post, path = "/web/service/saveItem", tag = "warehouse",
    security(("x-token" = [])), request_body = ItemInput,
    responses((status = 200, body = Envelope<StockItem>)))]
async fn save_item(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<ItemInput>,
) -> ApiResult<StockItem> {
    Ok(ApiOk(catalogue::create_item(&state.db, &scope, req).await?))
}

/// Changes an item (`id` and what is given; `enabled: false` disables it).
#[utoipa::path(post, path = "/web/service/setItem", tag = "warehouse",
    security(("x-token" = [])), request_body = ItemInput,
    responses((status = 200, body = Envelope<StockItem>)))]
async fn set_item(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<ItemInput>,
) -> ApiResult<StockItem> {
    Ok(ApiOk(catalogue::update_item(&state.db, &scope, req).await?))
}

/// Deletes items no move or service line uses (all or none); answers how many.
#[utoipa::path(post, path = "/web/service/delItem", tag = "warehouse",
    security(("x-token" = [])), request_body = IdsInput,
    responses((status = 200, body = Envelope<u64>)))]
async fn del_item(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<IdsInput>,
) -> ApiResult<u64> {
    Ok(ApiOk(
        catalogue::delete_items(&state.db, &scope, &req).await?,
    ))
}

/// Warehouses with what they hold.
#[utoipa::path(post, path = "/web/drp/warehouseList", tag = "warehouse",
    security(("x-token" = [])), request_body = WarehouseQuery,
    responses((status = 200, body = Envelope<PageResult<Warehouse>>)))]
async fn warehouse_list(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<WarehouseQuery>,
) -> ApiResult<PageResult<Warehouse>> {
    Ok(ApiOk(catalogue::warehouses(&state.db, &scope, req).await?))
}

/// Creates a warehouse; names are unique per enterprise.
#[utoipa::path(post, path = "/web/drp/saveWarehouse", tag = "warehouse",
    security(("x-token" = [])), request_body = WarehouseInput,
    responses((status = 200, body = Envelope<Warehouse>)))]
async fn save_warehouse(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<WarehouseInput>,
) -> ApiResult<Warehouse> {
    Ok(ApiOk(
        catalogue::create_warehouse(&state.db, &scope, req).await?,
    ))
}

/// Changes a warehouse (`id` and what is given).
#[utoipa::path(post, path = "/web/drp/updateWarehouse", tag = "warehouse",
    security(("x-token" = [])), request_body = WarehouseInput,
    responses((status = 200, body = Envelope<Warehouse>)))]
async fn update_warehouse(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<WarehouseInput>,
) -> ApiResult<Warehouse> {
    Ok(ApiOk(
        catalogue::update_warehouse(&state.db, &scope, req).await?,
    ))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct IdInput {
    id: i64,
}

/// Deletes a warehouse that holds no stock and no tyres.
#[utoipa::path(post, path = "/web/drp/delWarehouse", tag = "warehouse",
    security(("x-token" = [])), request_body = IdInput,
    responses((status = 200, body = Envelope<Option<bool>>)))]
async fn del_warehouse(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<IdInput>,
) -> ApiResult<Option<bool>> {
    catalogue::delete_warehouse(&state.db, &scope, req.id).await?;
    Ok(ApiOk(None))
}

/// Suppliers (kind 1) or customers (kind 2), with how many moves name each and their amount.
#[utoipa::path(post, path = "/web/drp/partnerList", tag = "warehouse",
    security(("x-token" = [])), request_body = PartnerQuery,
    responses((status = 200, body = Envelope<PageResult<Partner>>)))]
async fn partner_list(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<PartnerQuery>,
) -> ApiResult<PageResult<Partner>> {
    Ok(ApiOk(catalogue::partners(&state.db, &scope, req).await?))
}

/// Creates (no `id`) or changes a supplier or customer.
#[utoipa::path(post, path = "/web/drp/savePartner", tag = "warehouse",
    security(("x-token" = [])), request_body = PartnerInput,
    responses((status = 200, body = Envelope<Partner>)))]
async fn save_partner(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<PartnerInput>,
) -> ApiResult<Partner> {
    Ok(ApiOk(
        catalogue::save_partner(&state.db, &scope, req).await?,
    ))
}

/// Deletes a supplier or customer no move names.
#[utoipa::path(post, path = "/web/drp/delPartner", tag = "warehouse",
    security(("x-token" = [])), request_body = IdInput,
    responses((status = 200, body = Envelope<Option<bool>>)))]
async fn del_partner(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<IdInput>,
) -> ApiResult<Option<bool>> {
    catalogue::delete_partner(&state.db, &scope, req.id).await?;
    Ok(ApiOk(None))
}

/// Records a document of stock moves (receipt, issue, return, transfer, sale, retread,
/// scrap, adjust): every line or none; a line that would take a balance below zero is refused
/// naming it, unless the enterprise allows negative stock.
#[utoipa::path(post, path = "/web/drp/saveMove", tag = "warehouse",
    security(("x-token" = [])), request_body = MoveInput,
    responses((status = 200, body = Envelope<Document>)))]
async fn save_move(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<MoveInput>,
) -> ApiResult<Document> {
    Ok(ApiOk(
        ledger::save_move(&state.db, &state.live, &scope, req).await?,
    ))
}

/// The ledger, newest first, with totals in and out of everything that matches.
#[utoipa::path(post, path = "/web/drp/storageRecord", tag = "warehouse",
    security(("x-token" = [])), request_body = RecordQuery,
    responses((status = 200, body = Envelope<Collected<StockMove, RecordCollect>>)))]
async fn storage_record(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<RecordQuery>,
) -> ApiResult<Collected<StockMove, RecordCollect>> {
    Ok(ApiOk(ledger::records(&state.db, &scope, req).await?))
}

/// Balances by warehouse and item, with totals (items, quantity, value, how many are low).
#[utoipa::path(post, path = "/web/drp/storageList", tag = "warehouse",
    security(("x-token" = [])), request_body = BalanceQuery,
    responses((status = 200, body = Envelope<Collected<Balance, BalanceCollect>>)))]
async fn storage_list(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<BalanceQuery>,
) -> ApiResult<Collected<Balance, BalanceCollect>> {
    Ok(ApiOk(ledger::balances(&state.db, &scope, req).await?))
}

/// Sales to customers with revenue, cost and profit.
#[utoipa::path(post, path = "/web/drp/marketList", tag = "warehouse",
    security(("x-token" = [])), request_body = SaleQuery,
    responses((status = 200, body = Envelope<Collected<StockMove, SaleCollect>>)))]
async fn market_list(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<SaleQuery>,
) -> ApiResult<Collected<StockMove, SaleCollect>> {
    Ok(ApiOk(ledger::sales(&state.db, &scope, req).await?))
}

/// Tyres (assets), newest first, with counts by state.
#[utoipa::path(post, path = "/web/drp/tyre/list", tag = "warehouse",
    security(("x-token" = [])), request_body = TyreQuery,
    responses((status = 200, body = Envelope<Collected<TyreAsset, TyreCollect>>)))]
async fn tyre_list(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<TyreQuery>,
) -> ApiResult<Collected<TyreAsset, TyreCollect>> {
    Ok(ApiOk(tyres::list(&state.db, &scope, req).await?))
}

/// One tyre: its mounts, wear rate, projected replacement and under-inflation alarms.
#[utoipa::path(post, path = "/web/drp/tyre/info", tag = "warehouse",
    security(("x-token" = [])), request_body = IdInput,
    responses((status = 200, body = Envelope<TyreInfo>)))]
async fn tyre_info(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<IdInput>,
) -> ApiResult<TyreInfo> {
    Ok(ApiOk(tyres::info(&state.db, &scope, req.id).await?))
}

/// Mounts a tyre at a wheel: from stock (an issue move) or from another wheel (a rotation).
#[utoipa::path(post, path = "/web/drp/tyre/mount", tag = "warehouse",
    security(("x-token" = [])), request_body = MountInput,
    responses((status = 200, body = Envelope<TyreAsset>)))]
async fn tyre_mount(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<MountInput>,
) -> ApiResult<TyreAsset> {
    Ok(ApiOk(
        tyres::mount(&state.db, &state.live, &scope, req).await?,
    ))
}

/// Takes a tyre off its wheel back into a warehouse (a return move), or to scrap.
#[utoipa::path(post, path = "/web/drp/tyre/dismount", tag = "warehouse",
    security(("x-token" = [])), request_body = DismountInput,
    responses((status = 200, body = Envelope<TyreAsset>)))]
async fn tyre_dismount(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<DismountInput>,
) -> ApiResult<TyreAsset> {
    Ok(ApiOk(
        tyres::dismount(&state.db, &state.live, &scope, req).await?,
    ))
}

/// Km and cost per km of tyres by tyre, brand or model (most expensive per km first).
#[utoipa::path(post, path = "/web/drp/tyre/mileage", tag = "warehouse",
    security(("x-token" = [])), request_body = CostQuery,
    responses((status = 200, body = Envelope<PageResult<TyreCost>>)))]
async fn tyre_mileage(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<CostQuery>,
) -> ApiResult<PageResult<TyreCost>> {
    Ok(ApiOk(tyres::costs(&state.db, &scope, req).await?))
}

/// A tyre's life, newest first: receipt, mounts, rotations, moves, and the pressure alarms of
/// its wheels while it was mounted.
#[utoipa::path(post, path = "/web/drp/tyre/log", tag = "warehouse",
    security(("x-token" = [])), request_body = TyreId,
    responses((status = 200, body = Envelope<PageResult<TyreEvent>>)))]
async fn tyre_log(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<TyreId>,
) -> ApiResult<PageResult<TyreEvent>> {
    Ok(ApiOk(tyres::log(&state.db, &scope, req).await?))
}

/// Service records of the enterprise's vehicles with their lines and totals.
#[utoipa::path(post, path = "/web/service/serviceList", tag = "warehouse",
    security(("x-token" = [])), request_body = ServiceQuery,
    responses((status = 200, body = Envelope<Collected<ServiceRecord, ServiceCollect>>)))]
async fn service_list(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<ServiceQuery>,
) -> ApiResult<Collected<ServiceRecord, ServiceCollect>> {
    Ok(ApiOk(services::list(&state.db, &scope, req).await?))
}

/// Service cost by vehicle, item or month.
#[utoipa::path(post, path = "/web/service/serviceListCollect", tag = "warehouse",
    security(("x-token" = [])), request_body = CollectQuery,
    responses((status = 200, body = Envelope<ServiceSummary>)))]
async fn service_list_collect(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<CollectQuery>,
) -> ApiResult<ServiceSummary> {
    Ok(ApiOk(services::collect(&state.db, &scope, req).await?))
}

/// One service record with its lines.
#[utoipa::path(post, path = "/web/service/serviceInfo", tag = "warehouse",
    security(("x-token" = [])), request_body = ServiceId,
    responses((status = 200, body = Envelope<ServiceRecord>)))]
async fn service_info(
    State(state): State<AppState>,
    Scoped(scope, req): Scoped<ServiceId>,
) -> ApiResult<ServiceRecord> {
    Ok(ApiOk(services::info(&state.db, &scope, req.id).await?))
}
