use sea_orm::entity::prelude::*;

/// A vehicle (1), group (2) or tag (3) a push rule covers.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "push_rule_targets")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub rule_id: i64,
    #[sea_orm(primary_key, auto_increment = false)]
    pub kind: i16,
    #[sea_orm(primary_key, auto_increment = false)]
    pub target_id: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
