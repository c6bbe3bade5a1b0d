//! The vehicle list is served from the fleet snapshot; the SQL list states the same rules.
//! Both must give the same pages for every filter, order and reach.

use super::create_id;
use chrono::{Duration, Utc};
use domain::scope::Scope;
use domain::vehicle::fleet::{
    FleetFilter, ListFilter, SortField, SortOrder, StateFilter, list_from_database,
};
use entities::vehicle_state;
use entities::{enterprise_group_vehicle, group, relation, relation_vehicle, vehicle_follower};
use kernel::paging::PageQuery;
use sea_orm::{ActiveModelTrait, EntityTrait, Set};
use wheelend_tests::tenants::two_trees;
use wheelend_tests::{TestApp, json, spawn_app};

async fn scope_of(app: &TestApp, user: i64) -> Scope {
    let principal = app
        .state
        .principals
        .get(user)
        .await
        .expect("the principal reads")
        .expect("a known user");
    Scope::resolve(&app.state.db, &app.state.tree, &principal, None, false)
        .await
        .expect("a scope")
}

/// 45 vehicles over both trees with states (moving, parked, alarming, offline, never
/// reported), a group, follows and a relation that grants tree A three of tree B's vehicles.
async fn seed(app: &TestApp) -> wheelend_tests::tenants::Tenants {
    let t = two_trees(app).await;
    let db = &app.state.db;
    let now = Utc::now();
    let owners = [
        (t.a.root, &t.a.admin),
        (t.a.child, &t.a.admin),
        (t.b.root, &t.b.admin),
    ];
    let mut ids = Vec::new();
    for i in 0..45i64 {
        let (ent, token) = owners[usize::try_from(i % 3).unwrap()];
        // Plates out of id order, some sharing a prefix; every kind and install state.
        let id = create_id(
            app,
            token,
            json!({"plate": format!("沪B{:03}", (i * 37) % 100), "entId": ent,
                   "vin": format!("LVIN{i:04}X"), "kind": i % 4, "installState": i % 3,
                   "axleLayout": if i % 4 == 1 { "4,4" } else { "2,4" }}),
        )
        .await;
        ids.push((id, ent));
        let mut state: vehicle_state::ActiveModel = vehicle_state::Entity::find_by_id(id)
            .one(db)
            .await
            .unwrap()
            .expect("a state row")
            .into();
        // Every fifth never reported; others reported minutes or hours ago (ties included).
        state.final_at = Set((i % 5 != 0).then(|| now - Duration::minutes((i * 13) % 90)));
        state.speed = Set(if i % 2 == 0 { 0.0 } else { 40.0 + i as f64 });
        state.alarm = Set(i % 7 == 0);
        state.update(db).await.unwrap();
    }
    let g = group::ActiveModel {
        enterprise_id: Set(t.a.root),
        name: Set("Line 1".into()),
        remark: Set(String::new()),
        sort: Set(0),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    }
    .insert(db)
    .await
    .unwrap();
    for (id, _) in ids.iter().filter(|(_, e)| *e == t.a.root).step_by(2) {
        enterprise_group_vehicle::ActiveModel {
            enterprise_id: Set(t.a.root),
            vehicle_id: Set(*id),
            group_id: Set(g.id),
            updated_at: Set(now),
        }
        .insert(db)
        .await
        .unwrap();
    }
    for (id, _) in ids.iter().step_by(4) {
        vehicle_follower::ActiveModel {
            user_id: Set(t.a.member_id),
            vehicle_id: Set(*id),
            created_at: Set(now),
        }
        .insert(db)
        .await
        .unwrap();
    }
    let granted = relation::ActiveModel {
        enterprise_id: Set(t.b.root),
        related_id: Set(t.a.root),
        relation_type: Set(2),
        state: Set(1),
        initiator_id: Set(t.b.root),
        remark: Set(String::new()),
        reason: Set(String::new()),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    }
    .insert(db)
    .await
    .unwrap();
    for (id, _) in ids.iter().filter(|(_, e)| *e == t.b.root).take(3) {
        relation_vehicle::ActiveModel {
            relation_id: Set(granted.id),
            vehicle_id: Set(*id),
        }
        .insert(db)
        .await
        .unwrap();
    }
    // Written behind the services' backs: what their announcements would have said.
    app.state
        .apply(&kernel::changes::Changes {
            reach: true,
            all_vehicles: true,
            ..Default::default()
        })
        .await;
    t
}

fn filter(state: Option<StateFilter>, sort: SortField, order: SortOrder) -> ListFilter {
    ListFilter {
        state,
        sort,
        order,
        ..ListFilter::default()
    }
}

#[tokio::test]
async fn the_vehicle_list_from_memory_answers_as_the_sql_does() {
    let app = spawn_app().await;
    let t = seed(&app).await;
    let group_id = group::Entity::find()
        .one(&app.state.db)
        .await
        .unwrap()
        .unwrap()
        .id;
    let mut cases = Vec::new();
    for sort in [
        SortField::Id,
        SortField::Plate,
        SortField::Created,
        SortField::FinalTime,
        SortField::InstallState,
    ] {
        for order in [SortOrder::Asc, SortOrder::Desc] {
            cases.push(filter(None, sort, order));
        }
    }
    for state in [
        StateFilter::Alarm,
        StateFilter::Offline,
        StateFilter::Online,
        StateFilter::Driving,
        StateFilter::Followed,
        StateFilter::NotInstalled,
    ] {
        cases.push(filter(Some(state), SortField::FinalTime, SortOrder::Desc));
    }
    for keyword in ["b03", "lvin001", "  沪B0 ", "%", "none-such"] {
        cases.push(ListFilter {
            keyword: Some(keyword.into()),
            sort: SortField::Plate,
            ..ListFilter::default()
        });
    }
    cases.push(ListFilter {
        group_id: Some(group_id),
        ..ListFilter::default()
    });
    cases.push(ListFilter {
        kind: Some(1),
        install_state: Some(2),
        ..ListFilter::default()
    });
    cases.push(ListFilter {
        fleet: FleetFilter {
            enterprise_id: Some(t.a.child),
            member_id: None,
        },
        sort: SortField::Created,
        order: SortOrder::Asc,
        ..ListFilter::default()
    });
    let pages = [(1, 7), (3, 7), (1, 100), (9, 10)];
    let mut compared = 0;
    for user in [t.a.member_id, t.a.admin_id, t.b.admin_id] {
        let scope = scope_of(&app, user).await;
        for case in &cases {
            for (page, page_size) in pages {
                let page = PageQuery { page, page_size };
                // Pages, or the same refusal (another tree's enterprise).
                let answer = |r: Result<_, kernel::error::AppError>| {
                    r.map(|p| serde_json::to_value(&p).unwrap())
                        .map_err(|e| e.to_string())
                };
                let sql =
                    answer(list_from_database(&app.state.db, &scope, case.clone(), page).await);
                let memory = answer(app.state.fleet.list(&scope, case.clone(), page).await);
                assert_eq!(memory, sql, "user {user}, {case:?}, {page:?}");
                compared += 1;
            }
        }
    }
    // The seed covers what it claims: relations reach, follows, groups.
    let scope = scope_of(&app, t.a.member_id).await;
    let all = app
        .state
        .fleet
        .list(
            &scope,
            ListFilter::default(),
            PageQuery {
                page: 1,
                page_size: 100,
            },
        )
        .await
        .unwrap();
    assert_eq!(all.total, 33, "30 of tree A and 3 granted by the relation");
    assert!(all.list.iter().any(|r| r.attention));
    assert!(all.list.iter().any(|r| !r.group_name.is_empty()));
    assert_eq!(compared, 3 * cases.len() * pages.len());
}
