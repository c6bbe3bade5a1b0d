use sea_orm::entity::prelude::*;

/// A rule of the MQTT console (docs/mqtt.md): a subscription keeps the messages of `filter` in
/// a recent-message buffer; a route republishes them to `target`.
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "mqtt_rules")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    /// `subscription` or `route`.
    pub kind: String,
    /// Unique per kind.
    pub name: String,
    /// An MQTT topic filter (`+` and `#` wildcards).
    pub filter: String,
    /// Routes: the topic messages are republished to (`{imei}` substituted); empty otherwise.
    pub target: String,
    /// Subscriptions: the QoS subscribed with; routes: the QoS of the republished message.
    pub qos: i16,
    pub enabled: bool,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
