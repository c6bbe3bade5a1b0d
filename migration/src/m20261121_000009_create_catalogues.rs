//! Catalogues: car brands with their series, car classes (a default axle layout and vehicle
//! image per class), tyre brands and tyres. `enterprise_id` NULL marks a platform-wide entry
//! (edited by platform staff only); otherwise the entry belongs to that enterprise and is seen
//! by whoever sees the enterprise. Names are unique per parent, checked by the service (a
//! unique index cannot compare the NULL enterprise of platform entries).

use sea_orm_migration::{prelude::*, schema::*};

use crate::schema_helpers::index;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum CarBrands {
    Table,
    Id,
    EnterpriseId,
    Name,
    Logo,
    Sort,
    CreatedAt,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum CarSeries {
    Table,
    Id,
    BrandId,
    EnterpriseId,
    Name,
    Sort,
    CreatedAt,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum CarClasses {
    Table,
    Id,
    EnterpriseId,
    Name,
    Kind,
    AxleLayout,
    DeviceTypeId,
    Sort,
    CreatedAt,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum TyreBrands {
    Table,
    Id,
    EnterpriseId,
    Name,
    Logo,
    Sort,
    CreatedAt,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum Tyres {
    Table,
    Id,
    BrandId,
    EnterpriseId,
    Model,
    Spec,
    Grain,
    TreadDepth,
    Pressure,
    LoadIndex,
    Remark,
    CreatedAt,
    UpdatedAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    #[allow(clippy::too_many_lines)]
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(CarBrands::Table)
                    .if_not_exists()
                    .col(big_pk_auto(CarBrands::Id))
                    .col(big_integer_null(CarBrands::EnterpriseId))
                    .col(string_len(CarBrands::Name, 64))
                    .col(string(CarBrands::Logo).default(""))
                    .col(integer(CarBrands::Sort).default(0))
                    .col(timestamp_with_time_zone(CarBrands::CreatedAt))
                    .col(timestamp_with_time_zone(CarBrands::UpdatedAt))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(index(
                "idx_car_brands_name",
                CarBrands::Table,
                &["name", "enterprise_id"],
            ))
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(CarSeries::Table)
                    .if_not_exists()
                    .col(big_pk_auto(CarSeries::Id))
                    .col(big_integer(CarSeries::BrandId))
                    .col(big_integer_null(CarSeries::EnterpriseId))
                    .col(string_len(CarSeries::Name, 64))
                    .col(integer(CarSeries::Sort).default(0))
                    .col(timestamp_with_time_zone(CarSeries::CreatedAt))
                    .col(timestamp_with_time_zone(CarSeries::UpdatedAt))
                    .foreign_key(
                        ForeignKey::create()
                            .from(CarSeries::Table, CarSeries::BrandId)
                            .to(CarBrands::Table, CarBrands::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(index(
                "idx_car_series_brand",
                CarSeries::Table,
                &["brand_id", "name"],
            ))
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(CarClasses::Table)
                    .if_not_exists()
                    .col(big_pk_auto(CarClasses::Id))
                    .col(big_integer_null(CarClasses::EnterpriseId))
                    .col(string_len(CarClasses::Name, 64))
                    // As `vehicles.kind`: 0 tractor or truck, 1 trailer, 2 bus, 3 other.
                    .col(small_integer(CarClasses::Kind).default(0))
                    .col(string_len(CarClasses::AxleLayout, 64).default("2,4"))
                    .col(small_integer(CarClasses::DeviceTypeId).default(0))
                    .col(integer(CarClasses::Sort).default(0))
                    .col(timestamp_with_time_zone(CarClasses::CreatedAt))
                    .col(timestamp_with_time_zone(CarClasses::UpdatedAt))
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(TyreBrands::Table)
                    .if_not_exists()
                    .col(big_pk_auto(TyreBrands::Id))
                    .col(big_integer_null(TyreBrands::EnterpriseId))
                    .col(string_len(TyreBrands::Name, 64))
                    .col(string(TyreBrands::Logo).default(""))
                    .col(integer(TyreBrands::Sort).default(0))
                    .col(timestamp_with_time_zone(TyreBrands::CreatedAt))
                    .col(timestamp_with_time_zone(TyreBrands::UpdatedAt))
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(Tyres::Table)
                    .if_not_exists()
                    .col(big_pk_auto(Tyres::Id))
                    .col(big_integer(Tyres::BrandId))
                    .col(big_integer_null(Tyres::EnterpriseId))
                    .col(string_len(Tyres::Model, 64))
                    // Size, e.g. 295/80R22.5.
                    .col(string_len(Tyres::Spec, 32))
                    // Tread pattern.
                    .col(string_len(Tyres::Grain, 32).default(""))
                    // New tread depth, mm.
                    .col(double_null(Tyres::TreadDepth))
                    // Standard (cold) pressure, bar.
                    .col(double_null(Tyres::Pressure))
                    .col(string_len(Tyres::LoadIndex, 16).default(""))
                    .col(string(Tyres::Remark).default(""))
                    .col(timestamp_with_time_zone(Tyres::CreatedAt))
                    .col(timestamp_with_time_zone(Tyres::UpdatedAt))
                    .foreign_key(
                        ForeignKey::create()
                            .from(Tyres::Table, Tyres::BrandId)
                            .to(TyreBrands::Table, TyreBrands::Id),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(index(
                "idx_tyres_brand",
                Tyres::Table,
                &["brand_id", "model"],
            ))
            .await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for table in [
            Tyres::Table.into_iden(),
            TyreBrands::Table.into_iden(),
            CarClasses::Table.into_iden(),
            CarSeries::Table.into_iden(),
            CarBrands::Table.into_iden(),
        ] {
            manager
                .drop_table(Table::drop().table(table).if_exists().to_owned())
                .await?;
        }
        Ok(())
    }
}
