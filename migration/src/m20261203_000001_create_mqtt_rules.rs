//! The MQTT console's rules (docs/mqtt.md): subscriptions (topic filters whose messages the
//! server keeps in a bounded in-memory buffer) and routes (topic filters whose messages are
//! republished to a target topic). Platform-wide, so no enterprise column.

use sea_orm_migration::{prelude::*, schema::*};

use crate::schema_helpers::index;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum MqttRules {
    Table,
    Id,
    Kind,
    Name,
    Filter,
    Target,
    Qos,
    Enabled,
    CreatedAt,
    UpdatedAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    fn use_transaction(&self) -> Option<bool> {
        Some(true)
    }

    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(MqttRules::Table)
                    .if_not_exists()
                    .col(big_pk_auto(MqttRules::Id))
                    .col(string_len(MqttRules::Kind, 16))
                    .col(string_len(MqttRules::Name, 64))
                    .col(string_len(MqttRules::Filter, 256))
                    .col(string_len(MqttRules::Target, 256).default(""))
                    .col(small_integer(MqttRules::Qos).default(0))
                    .col(boolean(MqttRules::Enabled).default(true))
                    .col(timestamp_with_time_zone(MqttRules::CreatedAt))
                    .col(timestamp_with_time_zone(MqttRules::UpdatedAt))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                index(
                    "idx_mqtt_rules_kind_name",
                    MqttRules::Table,
                    &["kind", "name"],
                )
                .unique()
                .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .drop_table(Table::drop().table(MqttRules::Table).if_exists().to_owned())
            .await
    }
}
