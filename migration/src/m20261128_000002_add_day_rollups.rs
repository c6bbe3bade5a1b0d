//! Roll-ups of finished days (issue 17), kept by the finished-days follower
//! (`domain::vehicle::days`): `daily_mileage` becomes the vehicle-day's row of every figure
//! (fixes, temperatures, pressures, offline time, alarms), alarms are counted by kind, level and
//! hour, and each enterprise-day sums its vehicles so fleet reports read a row per day.

use sea_orm_migration::{prelude::*, schema::*};

use crate::schema_helpers::{cascade, index};

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum DailyMileage {
    Table,
    EnterpriseId,
    Fixes,
    Frames,
    MaxTyreTemp,
    MaxHubTemp,
    MinPressure,
    OfflineSeconds,
    Alarms,
}

#[derive(DeriveIden)]
enum DayAlarms {
    Table,
    VehicleId,
    Day,
    EnterpriseId,
    Kind,
    Level,
    Hour,
    Count,
}

#[derive(DeriveIden)]
enum EnterpriseDays {
    Table,
    EnterpriseId,
    Day,
    Vehicles,
    Km,
    DrivingSeconds,
    Fixes,
    MaxTyreTemp,
    MaxHubTemp,
    MinPressure,
    OfflineSeconds,
    Alarms,
}

#[derive(DeriveIden)]
enum EnterpriseDayAlarms {
    Table,
    EnterpriseId,
    Day,
    Kind,
    Level,
    Hour,
    Count,
}

#[derive(DeriveIden)]
enum Vehicles {
    Table,
    Id,
}

#[derive(DeriveIden)]
enum Enterprises {
    Table,
    Id,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        // SQLite adds one column per statement.
        let columns = [
            big_integer_null(DailyMileage::EnterpriseId),
            integer(DailyMileage::Fixes).default(0).to_owned(),
            integer(DailyMileage::Frames).default(0).to_owned(),
            double_null(DailyMileage::MaxTyreTemp),
            double_null(DailyMileage::MaxHubTemp),
            double_null(DailyMileage::MinPressure),
            big_integer(DailyMileage::OfflineSeconds)
                .default(0)
                .to_owned(),
            integer(DailyMileage::Alarms).default(0).to_owned(),
        ];
        for column in columns {
            manager
                .alter_table(
                    Table::alter()
                        .table(DailyMileage::Table)
                        .add_column(column)
                        .to_owned(),
                )
                .await?;
        }
        manager
            .create_index(index(
                "idx_daily_mileage_enterprise",
                DailyMileage::Table,
                &["enterprise_id", "day"],
            ))
            .await?;

        manager
            .create_table(
                Table::create()
                    .table(DayAlarms::Table)
                    .if_not_exists()
                    .col(big_integer(DayAlarms::VehicleId))
                    .col(date(DayAlarms::Day))
                    .col(big_integer(DayAlarms::EnterpriseId))
                    .col(small_integer(DayAlarms::Kind))
                    .col(small_integer(DayAlarms::Level))
                    // 0–23, UTC.
                    .col(small_integer(DayAlarms::Hour))
                    .col(integer(DayAlarms::Count))
                    .primary_key(
                        Index::create()
                            .col(DayAlarms::VehicleId)
                            .col(DayAlarms::Day)
                            .col(DayAlarms::Kind)
                            .col(DayAlarms::Level)
                            .col(DayAlarms::Hour),
                    )
                    .foreign_key(&mut cascade(
                        DayAlarms::Table,
                        DayAlarms::VehicleId,
                        Vehicles::Table,
                        Vehicles::Id,
                    ))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(index(
                "idx_day_alarms_enterprise",
                DayAlarms::Table,
                &["enterprise_id", "day"],
            ))
            .await?;

        manager
            .create_table(
                Table::create()
                    .table(EnterpriseDays::Table)
                    .if_not_exists()
                    .col(big_integer(EnterpriseDays::EnterpriseId))
                    .col(date(EnterpriseDays::Day))
                    .col(integer(EnterpriseDays::Vehicles))
                    .col(double(EnterpriseDays::Km))
                    .col(big_integer(EnterpriseDays::DrivingSeconds))
                    .col(big_integer(EnterpriseDays::Fixes))
                    .col(double_null(EnterpriseDays::MaxTyreTemp))
                    .col(double_null(EnterpriseDays::MaxHubTemp))
                    .col(double_null(EnterpriseDays::MinPressure))
                    .col(big_integer(EnterpriseDays::OfflineSeconds))
                    .col(integer(EnterpriseDays::Alarms))
                    .primary_key(
                        Index::create()
                            .col(EnterpriseDays::EnterpriseId)
                            .col(EnterpriseDays::Day),
                    )
                    .foreign_key(&mut cascade(
                        EnterpriseDays::Table,
                        EnterpriseDays::EnterpriseId,
                        Enterprises::Table,
                        Enterprises::Id,
                    ))
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(EnterpriseDayAlarms::Table)
                    .if_not_exists()
                    .col(big_integer(EnterpriseDayAlarms::EnterpriseId))
                    .col(date(EnterpriseDayAlarms::Day))
                    .col(small_integer(EnterpriseDayAlarms::Kind))
                    .col(small_integer(EnterpriseDayAlarms::Level))
                    .col(small_integer(EnterpriseDayAlarms::Hour))
                    .col(integer(EnterpriseDayAlarms::Count))
                    .primary_key(
                        Index::create()
                            .col(EnterpriseDayAlarms::EnterpriseId)
                            .col(EnterpriseDayAlarms::Day)
                            .col(EnterpriseDayAlarms::Kind)
                            .col(EnterpriseDayAlarms::Level)
                            .col(EnterpriseDayAlarms::Hour),
                    )
                    .foreign_key(&mut cascade(
                        EnterpriseDayAlarms::Table,
                        EnterpriseDayAlarms::EnterpriseId,
                        Enterprises::Table,
                        Enterprises::Id,
                    ))
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .drop_table(Table::drop().table(EnterpriseDayAlarms::Table).to_owned())
            .await?;
        manager
            .drop_table(Table::drop().table(EnterpriseDays::Table).to_owned())
            .await?;
        manager
            .drop_table(Table::drop().table(DayAlarms::Table).to_owned())
            .await?;
        manager
            .drop_index(
                Index::drop()
                    .name("idx_daily_mileage_enterprise")
                    .table(DailyMileage::Table)
                    .to_owned(),
            )
            .await?;
        for column in [
            DailyMileage::EnterpriseId,
            DailyMileage::Fixes,
            DailyMileage::Frames,
            DailyMileage::MaxTyreTemp,
            DailyMileage::MaxHubTemp,
            DailyMileage::MinPressure,
            DailyMileage::OfflineSeconds,
            DailyMileage::Alarms,
        ] {
            manager
                .alter_table(
                    Table::alter()
                        .table(DailyMileage::Table)
                        .drop_column(column)
                        .to_owned(),
                )
                .await?;
        }
        Ok(())
    }
}
