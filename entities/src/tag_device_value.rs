use sea_orm::entity::prelude::*;

/// A field's value on a tagged device (the link in `tag_devices`); `num` holds number values
/// for range searches.
#[derive(Clone, Debug, PartialEq, DeriveEntityModel)]
#[sea_orm(table_name = "tag_device_values")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub tag_id: i64,
    #[sea_orm(primary_key, auto_increment = false)]
    pub device_id: i64,
    #[sea_orm(primary_key, auto_increment = false)]
    pub field_id: i64,
    pub value: String,
    pub num: Option<f64>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
