//! Stock (issue 18, speed): a tyre's km within a period summed every daily-mileage row of its
//! mounts (cost per km by brand over a year read 2.3 million rows). Each vehicle-day now also
//! keeps the vehicle's km through the end of that day (`odo_km`, kept by the finished-days
//! follower that writes the day), so a mount's km in any period is the difference of two rows.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub struct Migration;

#[derive(DeriveIden)]
enum DailyMileage {
    Table,
    OdoKm,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    fn use_transaction(&self) -> Option<bool> {
        Some(true)
    }

    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(
                Table::alter()
                    .table(DailyMileage::Table)
                    .add_column(
                        ColumnDef::new(DailyMileage::OdoKm)
                            .double()
                            .not_null()
                            .default(0.0),
                    )
                    .to_owned(),
            )
            .await?;
        // The running sum per vehicle, in day order (window functions: SQLite 3.25+, PostgreSQL).
        manager
            .get_connection()
            .execute_unprepared(
                "UPDATE daily_mileage SET odo_km = c.odo FROM \
                 (SELECT vehicle_id, day, SUM(km) OVER (PARTITION BY vehicle_id ORDER BY day) AS odo \
                  FROM daily_mileage) c \
                 WHERE daily_mileage.vehicle_id = c.vehicle_id AND daily_mileage.day = c.day",
            )
            .await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .alter_table(
                Table::alter()
                    .table(DailyMileage::Table)
                    .drop_column(DailyMileage::OdoKm)
                    .to_owned(),
            )
            .await
    }
}
