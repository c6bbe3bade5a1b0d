//! Work plans (issue 15): notice plans that open orders on a schedule or by mileage, the runs
//! they made (one per plan × vehicle × run, so a pass never opens a run twice), the work
//! events (plan runs, orders opened by plans and alarms, alarms attached, orders overdue,
//! project changes), relations between orders; orders gain a project and a planned time,
//! tasks a planned time, order types the rule that opens orders from alarms, and the
//! enterprise's projects a manager and a work stage.

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
enum Projects {
    Table,
    ManagerId,
    Stage,
}

#[derive(DeriveIden)]
enum WorkOrders {
    Table,
    Id,
    ProjectId,
    PlannedAt,
}

#[derive(DeriveIden)]
enum WorkOrderTasks {
    Table,
    PlannedAt,
}

#[derive(DeriveIden)]
enum WorkOrderTypes {
    Table,
    AutoOpen,
}

#[derive(DeriveIden)]
enum WorkInforms {
    Table,
    Id,
    EnterpriseId,
    ProjectId,
    Name,
    TypeId,
    Title,
    VehicleIds,
    Trigger,
    LeadDays,
    AssigneeId,
    DueHours,
    Enabled,
    NextRunAt,
    LastRunAt,
    OrdersOpened,
    CreatedBy,
    CreatedAt,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum WorkInformRuns {
    Table,
    Id,
    InformId,
    VehicleId,
    RunKey,
    OrderId,
    CreatedAt,
}

#[derive(DeriveIden)]
enum WorkEvents {
    Table,
    Id,
    EnterpriseId,
    Kind,
    InformId,
    OrderId,
    VehicleId,
    AlarmId,
    ProjectId,
    TextZh,
    TextEn,
    CreatedAt,
}

#[derive(DeriveIden)]
enum WorkOrderRelations {
    Table,
    Id,
    OrderId,
    RelatedId,
    Relation,
    CreatedBy,
    CreatedAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        // SQLite adds one column per statement.
        let columns: [(TableRef, ColumnDef); 6] = [
            (
                Projects::Table.into_table_ref(),
                big_integer_null(Projects::ManagerId),
            ),
            // 1 planning, 2 active, 3 done, 4 archived.
            (
                Projects::Table.into_table_ref(),
                small_integer(Projects::Stage).default(2).to_owned(),
            ),
            (
                WorkOrders::Table.into_table_ref(),
                big_integer_null(WorkOrders::ProjectId),
            ),
            (
                WorkOrders::Table.into_table_ref(),
                timestamp_with_time_zone_null(WorkOrders::PlannedAt),
            ),
            (
                WorkOrderTasks::Table.into_table_ref(),
                timestamp_with_time_zone_null(WorkOrderTasks::PlannedAt),
            ),
            // JSON: `{alarmKinds, minLevel, assigneeId?, dueHours?}` or "null".
            (
                WorkOrderTypes::Table.into_table_ref(),
                text(WorkOrderTypes::AutoOpen).default("null").to_owned(),
            ),
        ];
        for (table, mut col) in columns {
            manager
                .alter_table(Table::alter().table(table).add_column(&mut col).to_owned())
                .await?;
        }
        manager
            .create_index(index(
                "idx_work_orders_project",
                WorkOrders::Table,
                &["project_id", "state"],
            ))
            .await?;

        manager
            .create_table(
                Table::create()
                    .table(WorkInforms::Table)
                    .if_not_exists()
                    .col(big_pk_auto(WorkInforms::Id))
                    .col(big_integer(WorkInforms::EnterpriseId))
                    .col(big_integer_null(WorkInforms::ProjectId))
                    .col(string_len(WorkInforms::Name, 64))
                    .col(big_integer(WorkInforms::TypeId))
                    .col(string_len(WorkInforms::Title, 128))
                    // JSON list of vehicle ids.
                    .col(text(WorkInforms::VehicleIds))
                    // JSON: `{kind: schedule, every, unit, startOn, at}` or
                    // `{kind: mileage, everyKm, startKm}`.
                    .col(text(WorkInforms::Trigger))
                    .col(integer(WorkInforms::LeadDays).default(0))
                    .col(big_integer_null(WorkInforms::AssigneeId))
                    .col(integer_null(WorkInforms::DueHours))
                    .col(boolean(WorkInforms::Enabled).default(true))
                    // The next scheduled run (schedule plans).
                    .col(timestamp_with_time_zone_null(WorkInforms::NextRunAt))
                    .col(timestamp_with_time_zone_null(WorkInforms::LastRunAt))
                    .col(integer(WorkInforms::OrdersOpened).default(0))
                    .col(big_integer(WorkInforms::CreatedBy))
                    .col(timestamp_with_time_zone(WorkInforms::CreatedAt))
                    .col(timestamp_with_time_zone(WorkInforms::UpdatedAt))
                    .foreign_key(&mut cascade(
                        WorkInforms::Table,
                        WorkInforms::EnterpriseId,
                        Enterprises::Table,
                        Enterprises::Id,
                    ))
                    .to_owned(),
            )
            .await?;
        for (name, cols) in [
            ("idx_work_informs_ent", &["enterprise_id", "id"][..]),
            ("idx_work_informs_due", &["enabled", "next_run_at"][..]),
        ] {
            manager
                .create_index(index(name, WorkInforms::Table, cols))
                .await?;
        }

        manager
            .create_table(
                Table::create()
                    .table(WorkInformRuns::Table)
                    .if_not_exists()
                    .col(big_pk_auto(WorkInformRuns::Id))
                    .col(big_integer(WorkInformRuns::InformId))
                    .col(big_integer(WorkInformRuns::VehicleId))
                    // The run: its scheduled time (RFC 3339) or `km:<multiple>`.
                    .col(string_len(WorkInformRuns::RunKey, 40))
                    .col(big_integer_null(WorkInformRuns::OrderId))
                    .col(timestamp_with_time_zone(WorkInformRuns::CreatedAt))
                    .foreign_key(&mut cascade(
                        WorkInformRuns::Table,
                        WorkInformRuns::InformId,
                        WorkInforms::Table,
                        WorkInforms::Id,
                    ))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                index(
                    "idx_work_inform_runs_key",
                    WorkInformRuns::Table,
                    &["inform_id", "vehicle_id", "run_key"],
                )
                .unique()
                .to_owned(),
            )
            .await?;

        manager
            .create_table(
                Table::create()
                    .table(WorkEvents::Table)
                    .if_not_exists()
                    .col(big_pk_auto(WorkEvents::Id))
                    .col(big_integer(WorkEvents::EnterpriseId))
                    // 1 plan run, 2 order opened by a plan, 3 order opened by an alarm,
                    // 4 alarm attached to an open order, 5 order overdue, 6 project changed.
                    .col(small_integer(WorkEvents::Kind))
                    .col(big_integer_null(WorkEvents::InformId))
                    .col(big_integer_null(WorkEvents::OrderId))
                    .col(big_integer_null(WorkEvents::VehicleId))
                    .col(big_integer_null(WorkEvents::AlarmId))
                    .col(big_integer_null(WorkEvents::ProjectId))
                    .col(string_len(WorkEvents::TextZh, 255))
                    .col(string_len(WorkEvents::TextEn, 255))
                    .col(timestamp_with_time_zone(WorkEvents::CreatedAt))
                    .foreign_key(&mut cascade(
                        WorkEvents::Table,
                        WorkEvents::EnterpriseId,
                        Enterprises::Table,
                        Enterprises::Id,
                    ))
                    .to_owned(),
            )
            .await?;
        for (name, cols) in [
            ("idx_work_events_ent", &["enterprise_id", "created_at"][..]),
            ("idx_work_events_order", &["order_id", "kind"][..]),
            ("idx_work_events_project", &["project_id", "created_at"][..]),
        ] {
            manager
                .create_index(index(name, WorkEvents::Table, cols))
                .await?;
        }

        manager
            .create_table(
                Table::create()
                    .table(WorkOrderRelations::Table)
                    .if_not_exists()
                    .col(big_pk_auto(WorkOrderRelations::Id))
                    .col(big_integer(WorkOrderRelations::OrderId))
                    .col(big_integer(WorkOrderRelations::RelatedId))
                    // 1 related, 2 duplicate, 3 follow-up.
                    .col(small_integer(WorkOrderRelations::Relation))
                    .col(big_integer(WorkOrderRelations::CreatedBy))
                    .col(timestamp_with_time_zone(WorkOrderRelations::CreatedAt))
                    .foreign_key(&mut cascade(
                        WorkOrderRelations::Table,
                        WorkOrderRelations::OrderId,
                        WorkOrders::Table,
                        WorkOrders::Id,
                    ))
                    .foreign_key(&mut cascade(
                        WorkOrderRelations::Table,
                        WorkOrderRelations::RelatedId,
                        WorkOrders::Table,
                        WorkOrders::Id,
                    ))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                index(
                    "idx_work_order_relations_key",
                    WorkOrderRelations::Table,
                    &["order_id", "related_id"],
                )
                .unique()
                .to_owned(),
            )
            .await?;
        manager
            .create_index(index(
                "idx_work_order_relations_related",
                WorkOrderRelations::Table,
                &["related_id"],
            ))
            .await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for table in [
            WorkOrderRelations::Table.into_iden(),
            WorkEvents::Table.into_iden(),
            WorkInformRuns::Table.into_iden(),
            WorkInforms::Table.into_iden(),
        ] {
            manager
                .drop_table(Table::drop().table(table).to_owned())
                .await?;
        }
        manager
            .drop_index(
                Index::drop()
                    .name("idx_work_orders_project")
                    .table(WorkOrders::Table)
                    .to_owned(),
            )
            .await?;
        let columns: [(TableRef, DynIden); 6] = [
            (
                Projects::Table.into_table_ref(),
                Projects::ManagerId.into_iden(),
            ),
            (
                Projects::Table.into_table_ref(),
                Projects::Stage.into_iden(),
            ),
            (
                WorkOrders::Table.into_table_ref(),
                WorkOrders::ProjectId.into_iden(),
            ),
            (
                WorkOrders::Table.into_table_ref(),
                WorkOrders::PlannedAt.into_iden(),
            ),
            (
                WorkOrderTasks::Table.into_table_ref(),
                WorkOrderTasks::PlannedAt.into_iden(),
            ),
            (
                WorkOrderTypes::Table.into_table_ref(),
                WorkOrderTypes::AutoOpen.into_iden(),
            ),
        ];
        for (table, col) in columns {
            manager
                .alter_table(Table::alter().table(table).drop_column(col).to_owned())
                .await?;
        }
        Ok(())
    }
}
