//! The fleet list: vehicles with their live state, filtered, sorted and paged. The console's
//! list is served from the fleet snapshot with the rules below ([`ListFilter::keeps`],
//! [`ListFilter::compare`]); [`list_from_database`] applies the same rules in SQL, and a test
//! holds the two to the same answers.

use super::{FleetFilter, FleetRow, cutoff, group_of_vehicle, receiver_of_vehicle, trailer};
use crate::scope::Scope;
use chrono::{DateTime, Utc};
use entities::{
    device, enterprise_group_vehicle, group, vehicle, vehicle_follower, vehicle_member,
    vehicle_state,
};
use kernel::error::AppError;
use kernel::paging::{PageQuery, PageResult};
use kernel::search::contains;
use sea_orm::sea_query::{
    Alias, Condition, Expr, ExprTrait, JoinType, NullOrdering, Order, Query, SelectStatement,
};
use sea_orm::{
    ColumnTrait, ConnectionTrait, EntityTrait, FromQueryResult, QueryFilter, QuerySelect,
};
use serde::{Deserialize, Serialize};
use std::cmp::Ordering;
use std::collections::HashMap;
use utoipa::ToSchema;

/// The base of every fleet query: vehicles in scope, their state, the caller's follow, the
/// group (in the vehicle's enterprise) and the receiver.
fn base(scope: &Scope, filter: FleetFilter) -> Result<SelectStatement, AppError> {
    let mut q = Query::select();
    q.from(vehicle::Entity)
        .join(
            JoinType::LeftJoin,
            vehicle_state::Entity,
            Expr::col((vehicle_state::Entity, vehicle_state::Column::VehicleId))
                .equals((vehicle::Entity, vehicle::Column::Id)),
        )
        .join(
            JoinType::LeftJoin,
            vehicle_follower::Entity,
            Condition::all()
                .add(
                    Expr::col((
                        vehicle_follower::Entity,
                        vehicle_follower::Column::VehicleId,
                    ))
                    .equals((vehicle::Entity, vehicle::Column::Id)),
                )
                .add(
                    Expr::col((vehicle_follower::Entity, vehicle_follower::Column::UserId))
                        .eq(scope.user.id),
                ),
        )
        .join(
            JoinType::LeftJoin,
            enterprise_group_vehicle::Entity,
            group_of_vehicle(),
        )
        .join(JoinType::LeftJoin, device::Entity, receiver_of_vehicle())
        .cond_where(scope.vehicle_filter(vehicle::Column::Id, vehicle::Column::EnterpriseId));
    if let Some(ent) = filter.enterprise_id.filter(|e| *e != 0) {
        scope.require(ent)?;
        q.and_where(Expr::col((vehicle::Entity, vehicle::Column::EnterpriseId)).eq(ent));
    }
    if let Some(uid) = filter.member_id.filter(|u| *u != 0) {
        q.and_where(
            Expr::col((vehicle::Entity, vehicle::Column::Id)).in_subquery(
                Query::select()
                    .column(vehicle_member::Column::VehicleId)
                    .from(vehicle_member::Entity)
                    .and_where(Expr::col(vehicle_member::Column::UserId).eq(uid))
                    .to_owned(),
            ),
        );
    }
    Ok(q)
}

/// `final_at` missing or older than the cutoff.
fn offline_expr(cutoff: DateTime<Utc>) -> Condition {
    Condition::any()
        .add(Expr::col((vehicle_state::Entity, vehicle_state::Column::FinalAt)).is_null())
        .add(Expr::col((vehicle_state::Entity, vehicle_state::Column::FinalAt)).lt(cutoff))
}

fn state_col(c: vehicle_state::Column) -> Expr {
    Expr::col((vehicle_state::Entity, c))
}

/// The vehicle list's state filter.
#[derive(Debug, Clone, Copy, Deserialize, ToSchema, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub enum StateFilter {
    Alarm,
    Offline,
    Online,
    Driving,
    Followed,
    NotInstalled,
}

/// What the vehicle list may be sorted by.
#[derive(Debug, Clone, Copy, Default, Deserialize, ToSchema, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub enum SortField {
    #[default]
    Id,
    Plate,
    Created,
    FinalTime,
    InstallState,
}

#[derive(Debug, Clone, Copy, Default, Deserialize, ToSchema, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum SortOrder {
    Asc,
    #[default]
    Desc,
}

/// Filters of the vehicle list.
#[derive(Debug, Clone, Default)]
pub struct ListFilter {
    pub fleet: FleetFilter,
    pub keyword: Option<String>,
    pub group_id: Option<i64>,
    pub kind: Option<i16>,
    pub install_state: Option<i16>,
    pub state: Option<StateFilter>,
    pub sort: SortField,
    pub order: SortOrder,
}

impl ListFilter {
    /// The keyword as matched: trimmed and lowered, None when empty.
    pub(in crate::vehicle) fn keyword_lowered(&self) -> Option<String> {
        self.keyword
            .as_deref()
            .map(str::trim)
            .filter(|k| !k.is_empty())
            .map(str::to_lowercase)
    }

    /// Whether the list keeps `row` (the SQL filters of [`list_from_database`], in memory);
    /// `keyword` from [`Self::keyword_lowered`].
    pub(in crate::vehicle) fn keeps(
        &self,
        row: &FleetRow,
        keyword: Option<&str>,
        offline: bool,
        followed: bool,
    ) -> bool {
        let state = match self.state {
            None => true,
            Some(StateFilter::Alarm) => row.alarm.unwrap_or_default(),
            Some(StateFilter::Offline) => offline,
            Some(StateFilter::Online) => !offline,
            Some(StateFilter::Driving) => !offline && row.speed.is_some_and(|s| s > 0.0),
            Some(StateFilter::Followed) => followed,
            Some(StateFilter::NotInstalled) => row.install_state == 0,
        };
        state
            && keyword.is_none_or(|k| {
                row.plate.to_lowercase().contains(k) || row.vin.to_lowercase().contains(k)
            })
            && self.group_id.is_none_or(|g| row.group_id == Some(g))
            && self.kind.is_none_or(|k| row.kind == k)
            && self.install_state.is_none_or(|s| row.install_state == s)
    }

    /// The list's order (the SQL order of [`list_from_database`]): the sort field, then id, both
    /// in the asked direction; never-reported vehicles are the oldest.
    pub(in crate::vehicle) fn compare(&self, a: &FleetRow, b: &FleetRow) -> Ordering {
        let by_field = match self.sort {
            SortField::Id => Ordering::Equal,
            SortField::Plate => a.plate.cmp(&b.plate),
            SortField::Created => a.created_at.cmp(&b.created_at),
            SortField::FinalTime => a.final_at.cmp(&b.final_at),
            SortField::InstallState => a.install_state.cmp(&b.install_state),
        };
        let ascending = by_field.then(a.id.cmp(&b.id));
        match self.order {
            SortOrder::Asc => ascending,
            SortOrder::Desc => ascending.reverse(),
        }
    }
}

impl FleetRow {
    /// The list's row of this vehicle; names are looked up by the caller for the page only.
    pub(in crate::vehicle) fn list_row(
        &self,
        offline: bool,
        followed: bool,
        ent_name: String,
        group_name: String,
    ) -> VehicleRow {
        VehicleRow {
            car_id: self.id,
            plate: self.plate.clone(),
            vin: self.vin.clone(),
            kind: self.kind,
            enterprise_id: self.enterprise_id,
            ent_name,
            group_id: self.group_id,
            group_name,
            trailer_id: self.trailer_id,
            trailer_plate: self.trailer_plate.clone().unwrap_or_default(),
            axle_layout: self.axle_layout.clone(),
            device_type_id: self.device_type_id,
            install_state: self.install_state,
            imei: self.imei.clone().unwrap_or_default(),
            attention: followed,
            is_alarm: self.alarm.unwrap_or_default(),
            offline,
            speed: self.speed.unwrap_or_default(),
            final_time: self.final_at.map(|t| t.timestamp_millis()),
            created: self.created_at.timestamp_millis(),
        }
    }
}

/// A row of the vehicle list.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VehicleRow {
    pub car_id: i64,
    pub plate: String,
    pub vin: String,
    /// 0 tractor/truck, 1 trailer, 2 bus, 3 other.
    pub kind: i16,
    pub enterprise_id: i64,
    pub ent_name: String,
    pub group_id: Option<i64>,
    pub group_name: String,
    pub trailer_id: Option<i64>,
    pub trailer_plate: String,
    pub axle_layout: String,
    pub device_type_id: i16,
    /// 0 not installed, 1 installed, 2 installing.
    pub install_state: i16,
    pub imei: String,
    pub attention: bool,
    pub is_alarm: bool,
    pub offline: bool,
    /// km/h
    pub speed: f64,
    /// Last report (ms), absent when never.
    pub final_time: Option<i64>,
    pub created: i64,
}

#[derive(Debug, FromQueryResult)]
struct ListRow {
    id: i64,
    plate: String,
    vin: String,
    kind: i16,
    enterprise_id: i64,
    trailer_id: Option<i64>,
    trailer_plate: Option<String>,
    axle_layout: String,
    device_type_id: i16,
    install_state: i16,
    created_at: DateTime<Utc>,
    final_at: Option<DateTime<Utc>>,
    speed: Option<f64>,
    alarm: Option<bool>,
    followed: Option<i64>,
    group_id: Option<i64>,
    imei: Option<String>,
}

#[derive(Debug, FromQueryResult)]
struct Count {
    n: i64,
}

/// The vehicle list read with SQL: filtered, sorted (id breaks ties, so pages are stable),
/// paged. Never-reported vehicles sort as the oldest on both databases.
pub async fn list_from_database(
    db: &impl ConnectionTrait,
    scope: &Scope,
    filter: ListFilter,
    page: PageQuery,
) -> Result<PageResult<VehicleRow>, AppError> {
    let page = page.checked()?;
    let cutoff = cutoff();
    let mut q = base(scope, filter.fleet)?;
    if let Some(k) = filter
        .keyword
        .as_deref()
        .map(str::trim)
        .filter(|k| !k.is_empty())
    {
        q.cond_where(
            Condition::any()
                .add(contains(vehicle::Column::Plate, k))
                .add(contains(vehicle::Column::Vin, k)),
        );
    }
    if let Some(g) = filter.group_id {
        q.and_where(
            Expr::col((
                enterprise_group_vehicle::Entity,
                enterprise_group_vehicle::Column::GroupId,
            ))
            .eq(g),
        );
    }
    if let Some(k) = filter.kind {
        q.and_where(Expr::col((vehicle::Entity, vehicle::Column::Kind)).eq(k));
    }
    if let Some(s) = filter.install_state {
        q.and_where(Expr::col((vehicle::Entity, vehicle::Column::InstallState)).eq(s));
    }
    match filter.state {
        None => {}
        Some(StateFilter::Alarm) => {
            q.and_where(state_col(vehicle_state::Column::Alarm).eq(true));
        }
        Some(StateFilter::Offline) => {
            q.cond_where(offline_expr(cutoff));
        }
        Some(StateFilter::Online) => {
            q.cond_where(offline_expr(cutoff).not());
        }
        Some(StateFilter::Driving) => {
            q.cond_where(offline_expr(cutoff).not());
            q.and_where(state_col(vehicle_state::Column::Speed).gt(0.0));
        }
        Some(StateFilter::Followed) => {
            q.and_where(
                Expr::col((vehicle_follower::Entity, vehicle_follower::Column::UserId))
                    .is_not_null(),
            );
        }
        Some(StateFilter::NotInstalled) => {
            q.and_where(Expr::col((vehicle::Entity, vehicle::Column::InstallState)).eq(0));
        }
    }
    let mut counting = q.clone();
    counting.expr_as(
        Expr::col((vehicle::Entity, vehicle::Column::Id)).count(),
        Alias::new("n"),
    );
    let total = Count::find_by_statement(db.get_database_backend().build(&counting))
        .one(db)
        .await?
        .map_or(0, |c| c.n);

    use vehicle::Column as V;
    for c in [
        V::Id,
        V::Plate,
        V::Vin,
        V::Kind,
        V::EnterpriseId,
        V::TrailerId,
        V::AxleLayout,
        V::DeviceTypeId,
        V::InstallState,
        V::CreatedAt,
    ] {
        q.column((vehicle::Entity, c));
    }
    q.columns([
        (vehicle_state::Entity, vehicle_state::Column::FinalAt),
        (vehicle_state::Entity, vehicle_state::Column::Speed),
        (vehicle_state::Entity, vehicle_state::Column::Alarm),
    ])
    .expr_as(
        Expr::col((vehicle_follower::Entity, vehicle_follower::Column::UserId)),
        Alias::new("followed"),
    )
    .column((
        enterprise_group_vehicle::Entity,
        enterprise_group_vehicle::Column::GroupId,
    ))
    .column((device::Entity, device::Column::Imei))
    .expr_as(
        Expr::col((trailer(), vehicle::Column::Plate)),
        Alias::new("trailer_plate"),
    )
    .join_as(
        JoinType::LeftJoin,
        vehicle::Entity,
        trailer(),
        Expr::col((trailer(), vehicle::Column::Id))
            .equals((vehicle::Entity, vehicle::Column::TrailerId)),
    );
    let order = match filter.order {
        SortOrder::Asc => Order::Asc,
        SortOrder::Desc => Order::Desc,
    };
    match filter.sort {
        SortField::Id => {}
        SortField::Plate => {
            q.order_by((vehicle::Entity, V::Plate), order.clone());
        }
        SortField::Created => {
            q.order_by((vehicle::Entity, V::CreatedAt), order.clone());
        }
        SortField::FinalTime => {
            let nulls = match order {
                Order::Asc => NullOrdering::First,
                _ => NullOrdering::Last,
            };
            q.order_by_with_nulls(
                (vehicle_state::Entity, vehicle_state::Column::FinalAt),
                order.clone(),
                nulls,
            );
        }
        SortField::InstallState => {
            q.order_by((vehicle::Entity, V::InstallState), order.clone());
        }
    }
    q.order_by((vehicle::Entity, V::Id), order)
        .limit(page.page_size)
        .offset(page.offset);
    let rows = ListRow::find_by_statement(db.get_database_backend().build(&q))
        .all(db)
        .await?;
    let names = crate::enterprise::names(db, rows.iter().map(|r| r.enterprise_id)).await?;
    let groups = group_names(db, rows.iter().filter_map(|r| r.group_id)).await?;
    let list = rows
        .into_iter()
        .map(|r| VehicleRow {
            car_id: r.id,
            ent_name: names.get(&r.enterprise_id).cloned().unwrap_or_default(),
            group_name: r
                .group_id
                .and_then(|g| groups.get(&g).cloned())
                .unwrap_or_default(),
            plate: r.plate,
            vin: r.vin,
            kind: r.kind,
            enterprise_id: r.enterprise_id,
            group_id: r.group_id,
            trailer_id: r.trailer_id,
            trailer_plate: r.trailer_plate.unwrap_or_default(),
            axle_layout: r.axle_layout,
            device_type_id: r.device_type_id,
            install_state: r.install_state,
            imei: r.imei.unwrap_or_default(),
            attention: r.followed.is_some(),
            is_alarm: r.alarm.unwrap_or_default(),
            offline: r.final_at.is_none_or(|t| t < cutoff),
            speed: r.speed.unwrap_or_default(),
            final_time: r.final_at.map(|t| t.timestamp_millis()),
            created: r.created_at.timestamp_millis(),
        })
        .collect();
    Ok(page.holding(list, total))
}

/// Group names by id (one query).
pub async fn group_names(
    db: &impl ConnectionTrait,
    ids: impl IntoIterator<Item = i64>,
) -> Result<HashMap<i64, String>, AppError> {
    let ids: std::collections::BTreeSet<i64> = ids.into_iter().collect();
    Ok(group::Entity::find()
        .select_only()
        .columns([group::Column::Id, group::Column::Name])
        .filter(group::Column::Id.is_in(ids))
        .into_tuple::<(i64, String)>()
        .all(db)
        .await?
        .into_iter()
        .collect())
}
