//! Schema migrations, shared by SQLite and PostgreSQL. Files are named
//! `mYYYYMMDD_NNNNNN_<verb>_<what>.rs` and never edited once released.

// `MigrationTrait` is declared with an elided lifetime that implementations must repeat.
#![allow(elided_lifetimes_in_paths)]

pub use sea_orm_migration::prelude::*;

mod m20261120_000001_create_foundation;
mod m20261121_000001_create_access;
mod m20261121_000002_create_menus;
mod m20261121_000003_create_system;
mod m20261121_000004_create_accounts;
mod m20261121_000005_create_enterprise;
mod m20261121_000006_create_fleet;
mod m20261121_000007_create_vehicle_records;
mod m20261121_000008_create_history;
mod m20261121_000009_create_catalogues;
mod m20261121_000010_create_device_records;
mod m20261121_000011_create_work_categories;
mod m20261121_000012_create_device_keys;
mod m20261121_000013_create_push;
mod m20261121_000030_create_shares_and_rejects;
mod m20261122_000001_pack_wheel_readings;
mod m20261124_000001_add_call_kinds;
mod m20261124_000002_mask_oplog_secrets;
mod m20261124_000003_create_login_records;
mod m20261124_000004_add_sample_enterprises;
mod m20261125_000001_create_work_orders;
mod m20261126_000001_create_work_flows;
mod m20261126_000002_create_work_plans;
mod m20261127_000001_index_work_order_reads;
mod m20261127_000002_create_tracks;
mod m20261127_000003_add_position_voltage;
mod m20261128_000001_create_day_follower;
mod m20261128_000002_add_day_rollups;
mod m20261128_000100_create_report_boards;
mod m20261128_000101_index_report_logs;
mod m20261129_000001_tune_work_order_reads;
mod m20261129_000002_add_work_order_discussed_at;
mod m20261130_000001_create_stock;
mod m20261201_000001_add_daily_odometer;
mod m20261201_000002_index_work_order_words;
mod m20261202_000001_add_hub_difference;
mod m20261203_000001_create_mqtt_rules;
mod m20261203_000002_add_tag_fields;
mod m20261203_000003_index_recent_work_orders;
mod m20261204_000001_create_account_cancellations;
mod m20261205_000001_create_report_subscriptions;
mod m20261205_000002_index_work_order_trend;

mod schema_helpers;

pub struct Migrator;

#[async_trait::async_trait]
impl MigratorTrait for Migrator {
    fn migrations() -> Vec<Box<dyn MigrationTrait>> {
        vec![
            Box::new(m20261120_000001_create_foundation::Migration),
            Box::new(m20261121_000001_create_access::Migration),
            Box::new(m20261121_000002_create_menus::Migration),
            Box::new(m20261121_000003_create_system::Migration),
            Box::new(m20261121_000004_create_accounts::Migration),
            Box::new(m20261121_000005_create_enterprise::Migration),
            Box::new(m20261121_000006_create_fleet::Migration),
            Box::new(m20261121_000007_create_vehicle_records::Migration),
            Box::new(m20261121_000008_create_history::Migration),
            Box::new(m20261121_000009_create_catalogues::Migration),
            Box::new(m20261121_000010_create_device_records::Migration),
            Box::new(m20261121_000011_create_work_categories::Migration),
            Box::new(m20261121_000012_create_device_keys::Migration),
            Box::new(m20261121_000013_create_push::Migration),
            Box::new(m20261121_000030_create_shares_and_rejects::Migration),
            Box::new(m20261122_000001_pack_wheel_readings::Migration),
            Box::new(m20261124_000001_add_call_kinds::Migration),
            Box::new(m20261124_000002_mask_oplog_secrets::Migration),
            Box::new(m20261124_000003_create_login_records::Migration),
            Box::new(m20261124_000004_add_sample_enterprises::Migration),
            Box::new(m20261125_000001_create_work_orders::Migration),
            Box::new(m20261126_000001_create_work_flows::Migration),
            Box::new(m20261126_000002_create_work_plans::Migration),
            Box::new(m20261127_000001_index_work_order_reads::Migration),
            Box::new(m20261127_000002_create_tracks::Migration),
            Box::new(m20261127_000003_add_position_voltage::Migration),
            Box::new(m20261128_000001_create_day_follower::Migration),
            Box::new(m20261128_000002_add_day_rollups::Migration),
            Box::new(m20261128_000100_create_report_boards::Migration),
            Box::new(m20261128_000101_index_report_logs::Migration),
            Box::new(m20261129_000001_tune_work_order_reads::Migration),
            Box::new(m20261129_000002_add_work_order_discussed_at::Migration),
            Box::new(m20261130_000001_create_stock::Migration),
            Box::new(m20261201_000001_add_daily_odometer::Migration),
            Box::new(m20261201_000002_index_work_order_words::Migration),
            Box::new(m20261202_000001_add_hub_difference::Migration),
            Box::new(m20261203_000001_create_mqtt_rules::Migration),
            Box::new(m20261203_000002_add_tag_fields::Migration),
            Box::new(m20261203_000003_index_recent_work_orders::Migration),
            Box::new(m20261204_000001_create_account_cancellations::Migration),
            Box::new(m20261205_000001_create_report_subscriptions::Migration),
            Box::new(m20261205_000002_index_work_order_trend::Migration),
        ]
    }
}
