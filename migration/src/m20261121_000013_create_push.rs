//! Push rules (which alarms reach which members), members' own push settings, the message log
//! each member reads, mutes of a vehicle's alarm kind, and webhooks with their deliveries (one
//! row per attempt; a pending attempt carries the time it is due, so retries survive restarts).

use sea_orm_migration::{prelude::*, schema::*};

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
enum PushRules {
    Table,
    Id,
    EnterpriseId,
    Name,
    Kinds,
    MinLevel,
    Channels,
    AllVehicles,
    Enabled,
    QuietFrom,
    QuietTo,
    CreatedAt,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum PushRuleTargets {
    Table,
    RuleId,
    Kind,
    TargetId,
}

#[derive(DeriveIden)]
enum PushRuleMembers {
    Table,
    RuleId,
    UserId,
}

#[derive(DeriveIden)]
enum PushMemberSettings {
    Table,
    EnterpriseId,
    UserId,
    PushEnabled,
    Channels,
    Kinds,
    QuietFrom,
    QuietTo,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum PushMessages {
    Table,
    Id,
    EnterpriseId,
    UserId,
    RuleId,
    AlarmId,
    VehicleId,
    Kind,
    Level,
    Title,
    Content,
    Channel,
    Masked,
    ReadAt,
    CreatedAt,
}

#[derive(DeriveIden)]
enum PushMutes {
    Table,
    UserId,
    VehicleId,
    Kind,
    EnterpriseId,
    CreatedAt,
}

#[derive(DeriveIden)]
enum Webhooks {
    Table,
    Id,
    EnterpriseId,
    Url,
    Secret,
    Kinds,
    MinLevel,
    Enabled,
    LastStatus,
    LastDeliveredAt,
    Failures,
    CreatedAt,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum WebhookDeliveries {
    Table,
    Id,
    WebhookId,
    AlarmId,
    Event,
    Payload,
    Attempt,
    Status,
    Error,
    DeliveredAt,
    NextAt,
    CreatedAt,
}

fn cascade(
    from: (impl IntoIden, impl IntoIden),
    to: (impl IntoIden, impl IntoIden),
) -> ForeignKeyCreateStatement {
    ForeignKey::create()
        .from(from.0, from.1)
        .to(to.0, to.1)
        .on_delete(ForeignKeyAction::Cascade)
        .to_owned()
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    #[allow(clippy::too_many_lines)]
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(PushRules::Table)
                    .if_not_exists()
                    .col(big_pk_auto(PushRules::Id))
                    .col(big_integer(PushRules::EnterpriseId))
                    .col(string_len(PushRules::Name, 64))
                    // JSON arrays: alarm kinds, channels (`console`, `webhook`).
                    .col(text(PushRules::Kinds))
                    .col(small_integer(PushRules::MinLevel))
                    .col(text(PushRules::Channels))
                    .col(boolean(PushRules::AllVehicles).default(false))
                    .col(boolean(PushRules::Enabled).default(true))
                    // `HH:MM` in the enterprise's time, or null.
                    .col(string_len_null(PushRules::QuietFrom, 5))
                    .col(string_len_null(PushRules::QuietTo, 5))
                    .col(timestamp_with_time_zone(PushRules::CreatedAt))
                    .col(timestamp_with_time_zone(PushRules::UpdatedAt))
                    .foreign_key(&mut cascade(
                        (PushRules::Table, PushRules::EnterpriseId),
                        (Enterprises::Table, Enterprises::Id),
                    ))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_push_rules_enterprise")
                    .table(PushRules::Table)
                    .col(PushRules::EnterpriseId)
                    .col(PushRules::Enabled)
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(PushRuleTargets::Table)
                    .if_not_exists()
                    .col(big_integer(PushRuleTargets::RuleId))
                    // 1 vehicle, 2 group, 3 tag.
                    .col(small_integer(PushRuleTargets::Kind))
                    .col(big_integer(PushRuleTargets::TargetId))
                    .primary_key(
                        Index::create()
                            .col(PushRuleTargets::RuleId)
                            .col(PushRuleTargets::Kind)
                            .col(PushRuleTargets::TargetId),
                    )
                    .foreign_key(&mut cascade(
                        (PushRuleTargets::Table, PushRuleTargets::RuleId),
                        (PushRules::Table, PushRules::Id),
                    ))
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(PushRuleMembers::Table)
                    .if_not_exists()
                    .col(big_integer(PushRuleMembers::RuleId))
                    .col(big_integer(PushRuleMembers::UserId))
                    .primary_key(
                        Index::create()
                            .col(PushRuleMembers::RuleId)
                            .col(PushRuleMembers::UserId),
                    )
                    .foreign_key(&mut cascade(
                        (PushRuleMembers::Table, PushRuleMembers::RuleId),
                        (PushRules::Table, PushRules::Id),
                    ))
                    .foreign_key(&mut cascade(
                        (PushRuleMembers::Table, PushRuleMembers::UserId),
                        (SysUsers::Table, SysUsers::Id),
                    ))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_push_rule_members_user")
                    .table(PushRuleMembers::Table)
                    .col(PushRuleMembers::UserId)
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(PushMemberSettings::Table)
                    .if_not_exists()
                    .col(big_integer(PushMemberSettings::EnterpriseId))
                    .col(big_integer(PushMemberSettings::UserId))
                    .col(boolean(PushMemberSettings::PushEnabled).default(true))
                    .col(text(PushMemberSettings::Channels))
                    // Empty array: every kind.
                    .col(text(PushMemberSettings::Kinds))
                    .col(string_len_null(PushMemberSettings::QuietFrom, 5))
                    .col(string_len_null(PushMemberSettings::QuietTo, 5))
                    .col(timestamp_with_time_zone(PushMemberSettings::UpdatedAt))
                    .primary_key(
                        Index::create()
                            .col(PushMemberSettings::EnterpriseId)
                            .col(PushMemberSettings::UserId),
                    )
                    .foreign_key(&mut cascade(
                        (PushMemberSettings::Table, PushMemberSettings::EnterpriseId),
                        (Enterprises::Table, Enterprises::Id),
                    ))
                    .foreign_key(&mut cascade(
                        (PushMemberSettings::Table, PushMemberSettings::UserId),
                        (SysUsers::Table, SysUsers::Id),
                    ))
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(PushMessages::Table)
                    .if_not_exists()
                    .col(big_pk_auto(PushMessages::Id))
                    .col(big_integer(PushMessages::EnterpriseId))
                    .col(big_integer(PushMessages::UserId))
                    .col(big_integer_null(PushMessages::RuleId))
                    .col(big_integer_null(PushMessages::AlarmId))
                    .col(big_integer_null(PushMessages::VehicleId))
                    .col(small_integer_null(PushMessages::Kind))
                    .col(small_integer_null(PushMessages::Level))
                    .col(string_len(PushMessages::Title, 128))
                    .col(text(PushMessages::Content))
                    .col(string_len(PushMessages::Channel, 16))
                    .col(boolean(PushMessages::Masked).default(false))
                    .col(timestamp_with_time_zone_null(PushMessages::ReadAt))
                    .col(timestamp_with_time_zone(PushMessages::CreatedAt))
                    .foreign_key(&mut cascade(
                        (PushMessages::Table, PushMessages::EnterpriseId),
                        (Enterprises::Table, Enterprises::Id),
                    ))
                    .foreign_key(&mut cascade(
                        (PushMessages::Table, PushMessages::UserId),
                        (SysUsers::Table, SysUsers::Id),
                    ))
                    .to_owned(),
            )
            .await?;
        // "My unread messages" (the bell) and "my messages, newest first".
        manager
            .create_index(
                Index::create()
                    .name("idx_push_messages_mine")
                    .table(PushMessages::Table)
                    .col(PushMessages::UserId)
                    .col(PushMessages::ReadAt)
                    .col(PushMessages::Id)
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_push_messages_enterprise")
                    .table(PushMessages::Table)
                    .col(PushMessages::EnterpriseId)
                    .col(PushMessages::Id)
                    .to_owned(),
            )
            .await?;
        // One message per alarm and member (ad-hoc notices have no alarm and are not limited).
        manager
            .create_index(
                Index::create()
                    .name("idx_push_messages_alarm_user")
                    .table(PushMessages::Table)
                    .col(PushMessages::AlarmId)
                    .col(PushMessages::UserId)
                    .unique()
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(PushMutes::Table)
                    .if_not_exists()
                    .col(big_integer(PushMutes::UserId))
                    .col(big_integer(PushMutes::VehicleId))
                    .col(small_integer(PushMutes::Kind))
                    .col(big_integer(PushMutes::EnterpriseId))
                    .col(timestamp_with_time_zone(PushMutes::CreatedAt))
                    .primary_key(
                        Index::create()
                            .col(PushMutes::UserId)
                            .col(PushMutes::VehicleId)
                            .col(PushMutes::Kind),
                    )
                    .foreign_key(&mut cascade(
                        (PushMutes::Table, PushMutes::UserId),
                        (SysUsers::Table, SysUsers::Id),
                    ))
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(Webhooks::Table)
                    .if_not_exists()
                    .col(big_pk_auto(Webhooks::Id))
                    .col(big_integer(Webhooks::EnterpriseId))
                    .col(string_len(Webhooks::Url, 512))
                    // Hex; signs every delivery (HMAC-SHA256).
                    .col(string_len(Webhooks::Secret, 64))
                    .col(text(Webhooks::Kinds))
                    .col(small_integer(Webhooks::MinLevel))
                    .col(boolean(Webhooks::Enabled).default(true))
                    .col(integer_null(Webhooks::LastStatus))
                    .col(timestamp_with_time_zone_null(Webhooks::LastDeliveredAt))
                    .col(integer(Webhooks::Failures).default(0))
                    .col(timestamp_with_time_zone(Webhooks::CreatedAt))
                    .col(timestamp_with_time_zone(Webhooks::UpdatedAt))
                    .foreign_key(&mut cascade(
                        (Webhooks::Table, Webhooks::EnterpriseId),
                        (Enterprises::Table, Enterprises::Id),
                    ))
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(WebhookDeliveries::Table)
                    .if_not_exists()
                    .col(big_pk_auto(WebhookDeliveries::Id))
                    .col(big_integer(WebhookDeliveries::WebhookId))
                    .col(big_integer(WebhookDeliveries::AlarmId))
                    .col(string_len(WebhookDeliveries::Event, 32))
                    .col(text(WebhookDeliveries::Payload))
                    .col(integer(WebhookDeliveries::Attempt))
                    .col(integer_null(WebhookDeliveries::Status))
                    .col(text_null(WebhookDeliveries::Error))
                    .col(timestamp_with_time_zone_null(
                        WebhookDeliveries::DeliveredAt,
                    ))
                    // Set while the attempt is pending: when it is due.
                    .col(timestamp_with_time_zone_null(WebhookDeliveries::NextAt))
                    .col(timestamp_with_time_zone(WebhookDeliveries::CreatedAt))
                    .foreign_key(&mut cascade(
                        (WebhookDeliveries::Table, WebhookDeliveries::WebhookId),
                        (Webhooks::Table, Webhooks::Id),
                    ))
                    .to_owned(),
            )
            .await?;
        // Due deliveries, and a webhook's log newest first.
        manager
            .create_index(
                Index::create()
                    .name("idx_webhook_deliveries_due")
                    .table(WebhookDeliveries::Table)
                    .col(WebhookDeliveries::NextAt)
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_webhook_deliveries_webhook")
                    .table(WebhookDeliveries::Table)
                    .col(WebhookDeliveries::WebhookId)
                    .col(WebhookDeliveries::Id)
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for table in [
            WebhookDeliveries::Table.into_iden(),
            Webhooks::Table.into_iden(),
            PushMutes::Table.into_iden(),
            PushMessages::Table.into_iden(),
            PushMemberSettings::Table.into_iden(),
            PushRuleMembers::Table.into_iden(),
            PushRuleTargets::Table.into_iden(),
            PushRules::Table.into_iden(),
        ] {
            manager
                .drop_table(Table::drop().table(table).to_owned())
                .await?;
        }
        Ok(())
    }
}
