//! Tracks, routes and points of interest (issue 16): points of interest and geofences, planned
//! routes and the vehicles on them, per-vehicle per-day track fragments and the runs that
//! rebuild them, and uploaded tracks. docs/tracks.md describes each table.

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
enum Vehicles {
    Table,
    Id,
}

#[derive(DeriveIden)]
enum Pois {
    Table,
    Id,
    EnterpriseId,
    Name,
    PoiType,
    Shape,
    Lat,
    Lon,
    RadiusM,
    Polygon,
    Address,
    Phone,
    Remark,
    Fence,
    CreatedBy,
    CreatedAt,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum Routes {
    Table,
    Id,
    EnterpriseId,
    Name,
    CorridorM,
    Nodes,
    LengthM,
    CreatedBy,
    CreatedAt,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum RouteVehicles {
    Table,
    VehicleId,
    RouteId,
    AssignedAt,
}

#[derive(DeriveIden)]
enum TrackFragments {
    Table,
    VehicleId,
    Day,
    Total,
    Meters,
    MovingSeconds,
    FirstAt,
    LastAt,
    MinLon,
    MinLat,
    MaxLon,
    MaxLat,
    Line,
    BuiltAt,
}

#[derive(DeriveIden)]
enum FragmentRuns {
    Table,
    Id,
    EnterpriseId,
    VehicleId,
    StartDay,
    EndDay,
    Vehicles,
    Days,
    Built,
    State,
    Error,
    CreatedBy,
    StartedAt,
    FinishedAt,
}

#[derive(DeriveIden)]
enum TrackUploads {
    Table,
    Id,
    EnterpriseId,
    VehicleId,
    RouteId,
    Name,
    Format,
    Points,
    LengthM,
    Line,
    CreatedBy,
    CreatedAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(Pois::Table)
                    .if_not_exists()
                    .col(big_pk_auto(Pois::Id))
                    // NULL: platform-wide.
                    .col(big_integer_null(Pois::EnterpriseId))
                    .col(string_len(Pois::Name, 64))
                    // 1 gas station, 2 depot, 3 service area, 4 repair shop, 5 geofence, 9 own.
                    .col(small_integer(Pois::PoiType))
                    // 1 point, 2 circle, 3 polygon.
                    .col(small_integer(Pois::Shape))
                    .col(double(Pois::Lat))
                    .col(double(Pois::Lon))
                    .col(double_null(Pois::RadiusM))
                    // JSON `[[lon, lat], …]`, an open ring.
                    .col(text_null(Pois::Polygon))
                    .col(string_len(Pois::Address, 255).default(""))
                    .col(string_len(Pois::Phone, 32).default(""))
                    .col(string_len(Pois::Remark, 255).default(""))
                    // 0 none, 1 alarm on entering, 2 alarm on leaving.
                    .col(small_integer(Pois::Fence).default(0))
                    .col(big_integer(Pois::CreatedBy))
                    .col(timestamp_with_time_zone(Pois::CreatedAt))
                    .col(timestamp_with_time_zone(Pois::UpdatedAt))
                    .foreign_key(&mut cascade(
                        Pois::Table,
                        Pois::EnterpriseId,
                        Enterprises::Table,
                        Enterprises::Id,
                    ))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(index(
                "idx_pois_enterprise",
                Pois::Table,
                &["enterprise_id"],
            ))
            .await?;

        manager
            .create_table(
                Table::create()
                    .table(Routes::Table)
                    .if_not_exists()
                    .col(big_pk_auto(Routes::Id))
                    .col(big_integer(Routes::EnterpriseId))
                    .col(string_len(Routes::Name, 64))
                    .col(double(Routes::CorridorM))
                    // JSON `[{lon, lat, name, stop}]` in order.
                    .col(text(Routes::Nodes))
                    .col(double(Routes::LengthM))
                    .col(big_integer(Routes::CreatedBy))
                    .col(timestamp_with_time_zone(Routes::CreatedAt))
                    .col(timestamp_with_time_zone(Routes::UpdatedAt))
                    .foreign_key(&mut cascade(
                        Routes::Table,
                        Routes::EnterpriseId,
                        Enterprises::Table,
                        Enterprises::Id,
                    ))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(index(
                "idx_routes_enterprise",
                Routes::Table,
                &["enterprise_id", "id"],
            ))
            .await?;

        manager
            .create_table(
                Table::create()
                    .table(RouteVehicles::Table)
                    .if_not_exists()
                    .col(big_integer(RouteVehicles::VehicleId).primary_key())
                    .col(big_integer(RouteVehicles::RouteId))
                    .col(timestamp_with_time_zone(RouteVehicles::AssignedAt))
                    .foreign_key(&mut cascade(
                        RouteVehicles::Table,
                        RouteVehicles::VehicleId,
                        Vehicles::Table,
                        Vehicles::Id,
                    ))
                    .foreign_key(&mut cascade(
                        RouteVehicles::Table,
                        RouteVehicles::RouteId,
                        Routes::Table,
                        Routes::Id,
                    ))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(index(
                "idx_route_vehicles_route",
                RouteVehicles::Table,
                &["route_id"],
            ))
            .await?;

        manager
            .create_table(
                Table::create()
                    .table(TrackFragments::Table)
                    .if_not_exists()
                    .col(big_integer(TrackFragments::VehicleId))
                    .col(date(TrackFragments::Day))
                    .col(integer(TrackFragments::Total))
                    .col(double(TrackFragments::Meters))
                    .col(big_integer(TrackFragments::MovingSeconds))
                    .col(timestamp_with_time_zone(TrackFragments::FirstAt))
                    .col(timestamp_with_time_zone(TrackFragments::LastAt))
                    .col(double(TrackFragments::MinLon))
                    .col(double(TrackFragments::MinLat))
                    .col(double(TrackFragments::MaxLon))
                    .col(double(TrackFragments::MaxLat))
                    // JSON `[[lon, lat], …]`, simplified.
                    .col(text(TrackFragments::Line))
                    .col(timestamp_with_time_zone(TrackFragments::BuiltAt))
                    .primary_key(
                        Index::create()
                            .col(TrackFragments::VehicleId)
                            .col(TrackFragments::Day),
                    )
                    .foreign_key(&mut cascade(
                        TrackFragments::Table,
                        TrackFragments::VehicleId,
                        Vehicles::Table,
                        Vehicles::Id,
                    ))
                    .to_owned(),
            )
            .await?;

        manager
            .create_table(
                Table::create()
                    .table(FragmentRuns::Table)
                    .if_not_exists()
                    .col(big_pk_auto(FragmentRuns::Id))
                    // NULL: a platform-wide run by staff.
                    .col(big_integer_null(FragmentRuns::EnterpriseId))
                    // NULL: every vehicle in the caller's scope.
                    .col(big_integer_null(FragmentRuns::VehicleId))
                    .col(date(FragmentRuns::StartDay))
                    .col(date(FragmentRuns::EndDay))
                    .col(integer(FragmentRuns::Vehicles).default(0))
                    .col(integer(FragmentRuns::Days).default(0))
                    .col(integer(FragmentRuns::Built).default(0))
                    // 1 running, 2 done, 3 failed, 4 cancelled.
                    .col(small_integer(FragmentRuns::State))
                    .col(text(FragmentRuns::Error).default(""))
                    .col(big_integer(FragmentRuns::CreatedBy))
                    .col(timestamp_with_time_zone(FragmentRuns::StartedAt))
                    .col(timestamp_with_time_zone_null(FragmentRuns::FinishedAt))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(index(
                "idx_fragment_runs_enterprise",
                FragmentRuns::Table,
                &["enterprise_id", "started_at"],
            ))
            .await?;

        manager
            .create_table(
                Table::create()
                    .table(TrackUploads::Table)
                    .if_not_exists()
                    .col(big_pk_auto(TrackUploads::Id))
                    .col(big_integer(TrackUploads::EnterpriseId))
                    .col(big_integer_null(TrackUploads::VehicleId))
                    .col(big_integer_null(TrackUploads::RouteId))
                    .col(string_len(TrackUploads::Name, 128))
                    // gpx, kml or csv.
                    .col(string_len(TrackUploads::Format, 8))
                    .col(integer(TrackUploads::Points))
                    .col(double(TrackUploads::LengthM))
                    // JSON `[[lon, lat, unix seconds or null], …]`, WGS-84.
                    .col(text(TrackUploads::Line))
                    .col(big_integer(TrackUploads::CreatedBy))
                    .col(timestamp_with_time_zone(TrackUploads::CreatedAt))
                    .foreign_key(&mut cascade(
                        TrackUploads::Table,
                        TrackUploads::EnterpriseId,
                        Enterprises::Table,
                        Enterprises::Id,
                    ))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(index(
                "idx_track_uploads_enterprise",
                TrackUploads::Table,
                &["enterprise_id", "created_at"],
            ))
            .await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for table in [
            TrackUploads::Table.into_table_ref(),
            FragmentRuns::Table.into_table_ref(),
            TrackFragments::Table.into_table_ref(),
            RouteVehicles::Table.into_table_ref(),
            Routes::Table.into_table_ref(),
            Pois::Table.into_table_ref(),
        ] {
            manager
                .drop_table(Table::drop().table(table).if_exists().to_owned())
                .await?;
        }
        Ok(())
    }
}
