//! Alarms: active, acknowledged, cleared.

use super::{day0, record_day, seed_vehicle, snapshot};
use chrono::{DateTime, Duration, Utc};
use domain::vehicle::alarms::{self, Raise};
use entities::{relation, relation_vehicle, vehicle_state};
use sea_orm::{ActiveModelTrait, EntityTrait, Set};
use wheelend_tests::tenants::{self, rows};
use wheelend_tests::{TestApp, json, spawn_app};

/// A confirmed relation from `grantor` to `grantee` of `kind` covering `vehicle`.
async fn relate(app: &TestApp, grantor: i64, grantee: i64, kind: i16, vehicle: i64) {
    let db = &app.state.db;
    let now = Utc::now();
    let r = relation::ActiveModel {
        enterprise_id: Set(grantor),
        related_id: Set(grantee),
        relation_type: Set(kind),
        state: Set(1),
        initiator_id: Set(grantor),
        requested_by: Set(None),
        remark: Set(String::new()),
        reason: Set(String::new()),
        created_at: Set(now),
        updated_at: Set(now),
        confirmed_at: Set(Some(now)),
        ended_at: Set(None),
        ..Default::default()
    }
    .insert(db)
    .await
    .unwrap();
    relation_vehicle::Entity::insert(relation_vehicle::ActiveModel {
        relation_id: Set(r.id),
        vehicle_id: Set(vehicle),
    })
    .exec(db)
    .await
    .unwrap();
    // Written behind the services' backs: what their announcement would have said.
    app.state
        .apply(&kernel::changes::Changes {
            reach: true,
            ..Default::default()
        })
        .await;
}

async fn raise(
    app: &TestApp,
    v: i64,
    position: i32,
    kind: i16,
    level: i16,
    at: DateTime<Utc>,
) -> (i64, bool) {
    let enterprise_id = entities::vehicle::Entity::find_by_id(v)
        .one(&app.state.db)
        .await
        .unwrap()
        .unwrap()
        .enterprise_id;
    let (a, new) = alarms::raise(
        &app.state.db,
        &Raise {
            enterprise_id,
            maybe_open: true,
            vehicle_id: v,
            position,
            kind,
            level,
            value: Some(6.1),
            threshold: Some(7.2),
            at,
        },
    )
    .await
    .unwrap();
    (a.id, new)
}

async fn alarm_flag(app: &TestApp, v: i64) -> (bool, i16, i16) {
    let s = vehicle_state::Entity::find_by_id(v)
        .one(&app.state.db)
        .await
        .unwrap()
        .unwrap();
    (s.alarm, s.alarm_type, s.alarm_level)
}

#[tokio::test]
async fn alarms_move_from_active_to_acknowledged_to_cleared() {
    let app = spawn_app().await;
    let t = tenants::two_trees(&app).await;
    let v = seed_vehicle(&app, t.a.root, "粤A30001", "2,4").await;
    record_day(&app, v).await;
    let t0 = day0();
    let (low, new) = raise(&app, v, 11, alarms::kind::LOW_PRESSURE, 1, t0).await;
    assert!(new);
    // The same condition again refreshes the open alarm, its level only rising.
    let (again, new) = raise(
        &app,
        v,
        11,
        alarms::kind::LOW_PRESSURE,
        2,
        t0 + Duration::minutes(5),
    )
    .await;
    assert_eq!((again, new), (low, false));
    raise(
        &app,
        v,
        11,
        alarms::kind::LOW_PRESSURE,
        1,
        t0 + Duration::minutes(6),
    )
    .await;
    let (hub, _) = raise(
        &app,
        v,
        12,
        alarms::kind::AXLE_HIGH_TEMP,
        1,
        t0 + Duration::minutes(8),
    )
    .await;

    let list = app
        .api_web_abnormal_list(&json!({"open": true}), Some(&t.a.member))
        .await
        .ok();
    assert_eq!(list["total"], 2);
    assert_eq!(rows(&list)[0]["id"], hub, "newest first");
    let critical = app
        .api_web_abnormal_list(&json!({"level": 2, "vehicleId": v}), Some(&t.a.member))
        .await
        .ok();
    assert_eq!(critical["total"], 1);
    assert_eq!(rows(&critical)[0]["plate"], "粤A30001");

    // Positions while the alarms lasted.
    let tracks = app
        .api_web_car_abnormal_track(
            &json!({"vehicleId": v, "start": t0, "end": t0 + Duration::minutes(30), "alarmId": low}),
            Some(&t.a.admin),
        )
        .await
        .ok();
    assert_eq!(rows(&tracks).len(), 1);
    assert_eq!(rows(&tracks[0]["points"]).len(), 21);

    // Tree B cannot handle A's alarm; invalid transitions are refused; nothing changes.
    let before = snapshot(&app).await;
    app.api_web_car_alarm_submit(&json!({"id": low, "state": 1}), Some(&t.b.admin))
        .await
        .code(7);
    app.api_web_car_alarm_submit(&json!({"id": low, "state": 0}), Some(&t.a.admin))
        .await
        .code(7);
    app.api_web_car_alarm_submit(&json!({"id": low}), Some(&t.a.admin))
        .await
        .code(7);
    app.api_web_car_alarm_submit(
        &json!({"id": low, "state": 1, "note": "x".repeat(501)}),
        Some(&t.a.admin),
    )
    .await
    .code(7);
    assert_eq!(snapshot(&app).await, before);

    let acked = app
        .api_web_car_alarm_submit(
            &json!({"id": low, "state": 1, "note": "driver called"}),
            Some(&t.a.admin),
        )
        .await
        .ok();
    assert_eq!(acked["state"], 1);
    assert_eq!(acked["note"], "driver called");
    assert_eq!(acked["ackedBy"], t.a.admin_id);
    app.api_web_car_alarm_submit(&json!({"id": low, "state": 1}), Some(&t.a.admin))
        .await
        .code(7);
    let cleared = app
        .api_web_car_alarm_submit(
            &json!({"id": low, "state": 2, "note": "tyre changed"}),
            Some(&t.a.admin),
        )
        .await
        .ok();
    assert_eq!(cleared["state"], 2);
    assert_eq!(cleared["clearedBy"], t.a.admin_id);
    app.api_web_car_alarm_submit(&json!({"id": low, "state": 1}), Some(&t.a.admin))
        .await
        .code(7);
    assert_eq!(
        alarm_flag(&app, v).await,
        (true, alarms::kind::AXLE_HIGH_TEMP, 1)
    );
    // The condition ending clears the other; a new occurrence opens a new alarm.
    let gone = alarms::clear_condition(
        &app.state.db,
        v,
        12,
        alarms::kind::AXLE_HIGH_TEMP,
        t0 + Duration::minutes(20),
    )
    .await
    .unwrap()
    .unwrap();
    // (The vehicle's alarm flags follow ingestion's state write, tested in telemetry.rs; a
    // console action writes them itself, as checked above.)
    assert_eq!((gone.state, gone.cleared_by), (2, None));
    let (fresh, new) = raise(
        &app,
        v,
        11,
        alarms::kind::LOW_PRESSURE,
        1,
        t0 + Duration::hours(1),
    )
    .await;
    assert!(new && fresh != low);
    let cleared_list = app
        .api_web_abnormal_list(&json!({"state": 2}), Some(&t.a.member))
        .await
        .ok();
    assert_eq!(cleared_list["total"], 2);

    // Relations: a cooperation partner (type 4) reads but may not handle; a
    // maintenance-custody partner (type 2) handles.
    relate(&app, t.a.root, t.b.root, 4, v).await;
    let seen = app
        .api_web_abnormal_list(&json!({"open": true}), Some(&t.b.admin))
        .await
        .ok();
    assert_eq!(seen["total"], 1);
    app.api_web_car_instant(&json!({"vehicleId": v}), Some(&t.b.admin))
        .await
        .ok();
    let before = snapshot(&app).await;
    app.api_web_car_alarm_submit(&json!({"id": fresh, "state": 1}), Some(&t.b.admin))
        .await
        .code(7);
    app.api_web_service_car_service(
        &json!({"vehicleId": v, "create": {"item": "x"}}),
        Some(&t.b.admin),
    )
    .await
    .code(7);
    assert_eq!(snapshot(&app).await, before);
    relate(&app, t.a.root, t.b.root, 2, v).await;
    let handled = app
        .api_web_car_alarm_submit(
            &json!({"id": fresh, "state": 2, "note": "fixed on site"}),
            Some(&t.b.admin),
        )
        .await
        .ok();
    assert_eq!(handled["clearedBy"], t.b.admin_id);
}
