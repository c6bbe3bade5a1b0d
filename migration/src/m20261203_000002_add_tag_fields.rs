//! The super-tag workspace (docs/tags.md): custom fields an enterprise defines for its tags,
//! which fields each tag carries, an order of tags within a kind, and the field values filled
//! in per tagged vehicle or device (kept with the link: they go when the tag leaves the
//! vehicle or device, when the tag or field is deleted, or when the vehicle or device goes).

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
enum Tags {
    Table,
    Id,
    Sort,
}

#[derive(DeriveIden)]
enum TagFields {
    Table,
    Id,
    EnterpriseId,
    Name,
    FieldType,
    Options,
    Unit,
    Required,
    Sort,
    CreatedAt,
}

#[derive(DeriveIden)]
enum TagFieldLinks {
    Table,
    TagId,
    FieldId,
}

/// A values table (`tag_<target>_values`): one value per (tag, target, field), going with the
/// link in `tag_<target>s` and with the field.
fn values_table(target: &str) -> TableCreateStatement {
    let table = Alias::new(format!("tag_{target}_values"));
    let links = Alias::new(format!("tag_{target}s"));
    let on = Alias::new(format!("{target}_id"));
    let tag_id = Alias::new("tag_id");
    let field_id = Alias::new("field_id");
    Table::create()
        .table(table.clone())
        .if_not_exists()
        .col(big_integer(tag_id.clone()))
        .col(big_integer(on.clone()))
        .col(big_integer(field_id.clone()))
        .col(string_len(Alias::new("value"), 200))
        .col(double_null(Alias::new("num")))
        .primary_key(
            Index::create()
                .col(tag_id.clone())
                .col(on.clone())
                .col(field_id.clone()),
        )
        .foreign_key(
            &mut ForeignKey::create()
                .from_tbl(table.clone())
                .from_col(tag_id.clone())
                .from_col(on.clone())
                .to_tbl(links)
                .to_col(tag_id)
                .to_col(on)
                .on_delete(ForeignKeyAction::Cascade)
                .to_owned(),
        )
        .foreign_key(&mut cascade(
            table,
            field_id,
            TagFields::Table,
            TagFields::Id,
        ))
        .to_owned()
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
                    .table(Tags::Table)
                    .add_column(integer(Tags::Sort).default(0))
                    .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(TagFields::Table)
                    .if_not_exists()
                    .col(big_pk_auto(TagFields::Id))
                    .col(big_integer(TagFields::EnterpriseId))
                    .col(string_len(TagFields::Name, 32))
                    .col(string_len(TagFields::FieldType, 16))
                    .col(text(TagFields::Options).default("[]"))
                    .col(string_len(TagFields::Unit, 16).default(""))
                    .col(boolean(TagFields::Required).default(false))
                    .col(integer(TagFields::Sort).default(0))
                    .col(timestamp_with_time_zone(TagFields::CreatedAt))
                    .foreign_key(&mut cascade(
                        TagFields::Table,
                        TagFields::EnterpriseId,
                        Enterprises::Table,
                        Enterprises::Id,
                    ))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                index(
                    "idx_tag_fields_ent_name",
                    TagFields::Table,
                    &["enterprise_id", "name"],
                )
                .unique()
                .to_owned(),
            )
            .await?;
        manager
            .create_table(
                Table::create()
                    .table(TagFieldLinks::Table)
                    .if_not_exists()
                    .col(big_integer(TagFieldLinks::TagId))
                    .col(big_integer(TagFieldLinks::FieldId))
                    .primary_key(
                        Index::create()
                            .col(TagFieldLinks::TagId)
                            .col(TagFieldLinks::FieldId),
                    )
                    .foreign_key(&mut cascade(
                        TagFieldLinks::Table,
                        TagFieldLinks::TagId,
                        Tags::Table,
                        Tags::Id,
                    ))
                    .foreign_key(&mut cascade(
                        TagFieldLinks::Table,
                        TagFieldLinks::FieldId,
                        TagFields::Table,
                        TagFields::Id,
                    ))
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(index(
                "idx_tag_field_links_field",
                TagFieldLinks::Table,
                &["field_id"],
            ))
            .await?;
        for target in ["vehicle", "device"] {
            manager.create_table(values_table(target)).await?;
            let table = format!("tag_{target}_values");
            manager
                .create_index(index(
                    &format!("idx_{table}_field"),
                    Alias::new(table.clone()),
                    &["field_id", "value"],
                ))
                .await?;
            manager
                .create_index(index(
                    &format!("idx_{table}_num"),
                    Alias::new(table),
                    &["field_id", "num"],
                ))
                .await?;
        }
        Ok(())
    }
    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for table in [
            Alias::new("tag_device_values").into_iden(),
            Alias::new("tag_vehicle_values").into_iden(),
            TagFieldLinks::Table.into_iden(),
            TagFields::Table.into_iden(),
        ] {
            manager
                .drop_table(Table::drop().table(table).if_exists().to_owned())
                .await?;
        }
        manager
            .alter_table(
                Table::alter()
                    .table(Tags::Table)
                    .drop_column(Tags::Sort)
                    .to_owned(),
            )
            .await
    }
}
