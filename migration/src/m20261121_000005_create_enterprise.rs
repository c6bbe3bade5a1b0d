//! Enterprises and tenancy: enterprise profile and verification columns, clusters, groups,
//! relations with their vehicle coverage, invitations, per-enterprise settings (alarm
//! thresholds, projects, vehicle groups, push and supervision) and trusteeships.

use sea_orm_migration::{prelude::*, schema::*};

use crate::schema_helpers::index;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum Enterprises {
    Table,
    Id,
    Verified,
    Contact,
    Phone,
    Address,
    LicenseNo,
    VerifyState,
    VerifyDocuments,
    VerifyReason,
    VerifySubmittedAt,
    VerifyReviewedAt,
}

#[derive(DeriveIden)]
enum SysUsers {
    Table,
    Id,
}

#[derive(DeriveIden)]
enum Clusters {
    Table,
    Id,
    Name,
    Domain,
    Logo,
    Remark,
    SupervisorEnterpriseId,
    CreatedAt,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum ClusterEnterprises {
    Table,
    ClusterId,
    EnterpriseId,
    CreatedAt,
}

#[derive(DeriveIden)]
enum Groups {
    Table,
    Id,
    EnterpriseId,
    Name,
    Remark,
    Sort,
    CreatedAt,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum GroupUsers {
    Table,
    GroupId,
    UserId,
}

#[derive(DeriveIden)]
enum Relations {
    Table,
    Id,
    EnterpriseId,
    RelatedId,
    RelationType,
    State,
    InitiatorId,
    RequestedBy,
    Remark,
    Reason,
    CreatedAt,
    UpdatedAt,
    ConfirmedAt,
    EndedAt,
}

#[derive(DeriveIden)]
enum RelationVehicles {
    Table,
    RelationId,
    VehicleId,
}

#[derive(DeriveIden)]
enum Invitations {
    Table,
    Id,
    Kind,
    EnterpriseId,
    InviterId,
    Phone,
    AuthorityId,
    TargetEntId,
    RelationType,
    VehicleIds,
    Remark,
    State,
    Reason,
    ResponderId,
    RelationId,
    ExpiresAt,
    CreatedAt,
    RespondedAt,
}

#[derive(DeriveIden)]
enum InvitationLogs {
    Table,
    Id,
    InvitationId,
    Action,
    ActorId,
    EnterpriseId,
    Note,
    CreatedAt,
}

#[derive(DeriveIden)]
enum EnterpriseAlarmThresholds {
    Table,
    EnterpriseId,
    Position,
    StandardPressure,
    HighPressure,
    LowPressureWarning,
    LowPressureCritical,
    HighTemperature,
    FastLeakRate,
    AxleHighTemperature,
    AxleTempDifference,
    SensorLowBattery,
    OfflineMinutes,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum Projects {
    Table,
    Id,
    EnterpriseId,
    Name,
    Code,
    State,
    Remark,
    StartsOn,
    EndsOn,
    CreatedBy,
    CreatedAt,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum EnterpriseGroupVehicles {
    Table,
    EnterpriseId,
    VehicleId,
    GroupId,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum Trusteeships {
    Table,
    Id,
    UserId,
    EnterpriseId,
    ColonyId,
    Restriction,
    GrantedBy,
    ExpiresAt,
    CreatedAt,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum EnterpriseSettings {
    Table,
    EnterpriseId,
    PushEnabled,
    PushChannels,
    PushAlarmTypes,
    PushQuietStart,
    PushQuietEnd,
    PushReceivers,
    SuperviseEnabled,
    SuperviseAlarmTypes,
    UpdatedAt,
}

fn to_enterprise(table: impl IntoIden, column: impl IntoIden) -> ForeignKeyCreateStatement {
    ForeignKey::create()
        .from(table, column)
        .to(Enterprises::Table, Enterprises::Id)
        .on_delete(ForeignKeyAction::Cascade)
        .to_owned()
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    #[allow(clippy::too_many_lines)]
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        // SQLite adds one column per ALTER TABLE.
        let columns: [ColumnDef; 9] = [
            string(Enterprises::Contact).default("").to_owned(),
            string(Enterprises::Phone).default("").to_owned(),
            string(Enterprises::Address).default("").to_owned(),
            string(Enterprises::LicenseNo).default("").to_owned(),
            small_integer(Enterprises::VerifyState)
                .default(0)
                .to_owned(),
            text(Enterprises::VerifyDocuments).default("[]").to_owned(),
            string(Enterprises::VerifyReason).default("").to_owned(),
            timestamp_with_time_zone_null(Enterprises::VerifySubmittedAt),
            timestamp_with_time_zone_null(Enterprises::VerifyReviewedAt),
        ];
        for column in columns {
            manager
                .alter_table(
                    Table::alter()
                        .table(Enterprises::Table)
                        .add_column(column)
                        .to_owned(),
                )
                .await?;
        }
        // Enterprises verified before this migration count as approved.
        manager
            .exec_stmt(
                Query::update()
                    .table(Enterprises::Table)
                    .value(Enterprises::VerifyState, 2)
                    .and_where(Expr::col(Enterprises::Verified).eq(true))
                    .to_owned(),
            )
            .await?;

        manager
            .create_table(
                Table::create()
                    .table(Clusters::Table)
                    .if_not_exists()
                    .col(big_pk_auto(Clusters::Id))
                    .col(string_uniq(Clusters::Name))
                    .col(string(Clusters::Domain).default(""))
                    .col(string(Clusters::Logo).default(""))
                    .col(string(Clusters::Remark).default(""))
                    .col(big_integer_null(Clusters::SupervisorEnterpriseId))
                    .col(timestamp_with_time_zone(Clusters::CreatedAt))
                    .col(timestamp_with_time_zone(Clusters::UpdatedAt))
                    .foreign_key(
                        ForeignKey::create()
                            .from(Clusters::Table, Clusters::SupervisorEnterpriseId)
                            .to(Enterprises::Table, Enterprises::Id)
                            .on_delete(ForeignKeyAction::SetNull),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(ClusterEnterprises::Table)
                    .if_not_exists()
                    .col(big_integer(ClusterEnterprises::ClusterId))
                    .col(big_integer(ClusterEnterprises::EnterpriseId))
                    .col(timestamp_with_time_zone(ClusterEnterprises::CreatedAt))
                    .primary_key(
                        Index::create()
                            .col(ClusterEnterprises::ClusterId)
                            .col(ClusterEnterprises::EnterpriseId),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .from(ClusterEnterprises::Table, ClusterEnterprises::ClusterId)
                            .to(Clusters::Table, Clusters::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .foreign_key(&mut to_enterprise(
                        ClusterEnterprises::Table,
                        ClusterEnterprises::EnterpriseId,
                    ))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(index(
                "idx_cluster_enterprises_ent",
                ClusterEnterprises::Table,
                &["enterprise_id"],
            ))
            .await?;

        manager
            .create_table(
                Table::create()
                    .table(Groups::Table)
                    .if_not_exists()
                    .col(big_pk_auto(Groups::Id))
                    .col(big_integer(Groups::EnterpriseId))
                    .col(string(Groups::Name))
                    .col(string(Groups::Remark).default(""))
                    .col(integer(Groups::Sort).default(0))
                    .col(timestamp_with_time_zone(Groups::CreatedAt))
                    .col(timestamp_with_time_zone(Groups::UpdatedAt))
                    .foreign_key(&mut to_enterprise(Groups::Table, Groups::EnterpriseId))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                index(
                    "uq_groups_ent_name",
                    Groups::Table,
                    &["enterprise_id", "name"],
                )
                .unique()
                .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(GroupUsers::Table)
                    .if_not_exists()
                    .col(big_integer(GroupUsers::GroupId))
                    .col(big_integer(GroupUsers::UserId))
                    .primary_key(
                        Index::create()
                            .col(GroupUsers::GroupId)
                            .col(GroupUsers::UserId),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .from(GroupUsers::Table, GroupUsers::GroupId)
                            .to(Groups::Table, Groups::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .from(GroupUsers::Table, GroupUsers::UserId)
                            .to(SysUsers::Table, SysUsers::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(index(
                "idx_group_users_user",
                GroupUsers::Table,
                &["user_id"],
            ))
            .await?;

        manager
            .create_table(
                Table::create()
                    .table(Relations::Table)
                    .if_not_exists()
                    .col(big_pk_auto(Relations::Id))
                    .col(big_integer(Relations::EnterpriseId))
                    .col(big_integer(Relations::RelatedId))
                    .col(small_integer(Relations::RelationType))
                    .col(small_integer(Relations::State).default(0))
                    .col(big_integer(Relations::InitiatorId))
                    .col(big_integer_null(Relations::RequestedBy))
                    .col(string(Relations::Remark).default(""))
                    .col(string(Relations::Reason).default(""))
                    .col(timestamp_with_time_zone(Relations::CreatedAt))
                    .col(timestamp_with_time_zone(Relations::UpdatedAt))
                    .col(timestamp_with_time_zone_null(Relations::ConfirmedAt))
                    .col(timestamp_with_time_zone_null(Relations::EndedAt))
                    .foreign_key(&mut to_enterprise(
                        Relations::Table,
                        Relations::EnterpriseId,
                    ))
                    .foreign_key(&mut to_enterprise(Relations::Table, Relations::RelatedId))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(index(
                "idx_relations_ent",
                Relations::Table,
                &["enterprise_id", "state"],
            ))
            .await?;
        manager
            .create_index(index(
                "idx_relations_related",
                Relations::Table,
                &["related_id", "state"],
            ))
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(RelationVehicles::Table)
                    .if_not_exists()
                    .col(big_integer(RelationVehicles::RelationId))
                    // Vehicles arrive with a later migration; no foreign key yet.
                    .col(big_integer(RelationVehicles::VehicleId))
                    .primary_key(
                        Index::create()
                            .col(RelationVehicles::RelationId)
                            .col(RelationVehicles::VehicleId),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .from(RelationVehicles::Table, RelationVehicles::RelationId)
                            .to(Relations::Table, Relations::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(index(
                "idx_relation_vehicles_vehicle",
                RelationVehicles::Table,
                &["vehicle_id"],
            ))
            .await?;

        manager
            .create_table(
                Table::create()
                    .table(Invitations::Table)
                    .if_not_exists()
                    .col(big_pk_auto(Invitations::Id))
                    .col(string(Invitations::Kind))
                    .col(big_integer(Invitations::EnterpriseId))
                    .col(big_integer_null(Invitations::InviterId))
                    .col(string(Invitations::Phone).default(""))
                    .col(big_integer_null(Invitations::AuthorityId))
                    .col(big_integer_null(Invitations::TargetEntId))
                    .col(small_integer_null(Invitations::RelationType))
                    .col(text(Invitations::VehicleIds).default("[]"))
                    .col(string(Invitations::Remark).default(""))
                    .col(small_integer(Invitations::State).default(0))
                    .col(string(Invitations::Reason).default(""))
                    .col(big_integer_null(Invitations::ResponderId))
                    .col(big_integer_null(Invitations::RelationId))
                    .col(timestamp_with_time_zone(Invitations::ExpiresAt))
                    .col(timestamp_with_time_zone(Invitations::CreatedAt))
                    .col(timestamp_with_time_zone_null(Invitations::RespondedAt))
                    .foreign_key(&mut to_enterprise(
                        Invitations::Table,
                        Invitations::EnterpriseId,
                    ))
                    .foreign_key(&mut to_enterprise(
                        Invitations::Table,
                        Invitations::TargetEntId,
                    ))
                    .to_owned(),
            )
            .await?;
        for (name, col) in [
            ("idx_invitations_ent", "enterprise_id"),
            ("idx_invitations_target", "target_ent_id"),
            ("idx_invitations_phone", "phone"),
        ] {
            manager
                .create_index(index(name, Invitations::Table, &[col]))
                .await?;
        }
        manager
            .create_table(
                Table::create()
                    .table(InvitationLogs::Table)
                    .if_not_exists()
                    .col(big_pk_auto(InvitationLogs::Id))
                    .col(big_integer(InvitationLogs::InvitationId))
                    .col(string(InvitationLogs::Action))
                    .col(big_integer_null(InvitationLogs::ActorId))
                    .col(big_integer_null(InvitationLogs::EnterpriseId))
                    .col(string(InvitationLogs::Note).default(""))
                    .col(timestamp_with_time_zone(InvitationLogs::CreatedAt))
                    .foreign_key(
                        ForeignKey::create()
                            .from(InvitationLogs::Table, InvitationLogs::InvitationId)
                            .to(Invitations::Table, Invitations::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(index(
                "idx_invitation_logs_invitation",
                InvitationLogs::Table,
                &["invitation_id"],
            ))
            .await?;

        manager
            .create_table(
                Table::create()
                    .table(EnterpriseAlarmThresholds::Table)
                    .if_not_exists()
                    .col(big_integer(EnterpriseAlarmThresholds::EnterpriseId))
                    .col(string(EnterpriseAlarmThresholds::Position))
                    .col(double(EnterpriseAlarmThresholds::StandardPressure))
                    .col(double(EnterpriseAlarmThresholds::HighPressure))
                    .col(double(EnterpriseAlarmThresholds::LowPressureWarning))
                    .col(double(EnterpriseAlarmThresholds::LowPressureCritical))
                    .col(double(EnterpriseAlarmThresholds::HighTemperature))
                    .col(double(EnterpriseAlarmThresholds::FastLeakRate))
                    .col(double(EnterpriseAlarmThresholds::AxleHighTemperature))
                    .col(double(EnterpriseAlarmThresholds::AxleTempDifference))
                    .col(integer(EnterpriseAlarmThresholds::SensorLowBattery))
                    .col(integer(EnterpriseAlarmThresholds::OfflineMinutes))
                    .col(timestamp_with_time_zone(
                        EnterpriseAlarmThresholds::UpdatedAt,
                    ))
                    .primary_key(
                        Index::create()
                            .col(EnterpriseAlarmThresholds::EnterpriseId)
                            .col(EnterpriseAlarmThresholds::Position),
                    )
                    .foreign_key(&mut to_enterprise(
                        EnterpriseAlarmThresholds::Table,
                        EnterpriseAlarmThresholds::EnterpriseId,
                    ))
                    .to_owned(),
            )
            .await?;

        manager
            .create_table(
                Table::create()
                    .table(Projects::Table)
                    .if_not_exists()
                    .col(big_pk_auto(Projects::Id))
                    .col(big_integer(Projects::EnterpriseId))
                    .col(string(Projects::Name))
                    .col(string(Projects::Code).default(""))
                    .col(small_integer(Projects::State).default(0))
                    .col(string(Projects::Remark).default(""))
                    .col(string(Projects::StartsOn).default(""))
                    .col(string(Projects::EndsOn).default(""))
                    .col(big_integer_null(Projects::CreatedBy))
                    .col(timestamp_with_time_zone(Projects::CreatedAt))
                    .col(timestamp_with_time_zone(Projects::UpdatedAt))
                    .foreign_key(&mut to_enterprise(Projects::Table, Projects::EnterpriseId))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                index(
                    "uq_projects_ent_name",
                    Projects::Table,
                    &["enterprise_id", "name"],
                )
                .unique()
                .to_owned(),
            )
            .await?;

        manager
            .create_table(
                Table::create()
                    .table(EnterpriseGroupVehicles::Table)
                    .if_not_exists()
                    .col(big_integer(EnterpriseGroupVehicles::EnterpriseId))
                    .col(big_integer(EnterpriseGroupVehicles::VehicleId))
                    .col(big_integer(EnterpriseGroupVehicles::GroupId))
                    .col(timestamp_with_time_zone(EnterpriseGroupVehicles::UpdatedAt))
                    .primary_key(
                        Index::create()
                            .col(EnterpriseGroupVehicles::EnterpriseId)
                            .col(EnterpriseGroupVehicles::VehicleId),
                    )
                    .foreign_key(&mut to_enterprise(
                        EnterpriseGroupVehicles::Table,
                        EnterpriseGroupVehicles::EnterpriseId,
                    ))
                    .foreign_key(
                        ForeignKey::create()
                            .from(
                                EnterpriseGroupVehicles::Table,
                                EnterpriseGroupVehicles::GroupId,
                            )
                            .to(Groups::Table, Groups::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(index(
                "idx_enterprise_group_vehicles_group",
                EnterpriseGroupVehicles::Table,
                &["group_id"],
            ))
            .await?;

        manager
            .create_table(
                Table::create()
                    .table(Trusteeships::Table)
                    .if_not_exists()
                    .col(big_pk_auto(Trusteeships::Id))
                    .col(big_integer(Trusteeships::UserId))
                    .col(big_integer(Trusteeships::EnterpriseId))
                    .col(big_integer_null(Trusteeships::ColonyId))
                    .col(small_integer(Trusteeships::Restriction).default(0))
                    .col(big_integer_null(Trusteeships::GrantedBy))
                    .col(timestamp_with_time_zone_null(Trusteeships::ExpiresAt))
                    .col(timestamp_with_time_zone(Trusteeships::CreatedAt))
                    .col(timestamp_with_time_zone(Trusteeships::UpdatedAt))
                    .foreign_key(
                        ForeignKey::create()
                            .from(Trusteeships::Table, Trusteeships::UserId)
                            .to(SysUsers::Table, SysUsers::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .foreign_key(&mut to_enterprise(
                        Trusteeships::Table,
                        Trusteeships::EnterpriseId,
                    ))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                index(
                    "uq_trusteeships_user_ent",
                    Trusteeships::Table,
                    &["user_id", "enterprise_id"],
                )
                .unique()
                .to_owned(),
            )
            .await?;

        manager
            .create_table(
                Table::create()
                    .table(EnterpriseSettings::Table)
                    .if_not_exists()
                    .col(big_integer(EnterpriseSettings::EnterpriseId).primary_key())
                    .col(boolean(EnterpriseSettings::PushEnabled).default(true))
                    .col(text(EnterpriseSettings::PushChannels).default("[\"app\"]"))
                    .col(text(EnterpriseSettings::PushAlarmTypes).default("[]"))
                    .col(string(EnterpriseSettings::PushQuietStart).default(""))
                    .col(string(EnterpriseSettings::PushQuietEnd).default(""))
                    .col(text(EnterpriseSettings::PushReceivers).default("[]"))
                    .col(boolean(EnterpriseSettings::SuperviseEnabled).default(false))
                    .col(text(EnterpriseSettings::SuperviseAlarmTypes).default("[]"))
                    .col(timestamp_with_time_zone(EnterpriseSettings::UpdatedAt))
                    .foreign_key(&mut to_enterprise(
                        EnterpriseSettings::Table,
                        EnterpriseSettings::EnterpriseId,
                    ))
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for table in [
            EnterpriseSettings::Table.into_iden(),
            Trusteeships::Table.into_iden(),
            EnterpriseGroupVehicles::Table.into_iden(),
            Projects::Table.into_iden(),
            EnterpriseAlarmThresholds::Table.into_iden(),
            InvitationLogs::Table.into_iden(),
            Invitations::Table.into_iden(),
            RelationVehicles::Table.into_iden(),
            Relations::Table.into_iden(),
            GroupUsers::Table.into_iden(),
            Groups::Table.into_iden(),
            ClusterEnterprises::Table.into_iden(),
            Clusters::Table.into_iden(),
        ] {
            manager
                .drop_table(Table::drop().table(table).to_owned())
                .await?;
        }
        for column in [
            Enterprises::VerifyReviewedAt,
            Enterprises::VerifySubmittedAt,
            Enterprises::VerifyReason,
            Enterprises::VerifyDocuments,
            Enterprises::VerifyState,
            Enterprises::LicenseNo,
            Enterprises::Address,
            Enterprises::Phone,
            Enterprises::Contact,
        ] {
            manager
                .alter_table(
                    Table::alter()
                        .table(Enterprises::Table)
                        .drop_column(column)
                        .to_owned(),
                )
                .await?;
        }
        Ok(())
    }
}
