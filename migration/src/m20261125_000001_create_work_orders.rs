//! Work orders (issue 15): the orders, their order types, the things an order is linked to
//! (vehicles, devices, alarms, participants, files), parts and labour lines, the timeline and
//! the tasks inside an order. JSON kept in text columns (templates, snapshots, records).

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
enum WorkOrderTypes {
    Table,
    Id,
    EnterpriseId,
    Name,
    Sort,
    Fields,
    Defaults,
    Dispose,
    CreatedAt,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum WorkOrders {
    Table,
    Id,
    EnterpriseId,
    Number,
    TypeId,
    CategoryId,
    Grade,
    Priority,
    State,
    Title,
    Description,
    VehicleId,
    RequesterId,
    AssigneeId,
    DueAt,
    Lat,
    Lon,
    Address,
    CoverUrl,
    Carrier,
    TrackingNo,
    ShippedAt,
    Declaration,
    Snapshot,
    Repair,
    Labels,
    Fields,
    Cost,
    CreatedAt,
    UpdatedAt,
    FirstResponseAt,
    ResolvedAt,
    ClosedAt,
    CancelledAt,
}

#[derive(DeriveIden)]
enum WorkOrderLinks {
    Table,
    Id,
    OrderId,
    Kind,
    RefId,
    Detail,
    CreatedAt,
}

#[derive(DeriveIden)]
enum WorkOrderLines {
    Table,
    Id,
    OrderId,
    Kind,
    Name,
    Position,
    Quantity,
    UnitPrice,
    Hours,
    Amount,
    CreatedAt,
}

#[derive(DeriveIden)]
enum WorkOrderLogs {
    Table,
    Id,
    OrderId,
    Kind,
    FromState,
    ToState,
    Content,
    Images,
    Data,
    UserId,
    CreatedAt,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum WorkOrderTasks {
    Table,
    Id,
    OrderId,
    Title,
    AssigneeId,
    DueAt,
    Done,
    DoneAt,
    CreatedBy,
    CreatedAt,
    UpdatedAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(WorkOrderTypes::Table)
                    .if_not_exists()
                    .col(big_pk_auto(WorkOrderTypes::Id))
                    .col(big_integer(WorkOrderTypes::EnterpriseId))
                    .col(string_len(WorkOrderTypes::Name, 64))
                    .col(integer(WorkOrderTypes::Sort).default(0))
                    // The create form's fields, their default values and the close-out form.
                    .col(text(WorkOrderTypes::Fields))
                    .col(text(WorkOrderTypes::Defaults))
                    .col(text(WorkOrderTypes::Dispose))
                    .col(timestamp_with_time_zone(WorkOrderTypes::CreatedAt))
                    .col(timestamp_with_time_zone(WorkOrderTypes::UpdatedAt))
                    .foreign_key(&mut cascade(
                        WorkOrderTypes::Table,
                        WorkOrderTypes::EnterpriseId,
                        Enterprises::Table,
                        Enterprises::Id,
                    ))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                index(
                    "idx_work_order_types_name",
                    WorkOrderTypes::Table,
                    &["enterprise_id", "name"],
                )
                .unique()
                .to_owned(),
            )
            .await?;

        manager
            .create_table(
                Table::create()
                    .table(WorkOrders::Table)
                    .if_not_exists()
                    .col(big_pk_auto(WorkOrders::Id))
                    .col(big_integer(WorkOrders::EnterpriseId))
                    .col(string_len(WorkOrders::Number, 32))
                    // Negative ids are the built-in order types.
                    .col(big_integer(WorkOrders::TypeId))
                    // 0 is the built-in "bug" problem type.
                    .col(big_integer(WorkOrders::CategoryId).default(0))
                    .col(small_integer(WorkOrders::Grade).default(0))
                    .col(small_integer(WorkOrders::Priority).default(2))
                    .col(small_integer(WorkOrders::State).default(100))
                    .col(string_len(WorkOrders::Title, 128))
                    .col(text(WorkOrders::Description))
                    // The first vehicle of the order: what relations grant access by.
                    .col(big_integer_null(WorkOrders::VehicleId))
                    .col(big_integer(WorkOrders::RequesterId))
                    .col(big_integer_null(WorkOrders::AssigneeId))
                    .col(timestamp_with_time_zone_null(WorkOrders::DueAt))
                    .col(double_null(WorkOrders::Lat))
                    .col(double_null(WorkOrders::Lon))
                    .col(string(WorkOrders::Address).default(""))
                    .col(string_len(WorkOrders::CoverUrl, 512).default(""))
                    .col(string_len(WorkOrders::Carrier, 64).default(""))
                    .col(string_len(WorkOrders::TrackingNo, 64).default(""))
                    .col(timestamp_with_time_zone_null(WorkOrders::ShippedAt))
                    .col(text(WorkOrders::Declaration))
                    .col(text(WorkOrders::Snapshot))
                    .col(text(WorkOrders::Repair))
                    .col(text(WorkOrders::Labels))
                    .col(text(WorkOrders::Fields))
                    .col(double(WorkOrders::Cost).default(0.0))
                    .col(timestamp_with_time_zone(WorkOrders::CreatedAt))
                    .col(timestamp_with_time_zone(WorkOrders::UpdatedAt))
                    .col(timestamp_with_time_zone_null(WorkOrders::FirstResponseAt))
                    .col(timestamp_with_time_zone_null(WorkOrders::ResolvedAt))
                    .col(timestamp_with_time_zone_null(WorkOrders::ClosedAt))
                    .col(timestamp_with_time_zone_null(WorkOrders::CancelledAt))
                    .foreign_key(&mut cascade(
                        WorkOrders::Table,
                        WorkOrders::EnterpriseId,
                        Enterprises::Table,
                        Enterprises::Id,
                    ))
                    .to_owned(),
            )
            .await?;
        for (name, cols) in [
            ("idx_work_orders_number", &["enterprise_id", "number"][..]),
            (
                "idx_work_orders_state",
                &["enterprise_id", "state", "created_at"][..],
            ),
            (
                "idx_work_orders_created",
                &["enterprise_id", "created_at"][..],
            ),
            ("idx_work_orders_assignee", &["assignee_id", "state"][..]),
            ("idx_work_orders_requester", &["requester_id", "state"][..]),
            ("idx_work_orders_vehicle", &["vehicle_id", "created_at"][..]),
            ("idx_work_orders_type", &["enterprise_id", "type_id"][..]),
        ] {
            let mut idx = index(name, WorkOrders::Table, cols);
            if name == "idx_work_orders_number" {
                idx.unique();
            }
            manager.create_index(idx).await?;
        }

        manager
            .create_table(
                Table::create()
                    .table(WorkOrderLinks::Table)
                    .if_not_exists()
                    .col(big_pk_auto(WorkOrderLinks::Id))
                    .col(big_integer(WorkOrderLinks::OrderId))
                    // 1 vehicle, 2 device, 3 alarm, 4 participant, 5 file.
                    .col(small_integer(WorkOrderLinks::Kind))
                    .col(big_integer(WorkOrderLinks::RefId))
                    // Vehicle: its wheel positions, comma separated.
                    .col(string(WorkOrderLinks::Detail).default(""))
                    .col(timestamp_with_time_zone(WorkOrderLinks::CreatedAt))
                    .foreign_key(&mut cascade(
                        WorkOrderLinks::Table,
                        WorkOrderLinks::OrderId,
                        WorkOrders::Table,
                        WorkOrders::Id,
                    ))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                index(
                    "idx_work_order_links_key",
                    WorkOrderLinks::Table,
                    &["order_id", "kind", "ref_id"],
                )
                .unique()
                .to_owned(),
            )
            .await?;
        manager
            .create_index(index(
                "idx_work_order_links_ref",
                WorkOrderLinks::Table,
                &["kind", "ref_id"],
            ))
            .await?;

        manager
            .create_table(
                Table::create()
                    .table(WorkOrderLines::Table)
                    .if_not_exists()
                    .col(big_pk_auto(WorkOrderLines::Id))
                    .col(big_integer(WorkOrderLines::OrderId))
                    // 1 part, 2 labour.
                    .col(small_integer(WorkOrderLines::Kind))
                    .col(string_len(WorkOrderLines::Name, 128))
                    .col(string_len(WorkOrderLines::Position, 16).default(""))
                    .col(double(WorkOrderLines::Quantity).default(0.0))
                    .col(double(WorkOrderLines::UnitPrice).default(0.0))
                    .col(double(WorkOrderLines::Hours).default(0.0))
                    .col(double(WorkOrderLines::Amount).default(0.0))
                    .col(timestamp_with_time_zone(WorkOrderLines::CreatedAt))
                    .foreign_key(&mut cascade(
                        WorkOrderLines::Table,
                        WorkOrderLines::OrderId,
                        WorkOrders::Table,
                        WorkOrders::Id,
                    ))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(index(
                "idx_work_order_lines_order",
                WorkOrderLines::Table,
                &["order_id"],
            ))
            .await?;

        manager
            .create_table(
                Table::create()
                    .table(WorkOrderLogs::Table)
                    .if_not_exists()
                    .col(big_pk_auto(WorkOrderLogs::Id))
                    .col(big_integer(WorkOrderLogs::OrderId))
                    // 1 state change, 2 note, 3 dispose record, 4 change of the order.
                    .col(small_integer(WorkOrderLogs::Kind))
                    .col(small_integer_null(WorkOrderLogs::FromState))
                    .col(small_integer_null(WorkOrderLogs::ToState))
                    .col(text(WorkOrderLogs::Content))
                    .col(text(WorkOrderLogs::Images))
                    .col(text(WorkOrderLogs::Data))
                    .col(big_integer(WorkOrderLogs::UserId))
                    .col(timestamp_with_time_zone(WorkOrderLogs::CreatedAt))
                    .col(timestamp_with_time_zone(WorkOrderLogs::UpdatedAt))
                    .foreign_key(&mut cascade(
                        WorkOrderLogs::Table,
                        WorkOrderLogs::OrderId,
                        WorkOrders::Table,
                        WorkOrders::Id,
                    ))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(index(
                "idx_work_order_logs_order",
                WorkOrderLogs::Table,
                &["order_id", "created_at"],
            ))
            .await?;

        manager
            .create_table(
                Table::create()
                    .table(WorkOrderTasks::Table)
                    .if_not_exists()
                    .col(big_pk_auto(WorkOrderTasks::Id))
                    .col(big_integer(WorkOrderTasks::OrderId))
                    .col(string_len(WorkOrderTasks::Title, 128))
                    .col(big_integer_null(WorkOrderTasks::AssigneeId))
                    .col(timestamp_with_time_zone_null(WorkOrderTasks::DueAt))
                    .col(boolean(WorkOrderTasks::Done).default(false))
                    .col(timestamp_with_time_zone_null(WorkOrderTasks::DoneAt))
                    .col(big_integer(WorkOrderTasks::CreatedBy))
                    .col(timestamp_with_time_zone(WorkOrderTasks::CreatedAt))
                    .col(timestamp_with_time_zone(WorkOrderTasks::UpdatedAt))
                    .foreign_key(&mut cascade(
                        WorkOrderTasks::Table,
                        WorkOrderTasks::OrderId,
                        WorkOrders::Table,
                        WorkOrders::Id,
                    ))
                    .to_owned(),
            )
            .await?;
        for (name, cols) in [
            ("idx_work_order_tasks_order", &["order_id"][..]),
            (
                "idx_work_order_tasks_assignee",
                &["assignee_id", "done"][..],
            ),
        ] {
            manager
                .create_index(index(name, WorkOrderTasks::Table, cols))
                .await?;
        }
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for table in [
            WorkOrderTasks::Table.into_iden(),
            WorkOrderLogs::Table.into_iden(),
            WorkOrderLines::Table.into_iden(),
            WorkOrderLinks::Table.into_iden(),
            WorkOrders::Table.into_iden(),
            WorkOrderTypes::Table.into_iden(),
        ] {
            manager
                .drop_table(Table::drop().table(table).to_owned())
                .await?;
        }
        Ok(())
    }
}
