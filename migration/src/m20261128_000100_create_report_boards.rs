//! Dashboard boards and their charts, and each user's recent searches (issue 17).
//! docs/reports.md describes each table and the closed enumerations its columns hold.

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
enum SysUsers {
    Table,
    Id,
}

#[derive(DeriveIden)]
enum ReportBoards {
    Table,
    Id,
    EnterpriseId,
    OwnerId,
    Name,
    Shared,
    CreatedAt,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum ReportCharts {
    Table,
    Id,
    BoardId,
    Title,
    Kind,
    Measure,
    SecondMeasure,
    Grouping,
    RangeKind,
    StartDay,
    EndDay,
    TopN,
    EnterpriseId,
    Sort,
    CreatedAt,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum SearchRecents {
    Table,
    Id,
    UserId,
    Kind,
    RefId,
    Keyword,
    Label,
    UsedAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(ReportBoards::Table)
                    .if_not_exists()
                    .col(big_pk_auto(ReportBoards::Id))
                    .col(big_integer(ReportBoards::EnterpriseId))
                    .col(big_integer(ReportBoards::OwnerId))
                    .col(string_len(ReportBoards::Name, 64))
                    // Shown to every member of the enterprise, not only its owner.
                    .col(boolean(ReportBoards::Shared).default(false))
                    .col(timestamp_with_time_zone(ReportBoards::CreatedAt))
                    .col(timestamp_with_time_zone(ReportBoards::UpdatedAt))
                    .foreign_key(&mut cascade(
                        ReportBoards::Table,
                        ReportBoards::EnterpriseId,
                        Enterprises::Table,
                        Enterprises::Id,
                    ))
                    .foreign_key(&mut cascade(
                        ReportBoards::Table,
                        ReportBoards::OwnerId,
                        SysUsers::Table,
                        SysUsers::Id,
                    ))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(index(
                "idx_report_boards_enterprise",
                ReportBoards::Table,
                &["enterprise_id", "shared", "id"],
            ))
            .await?;
        manager
            .create_index(index(
                "idx_report_boards_owner",
                ReportBoards::Table,
                &["owner_id", "id"],
            ))
            .await?;

        manager
            .create_table(
                Table::create()
                    .table(ReportCharts::Table)
                    .if_not_exists()
                    .col(big_pk_auto(ReportCharts::Id))
                    .col(big_integer(ReportCharts::BoardId))
                    .col(string_len(ReportCharts::Title, 64))
                    // bar, line, pie, gauge, heatmap, map, waterfall, scatter, barRace.
                    .col(string_len(ReportCharts::Kind, 16))
                    // A measure of the roll-ups (distanceKm, alarms, …).
                    .col(string_len(ReportCharts::Measure, 32))
                    // The scatter chart's second axis.
                    .col(string_len_null(ReportCharts::SecondMeasure, 32))
                    // none, day, week, month, enterprise, vehicle, alarmKind, alarmLevel,
                    // region, enterpriseDay, vehicleDay.
                    .col(string_len(ReportCharts::Grouping, 16))
                    // today, yesterday, last7Days, last30Days, thisMonth, lastMonth,
                    // thisYear, custom (start_day … end_day).
                    .col(string_len(ReportCharts::RangeKind, 16))
                    .col(date_null(ReportCharts::StartDay))
                    .col(date_null(ReportCharts::EndDay))
                    .col(integer_null(ReportCharts::TopN))
                    // Only this enterprise's vehicles (NULL: the board's scope).
                    .col(big_integer_null(ReportCharts::EnterpriseId))
                    .col(integer(ReportCharts::Sort).default(0))
                    .col(timestamp_with_time_zone(ReportCharts::CreatedAt))
                    .col(timestamp_with_time_zone(ReportCharts::UpdatedAt))
                    .foreign_key(&mut cascade(
                        ReportCharts::Table,
                        ReportCharts::BoardId,
                        ReportBoards::Table,
                        ReportBoards::Id,
                    ))
                    .foreign_key(&mut cascade(
                        ReportCharts::Table,
                        ReportCharts::EnterpriseId,
                        Enterprises::Table,
                        Enterprises::Id,
                    ))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(index(
                "idx_report_charts_board",
                ReportCharts::Table,
                &["board_id", "sort", "id"],
            ))
            .await?;

        manager
            .create_table(
                Table::create()
                    .table(SearchRecents::Table)
                    .if_not_exists()
                    .col(big_pk_auto(SearchRecents::Id))
                    .col(big_integer(SearchRecents::UserId))
                    // vehicle, device, driver, workOrder, enterprise, or "" for a keyword.
                    .col(string_len(SearchRecents::Kind, 16))
                    .col(big_integer_null(SearchRecents::RefId))
                    .col(string_len(SearchRecents::Keyword, 64))
                    .col(string_len(SearchRecents::Label, 128))
                    .col(timestamp_with_time_zone(SearchRecents::UsedAt))
                    .foreign_key(&mut cascade(
                        SearchRecents::Table,
                        SearchRecents::UserId,
                        SysUsers::Table,
                        SysUsers::Id,
                    ))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(index(
                "idx_search_recents_user",
                SearchRecents::Table,
                &["user_id", "used_at"],
            ))
            .await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for table in [
            SearchRecents::Table.into_table_ref(),
            ReportCharts::Table.into_table_ref(),
            ReportBoards::Table.into_table_ref(),
        ] {
            manager
                .drop_table(Table::drop().table(table).if_exists().to_owned())
                .await?;
        }
        Ok(())
    }
}
