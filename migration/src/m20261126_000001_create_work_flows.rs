//! Work-order flows (issue 15): an enterprise's workflow templates and their nodes (fields,
//! functions, required functions and branch conditions kept as JSON text), the flow an order
//! type follows, the flow and current node of an order, and per user and order the read mark
//! and mute of the order's discussion.

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
enum WorkOrders {
    Table,
    Id,
    FlowId,
    NodeId,
}

#[derive(DeriveIden)]
enum WorkOrderTypes {
    Table,
    FlowId,
}

#[derive(DeriveIden)]
enum WorkFlows {
    Table,
    Id,
    EnterpriseId,
    Name,
    Description,
    Enabled,
    CreatedAt,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum WorkFlowNodes {
    Table,
    Id,
    FlowId,
    Name,
    Sort,
    State,
    Assignee,
    Fields,
    Functions,
    Required,
    Conditions,
    CreatedAt,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum WorkDiscussionMarks {
    Table,
    Id,
    OrderId,
    UserId,
    LastReadId,
    Muted,
    UpdatedAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(WorkFlows::Table)
                    .if_not_exists()
                    .col(big_pk_auto(WorkFlows::Id))
                    .col(big_integer(WorkFlows::EnterpriseId))
                    .col(string_len(WorkFlows::Name, 64))
                    .col(string_len(WorkFlows::Description, 500).default(""))
                    .col(boolean(WorkFlows::Enabled).default(true))
                    .col(timestamp_with_time_zone(WorkFlows::CreatedAt))
                    .col(timestamp_with_time_zone(WorkFlows::UpdatedAt))
                    .foreign_key(&mut cascade(
                        WorkFlows::Table,
                        WorkFlows::EnterpriseId,
                        Enterprises::Table,
                        Enterprises::Id,
                    ))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(index(
                "idx_work_flows_enterprise",
                WorkFlows::Table,
                &["enterprise_id"],
            ))
            .await?;

        manager
            .create_table(
                Table::create()
                    .table(WorkFlowNodes::Table)
                    .if_not_exists()
                    .col(big_pk_auto(WorkFlowNodes::Id))
                    .col(big_integer(WorkFlowNodes::FlowId))
                    .col(string_len(WorkFlowNodes::Name, 64))
                    .col(integer(WorkFlowNodes::Sort).default(0))
                    // The order state while at this node: 100, 101, 102 or 104.
                    .col(small_integer(WorkFlowNodes::State))
                    // JSON: "requester" | "assignee" | "admin" | {"userId": n}.
                    .col(text(WorkFlowNodes::Assignee))
                    // JSON lists: form fields, function keys, required function keys, branches.
                    .col(text(WorkFlowNodes::Fields))
                    .col(text(WorkFlowNodes::Functions))
                    .col(text(WorkFlowNodes::Required))
                    .col(text(WorkFlowNodes::Conditions))
                    .col(timestamp_with_time_zone(WorkFlowNodes::CreatedAt))
                    .col(timestamp_with_time_zone(WorkFlowNodes::UpdatedAt))
                    .foreign_key(&mut cascade(
                        WorkFlowNodes::Table,
                        WorkFlowNodes::FlowId,
                        WorkFlows::Table,
                        WorkFlows::Id,
                    ))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(index(
                "idx_work_flow_nodes_flow",
                WorkFlowNodes::Table,
                &["flow_id", "sort"],
            ))
            .await?;

        // SQLite adds one column per statement.
        manager
            .alter_table(
                Table::alter()
                    .table(WorkOrderTypes::Table)
                    .add_column(big_integer_null(WorkOrderTypes::FlowId))
                    .to_owned(),
            )
            .await?;
        manager
            .alter_table(
                Table::alter()
                    .table(WorkOrders::Table)
                    .add_column(big_integer_null(WorkOrders::FlowId))
                    .to_owned(),
            )
            .await?;
        manager
            .alter_table(
                Table::alter()
                    .table(WorkOrders::Table)
                    .add_column(big_integer_null(WorkOrders::NodeId))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(index(
                "idx_work_orders_flow",
                WorkOrders::Table,
                &["flow_id", "node_id"],
            ))
            .await?;

        manager
            .create_table(
                Table::create()
                    .table(WorkDiscussionMarks::Table)
                    .if_not_exists()
                    .col(big_pk_auto(WorkDiscussionMarks::Id))
                    .col(big_integer(WorkDiscussionMarks::OrderId))
                    .col(big_integer(WorkDiscussionMarks::UserId))
                    // The newest note the user has seen (0: none).
                    .col(big_integer(WorkDiscussionMarks::LastReadId).default(0))
                    .col(boolean(WorkDiscussionMarks::Muted).default(false))
                    .col(timestamp_with_time_zone(WorkDiscussionMarks::UpdatedAt))
                    .foreign_key(&mut cascade(
                        WorkDiscussionMarks::Table,
                        WorkDiscussionMarks::OrderId,
                        WorkOrders::Table,
                        WorkOrders::Id,
                    ))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                index(
                    "idx_work_discussion_marks_user",
                    WorkDiscussionMarks::Table,
                    &["user_id", "order_id"],
                )
                .unique()
                .to_owned(),
            )
            .await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .drop_table(Table::drop().table(WorkDiscussionMarks::Table).to_owned())
            .await?;
        manager
            .drop_index(
                Index::drop()
                    .name("idx_work_orders_flow")
                    .table(WorkOrders::Table)
                    .to_owned(),
            )
            .await?;
        for col in [WorkOrders::NodeId, WorkOrders::FlowId] {
            manager
                .alter_table(
                    Table::alter()
                        .table(WorkOrders::Table)
                        .drop_column(col)
                        .to_owned(),
                )
                .await?;
        }
        manager
            .alter_table(
                Table::alter()
                    .table(WorkOrderTypes::Table)
                    .drop_column(WorkOrderTypes::FlowId)
                    .to_owned(),
            )
            .await?;
        manager
            .drop_table(Table::drop().table(WorkFlowNodes::Table).to_owned())
            .await?;
        manager
            .drop_table(Table::drop().table(WorkFlows::Table).to_owned())
            .await?;
        Ok(())
    }
}
