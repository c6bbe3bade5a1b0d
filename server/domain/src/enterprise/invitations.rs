//! Invitations, each accepted or refused by the invited side and logged:
//! - `member`: a person, by phone, into the inviting enterprise with a role; the user whose
//!   phone it is accepts (after registering if need be) and becomes a member with that role;
//! - `enterprise`: another enterprise into a relation (type 2, 3 or 4, default cooperation) in
//!   which the inviting enterprise shares the listed vehicles;
//! - `vehicle`: another enterprise to take the listed vehicles into maintenance custody (a
//!   type-2 relation).
//!
//! The listed vehicles must be the inviting enterprise's or those of an enterprise below it,
//! when the invitation is sent and again when it is accepted. Accepting an enterprise or
//! vehicle invitation creates the confirmed relation (or adds the vehicles to an open one of
//! the same type). Invitations expire after seven days; the inviting side may cancel a
//! pending one.

use std::collections::HashMap;

use chrono::{DateTime, Duration, Utc};
use entities::{invitation, invitation_log, sys_authority, sys_user, sys_user_authority};
use sea_orm::{
    ActiveModelTrait, ColumnTrait, Condition, ConnectionTrait, DatabaseConnection, EntityTrait,
    QueryFilter, QueryOrder, QuerySelect, QueryTrait, Set,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::members::role_names;
use super::ownership::require_owned_below;
use super::{find, find_visible, relation_type_name};
use crate::scope::Scope;
use kernel::changes::{Change, announce};
use kernel::error::AppError;
use kernel::ids::ROLE_ENTERPRISE_MEMBER;
use kernel::paging::{self, PageQuery, PageResult};
use kernel::text;
use kernel::validate::{json_list, limited, to_json};

pub const PENDING: i16 = 0;
pub const ACCEPTED: i16 = 1;
pub const REFUSED: i16 = 2;
pub const CANCELLED: i16 = 3;
/// Shown for pending invitations past their expiry (never stored).
pub const EXPIRED: i16 = 4;
pub const VALID_DAYS: i64 = 7;

#[derive(Debug, Clone, Copy, Deserialize, Serialize, ToSchema, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    /// A person, by phone.
    Member,
    /// Another enterprise, into a relation.
    Enterprise,
    /// Another enterprise, to take vehicles into custody.
    Vehicle,
}

impl Kind {
    fn as_str(self) -> &'static str {
        match self {
            Self::Member => "member",
            Self::Enterprise => "enterprise",
            Self::Vehicle => "vehicle",
        }
    }
}

fn state_name(s: i16) -> String {
    match s {
        PENDING => text!("待处理", "pending"),
        ACCEPTED => text!("已接受", "accepted"),
        REFUSED => text!("已拒绝", "refused"),
        CANCELLED => text!("已撤回", "cancelled"),
        EXPIRED => text!("已过期", "expired"),
        _ => text!("未知", "unknown"),
    }
    .current()
    .to_owned()
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InvitationRow {
    #[serde(rename = "ID")]
    pub id: i64,
    /// member, enterprise or vehicle.
    #[serde(rename = "type")]
    pub kind: String,
    /// 0 pending, 1 accepted, 2 refused, 3 cancelled, 4 expired.
    pub state: i16,
    pub state_name: String,
    /// The inviting enterprise.
    pub ent_id: i64,
    pub ent_name: String,
    pub inviter_id: Option<i64>,
    pub inviter_name: String,
    /// Member invitations: the invited phone and the role offered.
    pub phone: String,
    pub authority_id: Option<i64>,
    pub authority_name: String,
    /// Enterprise and vehicle invitations: the invited enterprise and the relation offered.
    pub target_ent_id: Option<i64>,
    pub target_ent_name: String,
    pub relation_type: Option<i16>,
    pub relation_type_name: String,
    pub vehicle_ids: Vec<i64>,
    pub remark: String,
    pub reason: String,
    /// `sent` when the caller's side invited, else `received`.
    pub direction: String,
    /// The relation an accepted enterprise or vehicle invitation created or extended.
    pub relation_id: Option<i64>,
    pub expires_at: DateTime<Utc>,
    pub created_at: DateTime<Utc>,
    pub responded_at: Option<DateTime<Utc>>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InvitationLogRow {
    #[serde(rename = "ID")]
    pub id: i64,
    pub invitation_id: i64,
    /// created, accepted, refused or cancelled.
    pub action: String,
    pub actor_id: Option<i64>,
    pub actor_name: String,
    /// The enterprise the actor acted for.
    pub ent_id: Option<i64>,
    pub note: String,
    pub created_at: DateTime<Utc>,
}

fn not_found(id: i64) -> AppError {
    AppError::fail(text!("邀请 {} 不存在", "Invitation {} does not exist", id))
}

fn addressed_to_me(scope: &Scope) -> Condition {
    let mut c = Condition::any();
    if !scope.platform {
        c = c.add(scope.filter(invitation::Column::TargetEntId));
    }
    if !scope.user.phone.is_empty() {
        c = c.add(
            Condition::all()
                .add(invitation::Column::Kind.eq(Kind::Member.as_str()))
                .add(invitation::Column::Phone.eq(scope.user.phone.clone())),
        );
    }
    c
}

/// Invitations the scope sent (`sent`), received (`received`) or either.
fn visible(scope: &Scope, sent: bool, received: bool) -> Condition {
    if scope.platform {
        return Condition::all();
    }
    let mut c = Condition::any();
    if sent {
        c = c.add(scope.filter(invitation::Column::EnterpriseId));
    }
    if received {
        c = c.add(addressed_to_me(scope));
    }
    c
}

fn effective_state(i: &invitation::Model) -> i16 {
    if i.state == PENDING && i.expires_at <= Utc::now() {
        EXPIRED
    } else {
        i.state
    }
}

async fn rows(
    db: &impl ConnectionTrait,
    scope: &Scope,
    list: Vec<invitation::Model>,
) -> Result<Vec<InvitationRow>, AppError> {
    let mut ent_ids: Vec<i64> = list.iter().map(|i| i.enterprise_id).collect();
    ent_ids.extend(list.iter().filter_map(|i| i.target_ent_id));
    let ents = super::names(db, ent_ids).await?;
    let inviters: Vec<i64> = list.iter().filter_map(|i| i.inviter_id).collect();
    let users: HashMap<i64, String> = sys_user::Entity::find()
        .filter(sys_user::Column::Id.is_in(inviters))
        .all(db)
        .await?
        .into_iter()
        .map(|u| (u.id, u.nick_name))
        .collect();
    let roles = role_names(db).await?;
    Ok(list
        .into_iter()
        .map(|i| {
            let state = effective_state(&i);
            InvitationRow {
                id: i.id,
                kind: i.kind.clone(),
                state,
                state_name: state_name(state),
                ent_id: i.enterprise_id,
                ent_name: ents.get(&i.enterprise_id).cloned().unwrap_or_default(),
                inviter_id: i.inviter_id,
                inviter_name: i
                    .inviter_id
                    .and_then(|u| users.get(&u).cloned())
                    .unwrap_or_default(),
                authority_name: i
                    .authority_id
                    .and_then(|a| roles.get(&a).cloned())
                    .unwrap_or_default(),
                target_ent_name: i
                    .target_ent_id
                    .and_then(|t| ents.get(&t).cloned())
                    .unwrap_or_default(),
                relation_type_name: i.relation_type.map(relation_type_name).unwrap_or_default(),
                direction: if scope.sees(i.enterprise_id) {
                    "sent"
                } else {
                    "received"
                }
                .into(),
                vehicle_ids: json_list(&i.vehicle_ids),
                phone: i.phone,
                authority_id: i.authority_id,
                target_ent_id: i.target_ent_id,
                relation_type: i.relation_type,
                remark: i.remark,
                reason: i.reason,
                relation_id: i.relation_id,
                expires_at: i.expires_at,
                created_at: i.created_at,
                responded_at: i.responded_at,
            }
        })
        .collect())
}

async fn log(
    db: &impl ConnectionTrait,
    scope: &Scope,
    invitation_id: i64,
    action: &str,
    ent: Option<i64>,
    note: &str,
) -> Result<(), AppError> {
    invitation_log::ActiveModel {
        invitation_id: Set(invitation_id),
        action: Set(action.into()),
        actor_id: Set(Some(scope.user.id)),
        enterprise_id: Set(ent),
        note: Set(note.into()),
        created_at: Set(Utc::now()),
        ..Default::default()
    }
    .insert(db)
    .await?;
    Ok(())
}

pub struct NewInvitation {
    pub kind: Kind,
    pub ent_id: Option<i64>,
    pub phone: String,
    pub authority_id: Option<i64>,
    pub target_ent_id: Option<i64>,
    pub relation_type: Option<i16>,
    pub vehicle_ids: Vec<i64>,
    pub remark: String,
}

/// Sends an invitation from the caller's enterprise.
pub async fn invite(
    db: &DatabaseConnection,
    scope: &Scope,
    new: NewInvitation,
) -> Result<InvitationRow, AppError> {
    let from = scope.acting(new.ent_id)?;
    let remark = limited("remark", &new.remark, 200)?;
    let vehicles = kernel::validate::vehicle_ids("vehicleIds", &new.vehicle_ids)?;
    let txn = kernel::db::write_txn(db).await?;
    find_visible(&txn, scope, from).await?;
    let now = Utc::now();
    let mut row = invitation::ActiveModel {
        kind: Set(new.kind.as_str().into()),
        enterprise_id: Set(from),
        inviter_id: Set(Some(scope.user.id)),
        phone: Set(String::new()),
        authority_id: Set(None),
        target_ent_id: Set(None),
        relation_type: Set(None),
        vehicle_ids: Set("[]".into()),
        remark: Set(remark),
        state: Set(PENDING),
        reason: Set(String::new()),
        responder_id: Set(None),
        relation_id: Set(None),
        expires_at: Set(now + Duration::days(VALID_DAYS)),
        created_at: Set(now),
        responded_at: Set(None),
        ..Default::default()
    };
    let pending = invitation::Entity::find()
        .filter(invitation::Column::EnterpriseId.eq(from))
        .filter(invitation::Column::Kind.eq(new.kind.as_str()))
        .filter(invitation::Column::State.eq(PENDING))
        .filter(invitation::Column::ExpiresAt.gt(now));
    match new.kind {
        Kind::Member => {
            let phone = new.phone.trim().to_owned();
            crate::sms::check_phone(&phone)?;
            let role = new.authority_id.unwrap_or(ROLE_ENTERPRISE_MEMBER);
            sys_authority::Entity::find_by_id(role)
                .one(&txn)
                .await?
                .ok_or_else(|| {
                    AppError::fail(text!("角色 {} 不存在", "Role {} does not exist", role))
                })?;
            scope.may_grant(role)?;
            let members = sys_user_authority::Entity::find()
                .select_only()
                .column(sys_user_authority::Column::UserId)
                .filter(sys_user_authority::Column::EnterpriseId.eq(from))
                .into_query();
            let already = sys_user::Entity::find()
                .filter(sys_user::Column::Phone.eq(phone.clone()))
                .filter(sys_user::Column::Id.in_subquery(members))
                .one(&txn)
                .await?;
            if already.is_some() {
                return Err(AppError::fail(text!(
                    "手机号 {} 的用户已是企业 {} 的成员",
                    "The user with phone {} is already a member of enterprise {}",
                    phone,
                    from
                )));
            }
            if pending
                .filter(invitation::Column::Phone.eq(phone.clone()))
                .one(&txn)
                .await?
                .is_some()
            {
                return Err(AppError::fail(text!(
                    "已向手机号 {} 发出邀请，尚待处理",
                    "An invitation to phone {} is already pending",
                    phone
                )));
            }
            row.phone = Set(phone);
            row.authority_id = Set(Some(role));
        }
        Kind::Enterprise | Kind::Vehicle => {
            let target = new.target_ent_id.filter(|t| *t != 0).ok_or_else(|| {
                AppError::fail(text!(
                    "请求参数 targetEntId 不能为空",
                    "Field targetEntId is required"
                ))
            })?;
            if target == from {
                return Err(AppError::fail(text!(
                    "不能邀请自己的企业",
                    "An enterprise cannot invite itself"
                )));
            }
            find(&txn, target).await?;
            require_owned_below(&txn, from, &vehicles).await?;
            let relation_type = if new.kind == Kind::Vehicle {
                if vehicles.is_empty() {
                    return Err(AppError::fail(text!(
                        "vehicleIds 不能为空",
                        "vehicleIds must not be empty"
                    )));
                }
                2
            } else {
                let t = new.relation_type.unwrap_or(4);
                if !matches!(t, 2..=4) {
                    return Err(AppError::fail(text!(
                        "relationType 须为 2、3 或 4",
                        "relationType must be 2, 3 or 4"
                    )));
                }
                t
            };
            if pending
                .filter(invitation::Column::TargetEntId.eq(target))
                .one(&txn)
                .await?
                .is_some()
            {
                return Err(AppError::fail(text!(
                    "已向企业 {} 发出同类邀请，尚待处理",
                    "An invitation of this kind to enterprise {} is already pending",
                    target
                )));
            }
            row.target_ent_id = Set(Some(target));
            row.relation_type = Set(Some(relation_type));
            row.vehicle_ids = Set(to_json(&vehicles));
        }
    }
    let saved = row.insert(&txn).await?;
    log(&txn, scope, saved.id, "created", Some(from), "").await?;
    txn.commit().await?;
    Ok(rows(db, scope, vec![saved]).await?.remove(0))
}

#[derive(Debug, Clone, Copy, Deserialize, ToSchema, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum Answer {
    /// The invited side accepts.
    Accept,
    /// The invited side refuses, with an optional reason.
    Refuse,
    /// The inviting side withdraws a pending invitation.
    Cancel,
}

/// Accepts, refuses or cancels an invitation. Enterprise and vehicle invitations are answered
/// (and cancelled) only by callers whose role may manage relations (`manages_relations`); a
/// member invitation by the person invited, whatever their role.
pub async fn answer(
    db: &DatabaseConnection,
    scope: &Scope,
    id: i64,
    answer: Answer,
    reason: &str,
    manages_relations: bool,
) -> Result<InvitationRow, AppError> {
    announce(Change::Users(vec![scope.user.id]));
    announce(Change::Reach);
    let reason = limited("reason", reason, 200)?;
    let txn = kernel::db::write_txn(db).await?;
    let inv = invitation::Entity::find_by_id(id)
        .filter(visible(scope, true, true))
        .one(&txn)
        .await?
        .ok_or_else(|| not_found(id))?;
    let state = effective_state(&inv);
    if state != PENDING {
        return Err(AppError::fail(text!(
            "邀请 {} 已{}，不能再处理",
            "Invitation {} is {} and can no longer be answered",
            id,
            state_name(state)
        )));
    }
    let now = Utc::now();
    let mut row: invitation::ActiveModel = inv.clone().into();
    let kind = match inv.kind.as_str() {
        "member" => Kind::Member,
        "vehicle" => Kind::Vehicle,
        _ => Kind::Enterprise,
    };
    if kind != Kind::Member && !manages_relations {
        return Err(AppError::fail(text!(
            "您的角色不能处理企业间的邀请",
            "Your role may not answer invitations between enterprises"
        )));
    }
    let invited_side = match kind {
        Kind::Member => !scope.user.phone.is_empty() && scope.user.phone == inv.phone,
        Kind::Enterprise | Kind::Vehicle => inv.target_ent_id.is_some_and(|t| scope.sees(t)),
    };
    let acting_for = match kind {
        Kind::Member => None,
        _ => inv.target_ent_id,
    };
    let action = match answer {
        Answer::Cancel => {
            if !scope.sees(inv.enterprise_id) {
                return Err(AppError::fail(text!(
                    "只有邀请方可以撤回邀请",
                    "Only the inviting side may cancel an invitation"
                )));
            }
            row.state = Set(CANCELLED);
            "cancelled"
        }
        Answer::Accept | Answer::Refuse => {
            if !invited_side {
                return Err(AppError::fail(text!(
                    "邀请 {} 不是发给您的",
                    "Invitation {} is not addressed to you",
                    id
                )));
            }
            if answer == Answer::Refuse {
                row.state = Set(REFUSED);
                row.reason = Set(reason.clone());
                "refused"
            } else {
                match kind {
                    Kind::Member => {
                        let role = inv.authority_id.unwrap_or(ROLE_ENTERPRISE_MEMBER);
                        sys_user_authority::Entity::delete_many()
                            .filter(sys_user_authority::Column::UserId.eq(scope.user.id))
                            .filter(sys_user_authority::Column::EnterpriseId.eq(inv.enterprise_id))
                            .exec(&txn)
                            .await?;
                        sys_user_authority::ActiveModel {
                            user_id: Set(scope.user.id),
                            enterprise_id: Set(inv.enterprise_id),
                            authority_id: Set(role),
                        }
                        .insert(&txn)
                        .await?;
                    }
                    Kind::Enterprise | Kind::Vehicle => {
                        let target = inv.target_ent_id.unwrap_or_default();
                        let relation = super::relations::establish(
                            &txn,
                            inv.enterprise_id,
                            target,
                            inv.relation_type.unwrap_or(4),
                            &json_list::<i64>(&inv.vehicle_ids),
                            inv.inviter_id,
                        )
                        .await?;
                        row.relation_id = Set(Some(relation));
                    }
                }
                row.state = Set(ACCEPTED);
                "accepted"
            }
        }
    };
    row.responder_id = Set(Some(scope.user.id));
    row.responded_at = Set(Some(now));
    let saved = row.update(&txn).await?;
    let ent = if answer == Answer::Cancel {
        Some(inv.enterprise_id)
    } else {
        acting_for
    };
    log(&txn, scope, id, action, ent, &reason).await?;
    txn.commit().await?;
    Ok(rows(db, scope, vec![saved]).await?.remove(0))
}

#[derive(Debug, Default)]
pub struct InvitationFilter {
    /// sent, received or all (default).
    pub r#box: Option<String>,
    pub kind: Option<Kind>,
    pub state: Option<i16>,
}

fn boxes(b: Option<&str>) -> Result<(bool, bool), AppError> {
    match b.unwrap_or("all") {
        "all" | "" => Ok((true, true)),
        "sent" => Ok((true, false)),
        "received" => Ok((false, true)),
        other => Err(AppError::fail(text!(
            "box 须为 sent、received 或 all，而不是 {}",
            "box must be sent, received or all, not {}",
            other
        ))),
    }
}

/// Invitations the caller's side sent or received, newest first.
pub async fn list(
    db: &DatabaseConnection,
    scope: &Scope,
    f: InvitationFilter,
    page: PageQuery,
) -> Result<PageResult<InvitationRow>, AppError> {
    let (sent, received) = boxes(f.r#box.as_deref())?;
    let mut cond = Condition::all();
    if scope.platform && !(sent && received) {
        // Staff see everything; a box still narrows to their acting enterprise.
        let own = scope.enterprise_id.unwrap_or_default();
        cond = cond.add(if sent {
            invitation::Column::EnterpriseId.eq(own)
        } else {
            invitation::Column::TargetEntId.eq(own)
        });
    } else {
        cond = cond.add(visible(scope, sent, received));
    }
    if let Some(k) = f.kind {
        cond = cond.add(invitation::Column::Kind.eq(k.as_str()));
    }
    match f.state {
        Some(EXPIRED) => {
            cond = cond
                .add(invitation::Column::State.eq(PENDING))
                .add(invitation::Column::ExpiresAt.lte(Utc::now()));
        }
        Some(PENDING) => {
            cond = cond
                .add(invitation::Column::State.eq(PENDING))
                .add(invitation::Column::ExpiresAt.gt(Utc::now()));
        }
        Some(s) => cond = cond.add(invitation::Column::State.eq(s)),
        None => {}
    }
    let select = invitation::Entity::find()
        .filter(cond)
        .order_by_desc(invitation::Column::Id);
    let page = paging::fetch(db, select, page, |i| i).await?;
    Ok(PageResult {
        list: rows(db, scope, page.list).await?,
        total: page.total,
        page: page.page,
        page_size: page.page_size,
    })
}

/// The log of one invitation, or of every invitation the caller sees, newest first.
pub async fn logs(
    db: &DatabaseConnection,
    scope: &Scope,
    invitation_id: Option<i64>,
    page: PageQuery,
) -> Result<PageResult<InvitationLogRow>, AppError> {
    let seen = invitation::Entity::find()
        .select_only()
        .column(invitation::Column::Id)
        .filter(visible(scope, true, true));
    let mut cond = Condition::all();
    if let Some(id) = invitation_id.filter(|i| *i != 0) {
        invitation::Entity::find_by_id(id)
            .filter(visible(scope, true, true))
            .one(db)
            .await?
            .ok_or_else(|| not_found(id))?;
        cond = cond.add(invitation_log::Column::InvitationId.eq(id));
    } else {
        cond = cond.add(invitation_log::Column::InvitationId.in_subquery(seen.into_query()));
    }
    let select = invitation_log::Entity::find()
        .filter(cond)
        .order_by_desc(invitation_log::Column::Id);
    let page = paging::fetch(db, select, page, |l| l).await?;
    let actors: Vec<i64> = page.list.iter().filter_map(|l| l.actor_id).collect();
    let users: HashMap<i64, String> = sys_user::Entity::find()
        .filter(sys_user::Column::Id.is_in(actors))
        .all(db)
        .await?
        .into_iter()
        .map(|u| (u.id, u.nick_name))
        .collect();
    Ok(PageResult {
        list: page
            .list
            .into_iter()
            .map(|l| InvitationLogRow {
                id: l.id,
                invitation_id: l.invitation_id,
                actor_name: l
                    .actor_id
                    .and_then(|a| users.get(&a).cloned())
                    .unwrap_or_default(),
                action: l.action,
                actor_id: l.actor_id,
                ent_id: l.enterprise_id,
                note: l.note,
                created_at: l.created_at,
            })
            .collect(),
        total: page.total,
        page: page.page,
        page_size: page.page_size,
    })
}
