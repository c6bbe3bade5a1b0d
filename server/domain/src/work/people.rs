//! The people of a work order: its assignee (`allocation`), participants, everyone related to
//! it, and the users an order may be given to (members of the enterprises the caller sees).

use std::collections::BTreeSet;

use entities::{sys_user, sys_user_authority, work_order, work_order_task};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, Condition, DatabaseConnection, EntityTrait, QueryFilter,
    QueryOrder, QuerySelect, QueryTrait, Set,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::orders::{LINK_PARTICIPANT, Person, checked_members, links, persons, replace_links};
use super::states::{self, CANCELLED, CLOSED};
use super::{find, find_writable, is_admin, logs};
use crate::scope::Scope;
use kernel::db::write_txn;
use kernel::error::AppError;
use kernel::i18n::Text;
use kernel::paging::{self, PageQuery, PageResult};
use kernel::search::contains;
use kernel::text;

/// Gives an order to someone (`allocation`).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Allocation {
    #[serde(alias = "orderId", alias = "order_id", alias = "workId", alias = "ID")]
    pub id: i64,
    #[serde(alias = "assignee_id", alias = "userId", alias = "handlerId")]
    pub assignee_id: i64,
}

/// The participants of an order: with `userIds` the new list (replacing it), without it the
/// current one.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Participants {
    #[serde(alias = "orderId", alias = "order_id", alias = "workId", alias = "ID")]
    pub id: i64,
    #[serde(default, alias = "user_ids", alias = "participantIds")]
    pub user_ids: Option<Vec<i64>>,
}

/// Someone related to an order, with their part.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Related {
    #[serde(flatten)]
    pub person: Person,
    /// requester, assignee, participant, task (a task's assignee); one person may have several.
    pub roles: Vec<String>,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UserSearch {
    #[serde(flatten)]
    pub page: PageQuery,
    /// Part of the user name, nick name or phone.
    #[serde(default, alias = "name", alias = "userName")]
    pub keyword: Option<String>,
    /// Only members of this enterprise (in the scope).
    #[serde(default, alias = "ent_id", alias = "enterpriseId")]
    pub ent_id: Option<i64>,
}

/// Gives an order to a member of an enterprise the caller sees; the requester, the current
/// assignee or an administrator may.
pub async fn allocate(
    db: &DatabaseConnection,
    scope: &Scope,
    req: Allocation,
) -> Result<work_order::Model, AppError> {
    let txn = write_txn(db).await?;
    let order = find_writable(&txn, scope, req.id).await?;
    if matches!(order.state, CANCELLED | CLOSED) {
        let s = states::label(order.state);
        return Err(AppError::fail(Text::new(
            format!("工单 {} {}，不能再指派", order.number, s.zh),
            format!(
                "Work order {} is {} and cannot be assigned",
                order.number, s.en
            ),
        )));
    }
    if order.requester_id != scope.user.id
        && order.assignee_id != Some(scope.user.id)
        && !is_admin(scope, &order)
    {
        return Err(AppError::fail(text!(
            "只有发起人、处理人或企业管理员可以指派工单 {}",
            "Only the requester, the assignee or an enterprise administrator may assign work order {}",
            order.number
        )));
    }
    let who = checked_members(&txn, scope, "assigneeId", &[req.assignee_id]).await?[0];
    let id = order.id;
    let mut row: work_order::ActiveModel = order.into();
    row.assignee_id = Set(Some(who));
    row.updated_at = Set(chrono::Utc::now());
    let saved = row.update(&txn).await?;
    let name = super::orders::user_names(&txn, [who])
        .await?
        .remove(&who)
        .unwrap_or_default();
    logs::log_change(
        &txn,
        id,
        scope.user.id,
        text!("指派给 {}", "assigned to {}", name),
    )
    .await?;
    txn.commit().await?;
    Ok(saved)
}

/// Reads or replaces the participants of an order.
pub async fn participants(
    db: &DatabaseConnection,
    scope: &Scope,
    req: Participants,
) -> Result<Vec<Person>, AppError> {
    let Some(ids) = req.user_ids else {
        let order = find(db, scope, req.id).await?;
        let ids = links(db, order.id, LINK_PARTICIPANT)
            .await?
            .into_iter()
            .map(|l| l.ref_id);
        return persons(db, ids).await;
    };
    let txn = write_txn(db).await?;
    let order = find_writable(&txn, scope, req.id).await?;
    let ids = checked_members(&txn, scope, "userIds", &ids).await?;
    let refs = ids.iter().map(|i| (*i, String::new())).collect();
    replace_links(&txn, order.id, LINK_PARTICIPANT, refs).await?;
    logs::log_change(
        &txn,
        order.id,
        scope.user.id,
        text!("修改了参与人", "changed the participants"),
    )
    .await?;
    let out = persons(&txn, ids).await?;
    txn.commit().await?;
    Ok(out)
}

/// Everyone related to an order: requester, assignee, participants, task assignees.
pub async fn related(
    db: &DatabaseConnection,
    scope: &Scope,
    id: i64,
) -> Result<Vec<Related>, AppError> {
    let order = find(db, scope, id).await?;
    let mut parts: Vec<(i64, &str)> = vec![(order.requester_id, "requester")];
    parts.extend(order.assignee_id.map(|a| (a, "assignee")));
    for l in links(db, order.id, LINK_PARTICIPANT).await? {
        parts.push((l.ref_id, "participant"));
    }
    let task_people: Vec<Option<i64>> = work_order_task::Entity::find()
        .select_only()
        .column(work_order_task::Column::AssigneeId)
        .filter(work_order_task::Column::OrderId.eq(order.id))
        .into_tuple()
        .all(db)
        .await?;
    parts.extend(task_people.into_iter().flatten().map(|a| (a, "task")));
    let ids: BTreeSet<i64> = parts.iter().map(|(i, _)| *i).collect();
    Ok(persons(db, ids)
        .await?
        .into_iter()
        .map(|p| {
            let mut roles: Vec<String> = Vec::new();
            for (_, r) in parts.iter().filter(|(i, _)| *i == p.id) {
                if !roles.iter().any(|x| x == r) {
                    roles.push((*r).to_owned());
                }
            }
            Related { person: p, roles }
        })
        .collect())
}

/// Members of the enterprises the scope sees, by name.
pub async fn search(
    db: &DatabaseConnection,
    scope: &Scope,
    q: UserSearch,
) -> Result<PageResult<Person>, AppError> {
    let mut members = sys_user_authority::Entity::find()
        .select_only()
        .column(sys_user_authority::Column::UserId);
    if let Some(e) = q.ent_id.filter(|e| *e != 0) {
        scope.require(e)?;
        members = members.filter(sys_user_authority::Column::EnterpriseId.eq(e));
    } else if !scope.platform {
        members = members
            .filter(sys_user_authority::Column::EnterpriseId.is_in(scope.visible.iter().copied()));
    }
    let mut c = Condition::all().add(sys_user::Column::Id.in_subquery(members.into_query()));
    if let Some(k) = q
        .keyword
        .as_deref()
        .map(str::trim)
        .filter(|k| !k.is_empty())
    {
        c = c.add(
            Condition::any()
                .add(contains(sys_user::Column::Username, k))
                .add(contains(sys_user::Column::NickName, k))
                .add(contains(sys_user::Column::Phone, k)),
        );
    }
    let select = sys_user::Entity::find()
        .filter(c)
        .order_by_asc(sys_user::Column::Id);
    paging::fetch(db, select, q.page, |u| Person {
        id: u.id,
        username: u.username,
        nick_name: u.nick_name,
        phone: u.phone,
    })
    .await
}
