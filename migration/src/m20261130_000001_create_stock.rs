//! The stock ledger, tyre assets and the lines of service records (issue 18).
//! docs/stock.md describes each table and the enumerations its columns hold.

use sea_orm_migration::{prelude::*, schema::*};

use crate::schema_helpers::{cascade, index};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Enterprises {
    Table,
    Id,
}

#[derive(DeriveIden)]
enum StockItems {
    Table,
    Id,
    EnterpriseId,
    Kind,
    Code,
    Name,
    Unit,
    Price,
    TyreId,
    LowStock,
    Enabled,
    CreatedAt,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum Warehouses {
    Table,
    Id,
    EnterpriseId,
    Name,
    Address,
    Keeper,
    Phone,
    Remark,
    DeletedAt,
    CreatedAt,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum StockPartners {
    Table,
    Id,
    EnterpriseId,
    Kind,
    Name,
    Contact,
    Phone,
    Address,
    Remark,
    CreatedAt,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum StockMoves {
    Table,
    Id,
    EnterpriseId,
    DocNo,
    Kind,
    WarehouseId,
    ItemId,
    Quantity,
    UnitCost,
    Amount,
    UnitPrice,
    BalanceAfter,
    SupplierId,
    CustomerId,
    VehicleId,
    WorkOrderId,
    TyreIds,
    Remark,
    CreatedBy,
    OccurredAt,
    CreatedAt,
}

#[derive(DeriveIden)]
enum StockBalances {
    Table,
    Id,
    EnterpriseId,
    WarehouseId,
    ItemId,
    Quantity,
    Value,
    LowAlerted,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum StockLots {
    Table,
    Id,
    WarehouseId,
    ItemId,
    Remaining,
    UnitCost,
    ReceivedAt,
}

#[derive(DeriveIden)]
enum TyreAssets {
    Table,
    Id,
    EnterpriseId,
    ItemId,
    Serial,
    Dot,
    PurchaseCost,
    ExtraCost,
    State,
    WarehouseId,
    VehicleId,
    Position,
    MountedAt,
    Km,
    TreadNew,
    ReceivedAt,
    CreatedAt,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum TyreMounts {
    Table,
    Id,
    TyreId,
    VehicleId,
    Position,
    FromAt,
    ToAt,
    FromDay,
    ToDay,
    Km,
    WorkOrderId,
}

#[derive(DeriveIden)]
enum TyreEvents {
    Table,
    Id,
    EnterpriseId,
    TyreId,
    Kind,
    VehicleId,
    Position,
    Mileage,
    Detail,
    CreatedBy,
    At,
    WorkOrderId,
}

#[derive(DeriveIden)]
enum CarServices {
    Table,
    WorkOrderId,
    LabourCost,
    PartsCost,
}

#[derive(DeriveIden)]
enum CarServiceLines {
    Table,
    Id,
    ServiceId,
    ItemId,
    Quantity,
    UnitPrice,
    Amount,
    WarehouseId,
}

#[derive(DeriveIden)]
enum StockSettings {
    Table,
    EnterpriseId,
    AllowNegative,
    Valuation,
    LowStock,
    AlertLowStock,
    LabourRate,
    DefaultWarehouseId,
    IntervalKm,
    IntervalDays,
    TaxRate,
    UpdatedAt,
}

fn unique(name: &str, table: impl IntoIden, cols: &[&'static str]) -> IndexCreateStatement {
    index(name, table, cols).unique().to_owned()
}

fn owned(table: impl IntoIden, column: impl IntoIden) -> ForeignKeyCreateStatement {
    cascade(table, column, Enterprises::Table, Enterprises::Id)
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let tables = [
            Table::create()
                .table(StockItems::Table)
                .if_not_exists()
                .col(big_pk_auto(StockItems::Id))
                .col(big_integer(StockItems::EnterpriseId))
                .col(small_integer(StockItems::Kind))
                .col(string_len(StockItems::Code, 32))
                .col(string_len(StockItems::Name, 128))
                .col(string_len(StockItems::Unit, 16))
                .col(double(StockItems::Price).default(0.0))
                .col(big_integer_null(StockItems::TyreId))
                .col(double_null(StockItems::LowStock))
                .col(boolean(StockItems::Enabled).default(true))
                .col(timestamp_with_time_zone(StockItems::CreatedAt))
                .col(timestamp_with_time_zone(StockItems::UpdatedAt))
                .foreign_key(&mut owned(StockItems::Table, StockItems::EnterpriseId))
                .to_owned(),
            Table::create()
                .table(Warehouses::Table)
                .if_not_exists()
                .col(big_pk_auto(Warehouses::Id))
                .col(big_integer(Warehouses::EnterpriseId))
                .col(string_len(Warehouses::Name, 64))
                .col(string_len(Warehouses::Address, 255).default(""))
                .col(string_len(Warehouses::Keeper, 64).default(""))
                .col(string_len(Warehouses::Phone, 32).default(""))
                .col(string_len(Warehouses::Remark, 500).default(""))
                // Set instead of deleting: the ledger keeps naming it.
                .col(timestamp_with_time_zone_null(Warehouses::DeletedAt))
                .col(timestamp_with_time_zone(Warehouses::CreatedAt))
                .col(timestamp_with_time_zone(Warehouses::UpdatedAt))
                .foreign_key(&mut owned(Warehouses::Table, Warehouses::EnterpriseId))
                .to_owned(),
            Table::create()
                .table(StockPartners::Table)
                .if_not_exists()
                .col(big_pk_auto(StockPartners::Id))
                .col(big_integer(StockPartners::EnterpriseId))
                // 1 supplier, 2 customer.
                .col(small_integer(StockPartners::Kind))
                .col(string_len(StockPartners::Name, 128))
                .col(string_len(StockPartners::Contact, 64).default(""))
                .col(string_len(StockPartners::Phone, 32).default(""))
                .col(string_len(StockPartners::Address, 255).default(""))
                .col(string_len(StockPartners::Remark, 500).default(""))
                .col(timestamp_with_time_zone(StockPartners::CreatedAt))
                .col(timestamp_with_time_zone(StockPartners::UpdatedAt))
                .foreign_key(&mut owned(
                    StockPartners::Table,
                    StockPartners::EnterpriseId,
                ))
                .to_owned(),
            Table::create()
                .table(StockMoves::Table)
                .if_not_exists()
                .col(big_pk_auto(StockMoves::Id))
                .col(big_integer(StockMoves::EnterpriseId))
                .col(string_len(StockMoves::DocNo, 32))
                .col(string_len(StockMoves::Kind, 16))
                .col(big_integer(StockMoves::WarehouseId))
                .col(big_integer(StockMoves::ItemId))
                // Signed: + into the warehouse, − out of it.
                .col(double(StockMoves::Quantity))
                .col(double(StockMoves::UnitCost))
                .col(double(StockMoves::Amount))
                .col(double_null(StockMoves::UnitPrice))
                .col(double(StockMoves::BalanceAfter))
                .col(big_integer_null(StockMoves::SupplierId))
                .col(big_integer_null(StockMoves::CustomerId))
                .col(big_integer_null(StockMoves::VehicleId))
                .col(big_integer_null(StockMoves::WorkOrderId))
                // JSON array of tyre asset ids.
                .col(text(StockMoves::TyreIds).default("[]"))
                .col(string_len(StockMoves::Remark, 500).default(""))
                .col(big_integer(StockMoves::CreatedBy))
                .col(timestamp_with_time_zone(StockMoves::OccurredAt))
                .col(timestamp_with_time_zone(StockMoves::CreatedAt))
                .foreign_key(&mut owned(StockMoves::Table, StockMoves::EnterpriseId))
                .to_owned(),
            Table::create()
                .table(StockBalances::Table)
                .if_not_exists()
                .col(big_pk_auto(StockBalances::Id))
                .col(big_integer(StockBalances::EnterpriseId))
                .col(big_integer(StockBalances::WarehouseId))
                .col(big_integer(StockBalances::ItemId))
                .col(double(StockBalances::Quantity).default(0.0))
                .col(double(StockBalances::Value).default(0.0))
                // A low-stock message went out since the balance last rose above the threshold.
                .col(boolean(StockBalances::LowAlerted).default(false))
                .col(timestamp_with_time_zone(StockBalances::UpdatedAt))
                .foreign_key(&mut owned(
                    StockBalances::Table,
                    StockBalances::EnterpriseId,
                ))
                .to_owned(),
            Table::create()
                .table(StockLots::Table)
                .if_not_exists()
                .col(big_pk_auto(StockLots::Id))
                .col(big_integer(StockLots::WarehouseId))
                .col(big_integer(StockLots::ItemId))
                .col(double(StockLots::Remaining))
                .col(double(StockLots::UnitCost))
                .col(timestamp_with_time_zone(StockLots::ReceivedAt))
                .to_owned(),
            Table::create()
                .table(TyreAssets::Table)
                .if_not_exists()
                .col(big_pk_auto(TyreAssets::Id))
                .col(big_integer(TyreAssets::EnterpriseId))
                .col(big_integer(TyreAssets::ItemId))
                .col(string_len(TyreAssets::Serial, 64))
                .col(string_len(TyreAssets::Dot, 16).default(""))
                .col(double(TyreAssets::PurchaseCost).default(0.0))
                // Retreads and repairs charged to the tyre.
                .col(double(TyreAssets::ExtraCost).default(0.0))
                // 1 in stock, 2 mounted, 3 retreading, 4 scrapped.
                .col(small_integer(TyreAssets::State))
                .col(big_integer_null(TyreAssets::WarehouseId))
                .col(big_integer_null(TyreAssets::VehicleId))
                .col(integer_null(TyreAssets::Position))
                .col(timestamp_with_time_zone_null(TyreAssets::MountedAt))
                // Km of the closed mounts.
                .col(double(TyreAssets::Km).default(0.0))
                .col(double_null(TyreAssets::TreadNew))
                .col(timestamp_with_time_zone(TyreAssets::ReceivedAt))
                .col(timestamp_with_time_zone(TyreAssets::CreatedAt))
                .col(timestamp_with_time_zone(TyreAssets::UpdatedAt))
                .foreign_key(&mut owned(TyreAssets::Table, TyreAssets::EnterpriseId))
                .to_owned(),
            Table::create()
                .table(TyreMounts::Table)
                .if_not_exists()
                .col(big_pk_auto(TyreMounts::Id))
                .col(big_integer(TyreMounts::TyreId))
                .col(big_integer(TyreMounts::VehicleId))
                .col(integer(TyreMounts::Position))
                .col(timestamp_with_time_zone(TyreMounts::FromAt))
                .col(timestamp_with_time_zone_null(TyreMounts::ToAt))
                // The days of `daily_mileage` the mount counts (its first and last, UTC).
                .col(date(TyreMounts::FromDay))
                .col(date_null(TyreMounts::ToDay))
                .col(double_null(TyreMounts::Km))
                // The job it was mounted for.
                .col(big_integer_null(TyreMounts::WorkOrderId))
                .foreign_key(&mut cascade(
                    TyreMounts::Table,
                    TyreMounts::TyreId,
                    TyreAssets::Table,
                    TyreAssets::Id,
                ))
                .to_owned(),
            Table::create()
                .table(TyreEvents::Table)
                .if_not_exists()
                .col(big_pk_auto(TyreEvents::Id))
                .col(big_integer(TyreEvents::EnterpriseId))
                .col(big_integer(TyreEvents::TyreId))
                .col(string_len(TyreEvents::Kind, 16))
                .col(big_integer_null(TyreEvents::VehicleId))
                .col(integer_null(TyreEvents::Position))
                // The tyre's km when it happened.
                .col(double(TyreEvents::Mileage).default(0.0))
                .col(string_len(TyreEvents::Detail, 500).default(""))
                .col(big_integer(TyreEvents::CreatedBy))
                .col(timestamp_with_time_zone(TyreEvents::At))
                .col(big_integer_null(TyreEvents::WorkOrderId))
                .foreign_key(&mut cascade(
                    TyreEvents::Table,
                    TyreEvents::TyreId,
                    TyreAssets::Table,
                    TyreAssets::Id,
                ))
                .to_owned(),
            Table::create()
                .table(CarServiceLines::Table)
                .if_not_exists()
                .col(big_pk_auto(CarServiceLines::Id))
                .col(big_integer(CarServiceLines::ServiceId))
                .col(big_integer(CarServiceLines::ItemId))
                .col(double(CarServiceLines::Quantity))
                .col(double(CarServiceLines::UnitPrice))
                .col(double(CarServiceLines::Amount))
                .col(big_integer_null(CarServiceLines::WarehouseId))
                .to_owned(),
            Table::create()
                .table(StockSettings::Table)
                .if_not_exists()
                .col(big_integer(StockSettings::EnterpriseId).primary_key())
                .col(boolean(StockSettings::AllowNegative).default(false))
                // "average" or "fifo".
                .col(string_len(StockSettings::Valuation, 8).default("average"))
                .col(double(StockSettings::LowStock).default(0.0))
                .col(boolean(StockSettings::AlertLowStock).default(true))
                .col(double(StockSettings::LabourRate).default(0.0))
                .col(big_integer_null(StockSettings::DefaultWarehouseId))
                .col(double_null(StockSettings::IntervalKm))
                .col(integer_null(StockSettings::IntervalDays))
                .col(double(StockSettings::TaxRate).default(0.0))
                .col(timestamp_with_time_zone(StockSettings::UpdatedAt))
                .foreign_key(&mut owned(
                    StockSettings::Table,
                    StockSettings::EnterpriseId,
                ))
                .to_owned(),
        ];
        for table in tables {
            manager.create_table(table).await?;
        }
        let indexes = [
            unique(
                "uq_stock_items_code",
                StockItems::Table,
                &["enterprise_id", "code"],
            ),
            index(
                "idx_stock_items_kind",
                StockItems::Table,
                &["enterprise_id", "kind", "id"],
            ),
            index(
                "idx_warehouses_enterprise",
                Warehouses::Table,
                &["enterprise_id", "id"],
            ),
            unique(
                "uq_stock_partners_name",
                StockPartners::Table,
                &["enterprise_id", "kind", "name"],
            ),
            index(
                "idx_stock_moves_place",
                StockMoves::Table,
                &["warehouse_id", "item_id", "id"],
            ),
            index(
                "idx_stock_moves_item",
                StockMoves::Table,
                &["item_id", "id"],
            ),
            index(
                "idx_stock_moves_time",
                StockMoves::Table,
                &["enterprise_id", "occurred_at", "id"],
            ),
            index(
                "idx_stock_moves_kind",
                StockMoves::Table,
                &["enterprise_id", "kind", "occurred_at"],
            ),
            index(
                "idx_stock_moves_doc",
                StockMoves::Table,
                &["enterprise_id", "doc_no"],
            ),
            index(
                "idx_stock_moves_vehicle",
                StockMoves::Table,
                &["vehicle_id", "id"],
            ),
            index(
                "idx_stock_moves_order",
                StockMoves::Table,
                &["work_order_id"],
            ),
            unique(
                "uq_stock_balances_place",
                StockBalances::Table,
                &["warehouse_id", "item_id"],
            ),
            index(
                "idx_stock_balances_item",
                StockBalances::Table,
                &["enterprise_id", "item_id"],
            ),
            index(
                "idx_stock_lots_place",
                StockLots::Table,
                &["warehouse_id", "item_id", "id"],
            ),
            unique(
                "uq_tyre_assets_serial",
                TyreAssets::Table,
                &["enterprise_id", "serial"],
            ),
            index(
                "idx_tyre_assets_state",
                TyreAssets::Table,
                &["enterprise_id", "state", "id"],
            ),
            index(
                "idx_tyre_assets_wheel",
                TyreAssets::Table,
                &["vehicle_id", "position"],
            ),
            index(
                "idx_tyre_assets_warehouse",
                TyreAssets::Table,
                &["warehouse_id"],
            ),
            index("idx_tyre_assets_item", TyreAssets::Table, &["item_id"]),
            index(
                "idx_tyre_mounts_tyre",
                TyreMounts::Table,
                &["tyre_id", "from_at"],
            ),
            index(
                "idx_tyre_mounts_wheel",
                TyreMounts::Table,
                &["vehicle_id", "position", "from_at"],
            ),
            index(
                "idx_tyre_events_tyre",
                TyreEvents::Table,
                &["tyre_id", "at", "id"],
            ),
            index(
                "idx_car_service_lines_service",
                CarServiceLines::Table,
                &["service_id"],
            ),
            index(
                "idx_car_service_lines_item",
                CarServiceLines::Table,
                &["item_id"],
            ),
        ];
        for idx in indexes {
            manager.create_index(idx).await?;
        }
        // SQLite adds one column per ALTER.
        for column in [
            ColumnDef::new(CarServices::WorkOrderId)
                .big_integer()
                .null()
                .to_owned(),
            ColumnDef::new(CarServices::LabourCost)
                .double()
                .not_null()
                .default(0.0)
                .to_owned(),
            ColumnDef::new(CarServices::PartsCost)
                .double()
                .not_null()
                .default(0.0)
                .to_owned(),
        ] {
            manager
                .alter_table(
                    Table::alter()
                        .table(CarServices::Table)
                        .add_column(column)
                        .to_owned(),
                )
                .await?;
        }
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for column in [
            CarServices::PartsCost,
            CarServices::LabourCost,
            CarServices::WorkOrderId,
        ] {
            manager
                .alter_table(
                    Table::alter()
                        .table(CarServices::Table)
                        .drop_column(column)
                        .to_owned(),
                )
                .await?;
        }
        for table in [
            StockSettings::Table.into_table_ref(),
            CarServiceLines::Table.into_table_ref(),
            TyreEvents::Table.into_table_ref(),
            TyreMounts::Table.into_table_ref(),
            TyreAssets::Table.into_table_ref(),
            StockLots::Table.into_table_ref(),
            StockBalances::Table.into_table_ref(),
            StockMoves::Table.into_table_ref(),
            StockPartners::Table.into_table_ref(),
            Warehouses::Table.into_table_ref(),
            StockItems::Table.into_table_ref(),
        ] {
            manager
                .drop_table(Table::drop().table(table).if_exists().to_owned())
                .await?;
        }
        Ok(())
    }
}
