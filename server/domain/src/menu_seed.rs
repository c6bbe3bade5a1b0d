//! The seeded menu tree (documented in `docs/menu-tree.md`, kept in step by a test) and the
//! default menus and buttons of each seeded role.
//!
//! Seeding follows the call registry's rule: a menu is created (with its buttons, and granted to
//! the roles whose default set includes it) only when no menu of that `name` exists, so an
//! operator's edits and revocations survive restarts and upgrades.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::LazyLock;

use chrono::Utc;
use entities::{sys_authority_btn, sys_authority_menu, sys_base_menu, sys_base_menu_btn};
use sea_orm::sea_query::OnConflict;
use sea_orm::{ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter, Set};

use kernel::ids::{
    ROLE_CLUSTER_SUPERVISOR, ROLE_ENTERPRISE_ADMIN, ROLE_ENTERPRISE_MEMBER, ROLE_PLATFORM_OPERATOR,
    ROLE_PLATFORM_SUPPORT, ROLE_SERVICE_PROVIDER, ROLE_SUPER_ADMIN, ROLE_VISITOR,
};

/// One seeded menu. `parent` is the parent's `name` ("" for a root); `flags` holds `H`
/// (hidden), `K` (keep-alive) and `C` (close tab); `buttons` is a comma-separated list.
#[derive(Debug, Clone, Copy)]
pub struct SeedMenu {
    pub name: &'static str,
    pub parent: &'static str,
    pub path: &'static str,
    pub component: &'static str,
    pub flags: &'static str,
    pub title: &'static str,
    pub title_en: &'static str,
    pub icon: &'static str,
    pub buttons: &'static str,
    pub active_name: &'static str,
}

impl SeedMenu {
    pub fn hidden(&self) -> bool {
        self.flags.contains('H')
    }

    pub fn keep_alive(&self) -> bool {
        self.flags.contains('K')
    }

    pub fn close_tab(&self) -> bool {
        self.flags.contains('C')
    }

    pub fn buttons(&self) -> impl Iterator<Item = &'static str> {
        self.buttons.split(',').filter(|b| !b.is_empty())
    }
}

/// Every menu-driven view of console-spec §2, grouped as the spec groups them; parents come
/// before their children. The data is `menu-tree.tsv` beside this file.
pub static MENUS: LazyLock<Vec<SeedMenu>> =
    LazyLock::new(|| parse_tree(include_str!("menu-tree.tsv")));

/// The rows of `menu-tree.tsv` (comment lines start with `#`; the first other line names the
/// columns). A malformed file is a build defect the unit test below reports.
fn parse_tree(tsv: &'static str) -> Vec<SeedMenu> {
    let mut lines = tsv.lines().filter(|l| !l.starts_with('#') && !l.is_empty());
    let header: Vec<&str> = lines
        .next()
        .map(|h| h.split('\t').collect())
        .unwrap_or_default();
    assert_eq!(header, COLUMNS, "menu-tree.tsv: unexpected columns");
    lines
        .map(|line| {
            let cells: Vec<&'static str> = line.split('\t').collect();
            assert_eq!(cells.len(), COLUMNS.len(), "menu-tree.tsv: {line}");
            SeedMenu {
                name: cells[0],
                parent: cells[1],
                path: cells[2],
                component: cells[3],
                flags: cells[4],
                title: cells[5],
                title_en: cells[6],
                icon: cells[7],
                buttons: cells[8],
                active_name: cells[9],
            }
        })
        .collect()
}

const COLUMNS: [&str; 10] = [
    "name",
    "parent",
    "path",
    "component",
    "flags",
    "title",
    "title_en",
    "icon",
    "buttons",
    "active_name",
];

/// What a role created through `createAuthority` sees (with everything below these): the home
/// page, its profile and the pieces the map and the layout need.
pub const NEW_ROLE_MENUS: &[&str] = &[
    "home",
    "person",
    "mapComponents",
    "layout",
    "error",
    "reload",
];

/// The description of a seeded button.
pub fn button_desc(name: &str) -> &'static str {
    match name {
        "add" => "新增",
        "edit" => "编辑",
        "delete" => "删除",
        "export" => "导出",
        "copy" => "复制",
        _ => "",
    }
}

fn find(name: &str) -> Option<&'static SeedMenu> {
    MENUS.iter().find(|m| m.name == name)
}

/// The menu and its ancestors, nearest first.
fn lineage(menu: &'static SeedMenu) -> impl Iterator<Item = &'static SeedMenu> {
    std::iter::successors(Some(menu), |m| find(m.parent))
}

fn under(menu: &'static SeedMenu, names: &[&str]) -> bool {
    lineage(menu).any(|m| names.contains(&m.name))
}

/// The subtrees each seeded role sees (`None`: everything) and the subtrees taken out of that.
fn role_menus(role: i64) -> (Option<&'static [&'static str]>, &'static [&'static str]) {
    const FLEET_TAIL: &[&str] = &["mapComponents", "layout", "error", "reload"];
    match role {
        ROLE_SUPER_ADMIN => (None, &[]),
        // Platform staff run the platform but do not edit roles, menus or the API registry.
        ROLE_PLATFORM_OPERATOR | ROLE_PLATFORM_SUPPORT => (None, &["authority", "menu", "api"]),
        ROLE_ENTERPRISE_ADMIN => (
            Some(&[
                "home",
                "colony",
                "dataManage",
                "equipmentManage",
                "projectArea",
                "person",
                "tracks",
                "mileageRoute",
                "locusList",
                "locusView",
                "locusMap",
                "routeList",
                "routeNodes",
                "tripList",
                "tripView",
                "nodeList",
                "poi",
                // Their devices' MQTT traffic (the rest of the MQTT console is platform staff's).
                "mqttClient",
                "mapComponents",
                "layout",
                "error",
                "reload",
            ]),
            &[],
        ),
        ROLE_ENTERPRISE_MEMBER => (
            Some(&[
                "home",
                "customerManage",
                "messageList",
                "maskedMessageList",
                "systemMessageList",
                "alertQuery",
                "stockManage",
                "stockDetail",
                "supplierDialog",
                "dataManage",
                "receiver",
                "sensor",
                "projectArea",
                "person",
                "tracks",
                "mileageRoute",
                "locusList",
                "locusView",
                "locusMap",
                "tripList",
                "tripView",
                "poi",
                "mapComponents",
                "layout",
                "error",
                "reload",
            ]),
            &[],
        ),
        ROLE_SERVICE_PROVIDER => (
            Some(&[
                "home",
                "customerManage",
                "maintenanceManage",
                "maintenanceDetail",
                "stockManage",
                "stockDetail",
                "supplierDialog",
                "supplierManage",
                "messageList",
                "systemMessageList",
                "vehicleManage",
                "tyreManage",
                "tyreBrand",
                "alarmList",
                "tyreMileage",
                "tyreLife",
                "equipmentManage",
                "projectArea",
                "person",
                "tracks",
                "mapComponents",
                "layout",
                "error",
                "reload",
            ]),
            &[],
        ),
        ROLE_CLUSTER_SUPERVISOR => (
            Some(&[
                "home",
                "superviseSetting",
                "alarmRules",
                "warningSetting",
                "alertQuery",
                "messageList",
                "systemMessageList",
                "dataManage",
                "allWorkOrders",
                "workOrderDetail",
                "orderList",
                "person",
                "tracks",
                "mileageRoute",
                "locusList",
                "locusView",
                "locusMap",
                "tripList",
                "tripView",
                "mapComponents",
                "layout",
                "error",
                "reload",
            ]),
            &[],
        ),
        ROLE_VISITOR => (
            Some(&[
                "home",
                "vehicleManage",
                "alarmList",
                "mileageInquiry",
                "tyreMileage",
                "tyreLife",
                "tracks",
                "locusMap",
                "mapComponents",
                "layout",
                "error",
                "reload",
            ]),
            &[],
        ),
        _ => (Some(FLEET_TAIL), &[]),
    }
}

/// The names of the menus a seeded role sees by default (with every ancestor).
pub fn default_menus(role: i64) -> BTreeSet<&'static str> {
    let (roots, excluded) = role_menus(role);
    let mut names = BTreeSet::new();
    for menu in MENUS.iter() {
        let included = roots.is_none_or(|roots| under(menu, roots));
        if included && !under(menu, excluded) {
            names.extend(lineage(menu).map(|m| m.name));
        }
    }
    names
}

/// Whether a seeded role may use a button of a menu it sees.
pub fn default_button(role: i64, menu: &'static SeedMenu, button: &str) -> bool {
    match role {
        ROLE_SUPER_ADMIN | ROLE_PLATFORM_OPERATOR | ROLE_PLATFORM_SUPPORT => true,
        // Forgetting an MQTT client is platform staff's.
        ROLE_ENTERPRISE_ADMIN => !under(menu, &["mqtt"]),
        ROLE_ENTERPRISE_MEMBER => under(menu, &["projectArea"]) || button == "export",
        ROLE_SERVICE_PROVIDER => {
            under(
                menu,
                &[
                    "projectArea",
                    "equipmentManage",
                    "maintenanceManage",
                    "stockManage",
                    "supplierManage",
                ],
            ) || button == "export"
        }
        ROLE_CLUSTER_SUPERVISOR => button == "export",
        _ => false,
    }
}

/// Creates the seeded menus that do not exist (by name) and grants them by role default.
pub async fn seed<C: ConnectionTrait>(db: &C, roles: &[i64]) -> Result<(), sea_orm::DbErr> {
    let now = Utc::now();
    let mut ids: BTreeMap<String, i64> = sys_base_menu::Entity::find()
        .all(db)
        .await?
        .into_iter()
        .map(|m| (m.name, m.id))
        .collect();
    let new: Vec<&'static SeedMenu> = MENUS.iter().filter(|m| !ids.contains_key(m.name)).collect();
    if new.is_empty() {
        return Ok(());
    }
    let mut sorts: BTreeMap<&str, i32> = BTreeMap::new();
    let sort_of: BTreeMap<&str, i32> = MENUS
        .iter()
        .map(|m| {
            let n = sorts.entry(m.parent).or_default();
            *n += 1;
            (m.name, *n)
        })
        .collect();
    // Parents first: insert level by level, reading the ids back in between.
    let mut pending = new.clone();
    while !pending.is_empty() {
        let (ready, later): (Vec<&'static SeedMenu>, Vec<&'static SeedMenu>) = pending
            .into_iter()
            .partition(|m| m.parent.is_empty() || ids.contains_key(m.parent));
        if ready.is_empty() {
            break;
        }
        for chunk in ready.chunks(100) {
            let rows = chunk
                .iter()
                .map(|m: &&'static SeedMenu| sys_base_menu::ActiveModel {
                    parent_id: Set(ids.get(m.parent).copied()),
                    path: Set(m.path.into()),
                    name: Set(m.name.into()),
                    hidden: Set(m.hidden()),
                    component: Set(m.component.into()),
                    sort: Set(sort_of.get(m.name).copied().unwrap_or_default()),
                    title: Set(m.title.into()),
                    title_en: Set(m.title_en.into()),
                    icon: Set(m.icon.into()),
                    keep_alive: Set(m.keep_alive()),
                    close_tab: Set(m.close_tab()),
                    default_menu: Set(false),
                    active_name: Set(m.active_name.into()),
                    created_at: Set(now),
                    updated_at: Set(now),
                    ..Default::default()
                });
            sys_base_menu::Entity::insert_many(rows)
                .exec_without_returning(db)
                .await?;
        }
        let names: Vec<&str> = ready.iter().map(|m| m.name).collect();
        for row in sys_base_menu::Entity::find()
            .filter(sys_base_menu::Column::Name.is_in(names))
            .all(db)
            .await?
        {
            ids.insert(row.name, row.id);
        }
        pending = later;
    }

    let new_ids: Vec<i64> = new
        .iter()
        .filter_map(|m| ids.get(m.name).copied())
        .collect();
    let buttons: Vec<sys_base_menu_btn::ActiveModel> = new
        .iter()
        .filter_map(|m| Some((ids.get(m.name).copied()?, m)))
        .flat_map(|(id, m)| {
            m.buttons().map(move |b| sys_base_menu_btn::ActiveModel {
                menu_id: Set(id),
                name: Set(b.into()),
                desc: Set(button_desc(b).into()),
                ..Default::default()
            })
        })
        .collect();
    for chunk in buttons.chunks(200) {
        sys_base_menu_btn::Entity::insert_many(chunk.to_vec())
            .exec_without_returning(db)
            .await?;
    }
    let mut button_ids: BTreeMap<(i64, String), i64> = BTreeMap::new();
    for chunk in new_ids.chunks(200) {
        for b in sys_base_menu_btn::Entity::find()
            .filter(sys_base_menu_btn::Column::MenuId.is_in(chunk.to_vec()))
            .all(db)
            .await?
        {
            button_ids.insert((b.menu_id, b.name), b.id);
        }
    }

    let mut menu_links = Vec::new();
    let mut button_links = Vec::new();
    for &role in roles {
        let names = default_menus(role);
        for m in new.iter().filter(|m| names.contains(m.name)) {
            let Some(&menu_id) = ids.get(m.name) else {
                continue;
            };
            menu_links.push(sys_authority_menu::ActiveModel {
                authority_id: Set(role),
                menu_id: Set(menu_id),
            });
            for b in m.buttons().filter(|b| default_button(role, m, b)) {
                if let Some(&btn_id) = button_ids.get(&(menu_id, b.to_owned())) {
                    button_links.push(sys_authority_btn::ActiveModel {
                        authority_id: Set(role),
                        menu_id: Set(menu_id),
                        btn_id: Set(btn_id),
                    });
                }
            }
        }
    }
    for chunk in menu_links.chunks(300) {
        sys_authority_menu::Entity::insert_many(chunk.to_vec())
            .on_conflict(
                OnConflict::columns([
                    sys_authority_menu::Column::AuthorityId,
                    sys_authority_menu::Column::MenuId,
                ])
                .do_nothing()
                .to_owned(),
            )
            .exec_without_returning(db)
            .await?;
    }
    for chunk in button_links.chunks(300) {
        sys_authority_btn::Entity::insert_many(chunk.to_vec())
            .on_conflict(
                OnConflict::columns([
                    sys_authority_btn::Column::AuthorityId,
                    sys_authority_btn::Column::BtnId,
                ])
                .do_nothing()
                .to_owned(),
            )
            .exec_without_returning(db)
            .await?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_and_parents_come_first() {
        let mut seen = BTreeSet::new();
        for m in MENUS.iter() {
            assert!(
                m.parent.is_empty() || seen.contains(m.parent),
                "{} after its parent",
                m.name
            );
            assert!(seen.insert(m.name), "{} is unique", m.name);
            assert!(
                m.component.contains('/'),
                "{} has a <group>/<view> key",
                m.name
            );
        }
    }

    #[test]
    fn role_defaults_name_existing_menus() {
        for role in [100, 101, 200, 300, 777] {
            let (roots, _) = role_menus(role);
            for name in roots.unwrap_or_default() {
                assert!(find(name).is_some(), "{role}: {name} exists");
            }
        }
        for name in NEW_ROLE_MENUS {
            assert!(find(name).is_some(), "{name} exists");
        }
        let all = default_menus(ROLE_SUPER_ADMIN);
        assert_eq!(all.len(), MENUS.len());
        let platform = default_menus(ROLE_PLATFORM_OPERATOR);
        assert!(!platform.contains("menu") && platform.contains("user"));
        let visitor = default_menus(ROLE_VISITOR);
        assert!(visitor.contains("dataManage") && !visitor.contains("superAdmin"));
    }
}
