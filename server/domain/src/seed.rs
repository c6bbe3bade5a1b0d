//! First-start data, idempotent: every row is inserted only when its key is absent, so running
//! the seed again (every start does) changes nothing that exists.

use chrono::Utc;
use entities::{brand_profile, enterprise, sys_authority, sys_user, sys_user_authority};
use sea_orm::sea_query::OnConflict;
use sea_orm::{
    ActiveModelTrait, ColumnTrait, ConnectionTrait, DatabaseBackend, DatabaseConnection,
    EntityTrait, QueryFilter, Set,
};

use super::authz::{self, ApiEntry, CallKind};

use kernel::ids::{
    DEMO_BRANCH, DEMO_CLUSTER, DEMO_ENTERPRISE, DEMO_SERVICE, PLATFORM_ENTERPRISE,
    ROLE_CLUSTER_SUPERVISOR, ROLE_ENTERPRISE_ADMIN, ROLE_ENTERPRISE_MEMBER, ROLE_PLATFORM_OPERATOR,
    ROLE_PLATFORM_SUPPORT, ROLE_SERVICE_PROVIDER, ROLE_SUPER_ADMIN, ROLE_VISITOR,
    SAMPLE_ENTERPRISE,
};

const ROLES: [(i64, &str); 8] = [
    (ROLE_SUPER_ADMIN, "超级管理员"),
    (ROLE_PLATFORM_OPERATOR, "平台运营"),
    (ROLE_PLATFORM_SUPPORT, "平台客服"),
    (ROLE_ENTERPRISE_ADMIN, "企业管理员"),
    (ROLE_ENTERPRISE_MEMBER, "企业成员"),
    (ROLE_SERVICE_PROVIDER, "服务商"),
    (ROLE_CLUSTER_SUPERVISOR, "集群主管"),
    (ROLE_VISITOR, "访客"),
];

/// (app_name, description, domain, logo); the first is the default profile.
const BRANDS: [(&str, &str, &str, &str); 10] = [
    (
        "轮端预警",
        "商用车胎压、胎温、轴温与车队安全监控平台",
        "wheelend.cn",
        "wheelend",
    ),
    (
        "胎安云",
        "胎压胎温实时监测与告警云平台",
        "tyresafe.cn",
        "tyresafe",
    ),
    ("轮眼", "车轮安全可视化监控", "wheeleye.com.cn", "wheeleye"),
    (
        "车轮卫士",
        "挂车与牵引车轮端防火预警",
        "wheelguard.cn",
        "wheelguard",
    ),
    ("安轮", "物流车队轮胎安全管家", "saferoll.cn", "saferoll"),
    ("护轮宝", "轮毂温度监测与维保服务", "hubcare.cn", "hubcare"),
    ("胎温宝", "轮胎温度与压力监测", "temptyre.cn", "temptyre"),
    (
        "轴温哨兵",
        "轴温异常早发现、早处置",
        "axlesentry.com",
        "axlesentry",
    ),
    (
        "胎管家",
        "轮胎库存、里程与维保一体化管理",
        "fleettyre.cn",
        "fleettyre",
    ),
    (
        "Wheelend Global",
        "Chassis safety and fleet platform for commercial vehicles",
        "wheelend.com",
        "wheelend",
    ),
];

/// What the seed did that the operator must know.
pub struct SeedReport {
    /// Set when the admin account was created with a generated password.
    pub generated_admin_password: Option<String>,
}

/// Inserts the base data where it is missing.
///
/// # Errors
/// Database errors; the transaction is rolled back, so nothing is half-written.
pub async fn run(
    db: &DatabaseConnection,
    admin_password: Option<&str>,
    registry: &[ApiEntry],
) -> Result<SeedReport, sea_orm::DbErr> {
    let txn = kernel::db::write_txn(db).await?;
    let now = Utc::now();

    for (sort, (name, desc, domain, logo)) in (0..).zip(BRANDS) {
        let row = brand_profile::ActiveModel {
            app_name: Set(name.into()),
            desc: Set(desc.into()),
            app_logo: Set(format!("/brand/{logo}.svg")),
            ws_url: Set("/ws".into()),
            app_domain: Set(domain.into()),
            is_default: Set(sort == 0),
            sort: Set(sort),
            updated_at: Set(now),
            ..Default::default()
        };
        insert_missing(&txn, row, brand_profile::Column::AppDomain).await?;
    }

    for (id, name) in ROLES {
        let row = sys_authority::ActiveModel {
            authority_id: Set(id),
            authority_name: Set(name.into()),
            parent_id: Set(0),
            default_router: Set("map".into()),
            created_at: Set(now),
            updated_at: Set(now),
        };
        insert_missing(&txn, row, sys_authority::Column::AuthorityId).await?;
    }

    let enterprises = [
        (PLATFORM_ENTERPRISE, None, "轮端预警平台", "平台", 1),
        (DEMO_ENTERPRISE, None, "示范物流车队", "示范车队", 0),
        (
            DEMO_BRANCH,
            Some(DEMO_ENTERPRISE),
            "示范物流车队华南分队",
            "华南分队",
            0,
        ),
        (DEMO_SERVICE, None, "示范轮胎服务商", "示范服务商", 2),
        (
            SAMPLE_ENTERPRISE,
            None,
            "示例车队（演示数据）",
            "示例车队",
            0,
        ),
    ];
    let sample_exists = enterprise::Entity::find_by_id(SAMPLE_ENTERPRISE)
        .one(&txn)
        .await?
        .is_some();
    for (id, parent, name, abbreviation, ent_type) in enterprises {
        let row = enterprise::ActiveModel {
            id: Set(id),
            parent_id: Set(parent),
            ent_name: Set(name.into()),
            ent_abbreviation: Set(abbreviation.into()),
            logo: Set(String::new()),
            car_ico: Set(String::new()),
            enable_group: Set(true),
            ent_type: Set(ent_type),
            docking_platform: Set(0),
            wheel_support: Set(0),
            verified: Set(true),
            verify_state: Set(2),
            colony_id: Set(None),
            is_sample: Set(id == SAMPLE_ENTERPRISE),
            created_at: Set(now),
            updated_at: Set(now),
            ..Default::default()
        };
        insert_missing(&txn, row, enterprise::Column::Id).await?;
    }
    if !sample_exists {
        sample_fleet(&txn, now).await?;
    }
    if txn.get_database_backend() == DatabaseBackend::Postgres {
        // Explicit ids leave the identity sequence behind; move it past them.
        txn.execute_unprepared(
            "SELECT setval(pg_get_serial_sequence('enterprises', 'id'), (SELECT MAX(id) FROM enterprises))",
        )
        .await?;
    }
    demo_tenancy(&txn, now).await?;

    let mut report = SeedReport {
        generated_admin_password: None,
    };
    let admin_exists = sys_user::Entity::find()
        .filter(sys_user::Column::Username.eq("admin"))
        .one(&txn)
        .await?
        .is_some();
    if !admin_exists {
        let password = admin_password.map_or_else(
            || {
                let generated = random_password();
                report.generated_admin_password = Some(generated.clone());
                generated
            },
            str::to_owned,
        );
        let admin = super::users::account_row(
            "admin",
            "超级管理员",
            &password,
            ROLE_SUPER_ADMIN,
            PLATFORM_ENTERPRISE,
            false,
        );
        let admin = sys_user::Entity::insert(admin)
            .exec(&txn)
            .await?
            .last_insert_id;
        membership(&txn, admin, PLATFORM_ENTERPRISE, ROLE_SUPER_ADMIN).await?;
    }
    let visitor_exists = sys_user::Entity::find()
        .filter(sys_user::Column::Username.eq("visitor"))
        .one(&txn)
        .await?
        .is_some();
    if !visitor_exists {
        // Nobody knows this password: the visitor signs in through `type: visitorLogin`.
        let visitor = super::users::account_row(
            "visitor",
            "访客 visitor",
            &random_password(),
            ROLE_VISITOR,
            SAMPLE_ENTERPRISE,
            true,
        );
        let visitor = sys_user::Entity::insert(visitor)
            .exec(&txn)
            .await?
            .last_insert_id;
        membership(&txn, visitor, SAMPLE_ENTERPRISE, ROLE_VISITOR).await?;
    } else if !sample_exists {
        visitor_to_sample(&txn).await?;
    }
    grant_new_calls(&txn, registry).await?;
    let roles: Vec<i64> = ROLES.iter().map(|(id, _)| *id).collect();
    super::menu_seed::seed(&txn, &roles).await?;
    super::dictionary::seed(&txn).await?;
    txn.commit().await?;
    Ok(report)
}

/// The vehicles the visitor's map shows as sample data (the console's `SAMPLE_FLEET`):
/// plate, axle layout, longitude, latitude. The plates carry 示例 ("sample") so that no real
/// vehicle's plate is ever taken.
const SAMPLE_VEHICLES: [(&str, &str, f64, f64); 10] = [
    ("示例粤B·7K21A", "2,4,4", 113.934, 22.543),
    ("示例粤B·3M058", "2,4", 114.057, 22.612),
    ("示例粤S·9D317", "2,4,4", 113.752, 23.021),
    ("示例粤A·2F806", "2,4", 113.323, 23.129),
    ("示例粤L·6H442", "2,2,4", 114.413, 23.112),
    ("示例粤B·5T920", "2,4,4", 113.871, 22.748),
    ("示例粤E·1R663", "2,4", 113.121, 23.021),
    ("示例粤B·8Q145", "2,2,4", 114.241, 22.721),
    ("示例粤S·4N207", "2,4", 113.981, 22.952),
    ("示例粤A·7C551", "2,4,4", 113.452, 22.853),
];

/// Registers the sample fleet when the sample enterprise is first created (vehicles an
/// operator later removes stay removed). A plate already taken is skipped.
async fn sample_fleet<C: ConnectionTrait>(
    db: &C,
    now: chrono::DateTime<Utc>,
) -> Result<(), sea_orm::DbErr> {
    use super::vehicle::records::{layout_positions, new_state, parse_layout, reconcile_wheels};
    use entities::{vehicle, vehicle_state};
    let plates = SAMPLE_VEHICLES.map(|(plate, ..)| plate);
    let rows = SAMPLE_VEHICLES.iter().map(|(plate, layout, ..)| {
        fitted_vehicle(
            SAMPLE_ENTERPRISE,
            (*plate).into(),
            (*layout).into(),
            "示例数据 sample data",
            now,
        )
    });
    vehicle::Entity::insert_many(rows)
        .on_conflict(
            OnConflict::column(vehicle::Column::Plate)
                .do_nothing()
                .to_owned(),
        )
        .exec_without_returning(db)
        .await?;
    let added = vehicle::Entity::find()
        .filter(vehicle::Column::EnterpriseId.eq(SAMPLE_ENTERPRISE))
        .filter(vehicle::Column::Plate.is_in(plates))
        .all(db)
        .await?;
    for v in added {
        let Some((_, layout, lon, lat)) = SAMPLE_VEHICLES.iter().find(|s| s.0 == v.plate) else {
            continue;
        };
        let axles = parse_layout(layout).map_err(|e| sea_orm::DbErr::Custom(e.to_string()))?;
        reconcile_wheels(db, v.id, &layout_positions(&axles).1)
            .await
            .map_err(|e| sea_orm::DbErr::Custom(e.to_string()))?;
        let mut state = new_state(v.id);
        state.lat = Set(Some(*lat));
        state.lon = Set(Some(*lon));
        vehicle_state::Entity::insert(state)
            .on_conflict(
                OnConflict::column(vehicle_state::Column::VehicleId)
                    .do_nothing()
                    .to_owned(),
            )
            .exec_without_returning(db)
            .await?;
    }
    Ok(())
}

/// A visitor seeded before the sample enterprise existed belonged to the demo fleet; it moves
/// to the sample enterprise with it (once, when that enterprise is created).
async fn visitor_to_sample<C: ConnectionTrait>(db: &C) -> Result<(), sea_orm::DbErr> {
    use sea_orm::sea_query::Expr;
    let visitors = sys_user::Entity::find()
        .filter(sys_user::Column::IsVisitor.eq(true))
        .all(db)
        .await?;
    let ids: Vec<i64> = visitors.iter().map(|u| u.id).collect();
    sys_user_authority::Entity::delete_many()
        .filter(sys_user_authority::Column::UserId.is_in(ids.clone()))
        .exec(db)
        .await?;
    for visitor in &visitors {
        membership(db, visitor.id, SAMPLE_ENTERPRISE, visitor.authority_id).await?;
    }
    sys_user::Entity::update_many()
        .col_expr(sys_user::Column::NowEntId, Expr::value(SAMPLE_ENTERPRISE))
        .filter(sys_user::Column::Id.is_in(ids))
        .exec(db)
        .await?;
    Ok(())
}

/// The demo cluster (the fleet and the service provider, supervised by the platform) and a
/// confirmed maintenance-custody relation from the fleet to the service provider.
async fn demo_tenancy<C: ConnectionTrait>(
    db: &C,
    now: chrono::DateTime<Utc>,
) -> Result<(), sea_orm::DbErr> {
    use entities::{cluster, cluster_enterprise, relation};
    let row = cluster::ActiveModel {
        id: Set(DEMO_CLUSTER),
        name: Set("示范集群".into()),
        domain: Set(String::new()),
        logo: Set(String::new()),
        remark: Set("演示用集群".into()),
        supervisor_enterprise_id: Set(Some(PLATFORM_ENTERPRISE)),
        created_at: Set(now),
        updated_at: Set(now),
    };
    insert_missing(db, row, cluster::Column::Id).await?;
    if db.get_database_backend() == DatabaseBackend::Postgres {
        db.execute_unprepared(
            "SELECT setval(pg_get_serial_sequence('clusters', 'id'), GREATEST((SELECT MAX(id) FROM clusters), 100))",
        )
        .await?;
    }
    for ent in [DEMO_ENTERPRISE, DEMO_SERVICE] {
        let row = cluster_enterprise::ActiveModel {
            cluster_id: Set(DEMO_CLUSTER),
            enterprise_id: Set(ent),
            created_at: Set(now),
        };
        cluster_enterprise::Entity::insert(row)
            .on_conflict(
                OnConflict::columns([
                    cluster_enterprise::Column::ClusterId,
                    cluster_enterprise::Column::EnterpriseId,
                ])
                .do_nothing()
                .to_owned(),
            )
            .exec_without_returning(db)
            .await?;
        enterprise::Entity::update_many()
            .col_expr(
                enterprise::Column::ColonyId,
                sea_orm::sea_query::Expr::value(DEMO_CLUSTER),
            )
            .filter(enterprise::Column::Id.eq(ent))
            .filter(enterprise::Column::ColonyId.is_null())
            .exec(db)
            .await?;
    }
    let related = relation::Entity::find()
        .filter(relation::Column::EnterpriseId.eq(DEMO_ENTERPRISE))
        .filter(relation::Column::RelatedId.eq(DEMO_SERVICE))
        .one(db)
        .await?
        .is_some();
    if !related {
        relation::ActiveModel {
            enterprise_id: Set(DEMO_ENTERPRISE),
            related_id: Set(DEMO_SERVICE),
            relation_type: Set(2),
            state: Set(1),
            initiator_id: Set(DEMO_ENTERPRISE),
            requested_by: Set(None),
            remark: Set("示范维保托管".into()),
            reason: Set(String::new()),
            created_at: Set(now),
            updated_at: Set(now),
            confirmed_at: Set(Some(now)),
            ended_at: Set(None),
            ..Default::default()
        }
        .insert(db)
        .await?;
    }
    Ok(())
}

/// Registers calls the database does not know yet, and grants each call the server serves to
/// the roles whose default set includes it — once, when it is first served (a catalogue call
/// registered earlier without a kind is granted when a release starts serving it). Calls
/// already granted are left alone, so an operator's revocation of a default stays revoked
/// across restarts and upgrades.
async fn grant_new_calls<C: ConnectionTrait>(
    db: &C,
    registry: &[ApiEntry],
) -> Result<(), sea_orm::DbErr> {
    use entities::sys_api;
    use std::collections::BTreeMap;
    let known: BTreeMap<(String, String), (i64, Option<String>)> = sys_api::Entity::find()
        .all(db)
        .await?
        .into_iter()
        .map(|a| ((a.path, a.method), (a.id, a.kind)))
        .collect();
    let mut new = Vec::new();
    let mut newly_served = Vec::new();
    // Rows whose recorded kind changes, by their new kind: one statement per kind.
    let mut rekinded: BTreeMap<Option<String>, Vec<i64>> = BTreeMap::new();
    for entry in registry {
        let kind = entry.kind.map(|k| k.as_str().to_owned());
        match known.get(&(entry.path.clone(), entry.method.clone())) {
            None => {
                if kind.is_some() {
                    newly_served.push(entry.clone());
                }
                new.push(entry.clone());
            }
            Some((_, stored)) if *stored == kind => {}
            Some((id, stored)) => {
                if stored.is_none() && kind.is_some() {
                    newly_served.push(entry.clone());
                }
                // A `legacy` row was granted by the rule before kinds: only its kind is recorded.
                rekinded.entry(kind).or_default().push(*id);
            }
        }
    }
    for (kind, ids) in rekinded {
        sys_api::Entity::update_many()
            .col_expr(sys_api::Column::Kind, sea_orm::sea_query::Expr::value(kind))
            .filter(sys_api::Column::Id.is_in(ids))
            .exec(db)
            .await?;
    }
    authz::sync_registry(db, &new).await?;
    for (role, _) in ROLES {
        let calls = newly_served
            .iter()
            .filter(|e| default_grant(role, e))
            .map(|e| (e.path.clone(), e.method.clone()));
        authz::grant(db, role, calls).await?;
    }
    Ok(())
}

/// Calls every signed-in role needs for itself; a role created from the console gets them too.
pub const SELF_CALLS: &[&str] = &[
    "/api/user/getUserInfo",
    "/api/jwt/jsonInBlacklist",
    "/api/user/changePassword",
    // Cancelling one's own account (docs/site-pages.md).
    "/api/user/cancellation",
    "/api/user/setSelfInfo",
    "/api/sysAuthorityMenusEnterprise/getMenu",
    "/api/web/ent/my_enterprise/toggleList",
    "/api/web/ent/my_enterprise/cut",
    // The invited person answers an invitation whatever their role, and a trustee lists
    // what was entrusted to them.
    "/api/web/ent/invitation",
    "/api/web/ent/invitations",
    "/api/web/ent/trusteeship/list",
    "/api/sysDictionary/findSysDictionary",
    "/api/sysDictionary/getSysDictionaryList",
    "/api/aliyunToken",
    "/api/web/tool/aliyun/uploading",
    "/api/fileUploadAndDownload/getFileList",
    // Following a vehicle on the map is the caller's own preference.
    "/api/web/car/attention",
    // Everyone reads and acts on the messages pushed to them (the header bell) and sets
    // their own push settings.
    "/api/rule/push_log",
    "/api/rule/setUser",
    // Subscribing oneself to the periodic fleet reports (docs/reports.md).
    "/api/dataReport/subscription_save",
    "/api/dataReport/subscription_delete",
    "/api/dataReport/subscription_send",
];
const VISITOR_SELF_CALLS: &[&str] = &[
    "/api/user/getUserInfo",
    "/api/jwt/jsonInBlacklist",
    "/api/sysAuthorityMenusEnterprise/getMenu",
    "/api/sysDictionary/findSysDictionary",
];
/// Reads the screens of the visitor's menus make outside the vehicle, track and report areas:
/// the vehicle list's group filter (the visitor sees only sample data, see `Scope`).
const VISITOR_READS: &[&str] = &["/api/web/group/groupList"];
const FLEET_AREAS: &[&str] = &[
    "enterprise",
    "vehicle",
    "device",
    "track",
    "report",
    "warehouse",
    "work",
    "rule",
];

/// The default policy set of each seeded role.
fn default_grant(role: i64, call: &ApiEntry) -> bool {
    let path = call.path.as_str();
    let area = call.group.as_str();
    let read = call.kind == Some(CallKind::Read);
    let is_self = SELF_CALLS.contains(&path);
    match role {
        ROLE_SUPER_ADMIN => true,
        // Platform staff run the platform but do not edit roles, menus or the API registry.
        ROLE_PLATFORM_OPERATOR | ROLE_PLATFORM_SUPPORT => area != "authz" || read,
        // Enterprise admins also narrow the menus of roles inside their own enterprise.
        ROLE_ENTERPRISE_ADMIN => {
            is_self
                || FLEET_AREAS.contains(&area)
                // Their vehicles, drivers and devices (system tables stay with platform staff).
                || path == "/api/web/tool/csv"
                // Their devices as the MQTT console lists them (docs/mqtt.md).
                || path == "/api/mqtt/clients"
                || path.starts_with("/api/user/")
                || path.starts_with("/api/sysAuthorityMenusEnterprise/")
        }
        ROLE_ENTERPRISE_MEMBER => {
            is_self || (read && FLEET_AREAS.contains(&area)) || area == "work"
        }
        ROLE_SERVICE_PROVIDER => {
            is_self
                || matches!(area, "work" | "device" | "warehouse")
                || (read && matches!(area, "vehicle" | "track" | "report" | "enterprise"))
        }
        ROLE_CLUSTER_SUPERVISOR => is_self || (read && FLEET_AREAS.contains(&area)),
        ROLE_VISITOR => {
            VISITOR_SELF_CALLS.contains(&path)
                || VISITOR_READS.contains(&path)
                || (read && matches!(area, "vehicle" | "track" | "report" | "warehouse"))
        }
        _ => false,
    }
}

async fn insert_missing<A, C>(
    db: &C,
    row: A,
    key: <A::Entity as EntityTrait>::Column,
) -> Result<(), sea_orm::DbErr>
where
    A: sea_orm::ActiveModelTrait + Send,
    C: ConnectionTrait,
{
    <A::Entity as EntityTrait>::insert(row)
        .on_conflict(OnConflict::column(key).do_nothing().to_owned())
        .exec_without_returning(db)
        .await
        .map(|_| ())
}

async fn membership<C: ConnectionTrait>(
    db: &C,
    user_id: i64,
    enterprise_id: i64,
    authority_id: i64,
) -> Result<(), sea_orm::DbErr> {
    let row = sys_user_authority::ActiveModel {
        user_id: Set(user_id),
        enterprise_id: Set(enterprise_id),
        authority_id: Set(authority_id),
    };
    sys_user_authority::Entity::insert(row)
        .exec_without_returning(db)
        .await
        .map(|_| ())
}

/// 20 characters from an alphabet without look-alikes.
pub fn random_password() -> String {
    use rand::Rng;
    const ALPHABET: &[u8] = b"abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789";
    let mut rng = rand::rng();
    (0..20)
        .map(|_| ALPHABET[rng.random_range(0..ALPHABET.len())] as char)
        .collect()
}

/// A seeded or simulated vehicle: installed, no trailer, brand or VIN.
pub fn fitted_vehicle(
    enterprise_id: i64,
    plate: String,
    axle_layout: String,
    remark: &str,
    now: chrono::DateTime<chrono::Utc>,
) -> entities::vehicle::ActiveModel {
    entities::vehicle::ActiveModel {
        enterprise_id: Set(enterprise_id),
        plate: Set(plate),
        vin: Set(String::new()),
        kind: Set(0),
        trailer_id: Set(None),
        brand_id: Set(None),
        series_id: Set(None),
        class_id: Set(None),
        device_type_id: Set(0),
        head_img_url: Set(String::new()),
        axle_layout: Set(axle_layout),
        install_state: Set(1),
        power_supply: Set(0),
        recharge: Set(false),
        remark: Set(remark.to_owned()),
        created_at: Set(now),
        updated_at: Set(now),
        ..Default::default()
    }
}
