//! Area `enterprise`: every call end to end, bad input included (refusals answer code 7 and
//! change nothing: read back to prove it).

use sea_orm::EntityTrait;
use serde_json::Value;
use wheelend_tests::TestApp;
use wheelend_tests::tenants::rows;

mod clusters;
mod members;
mod relations;
mod settings;
mod tree;
mod trusteeship;

pub(super) async fn parent_of(app: &TestApp, id: i64) -> Option<i64> {
    entities::enterprise::Entity::find_by_id(id)
        .one(&app.state.db)
        .await
        .unwrap()
        .unwrap()
        .parent_id
}

pub(super) fn ids(data: &Value, key: &str) -> Vec<i64> {
    rows(data)
        .iter()
        .map(|r| r[key].as_i64().unwrap())
        .collect()
}
