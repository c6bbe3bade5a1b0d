//! Members' own push settings in an enterprise: push on or off, channels, the alarm kinds they
//! want (none named: all) and quiet hours. A member sets their own; an administrator sets
//! anyone's in the enterprise.

use std::collections::HashMap;

use chrono::Utc;
use entities::{push_member_setting, push_rule, push_rule_member, sys_user, sys_user_authority};
use sea_orm::sea_query::OnConflict;
use sea_orm::{
    ColumnTrait, Condition, ConnectionTrait, DatabaseConnection, EntityTrait, QueryFilter,
    QueryOrder, QuerySelect, QueryTrait, Set,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::{CHANNEL_CONSOLE, check_channels, check_kinds, check_members, check_quiet};
use crate::enterprise::members::role_names;
use crate::scope::Scope;
use kernel::error::AppError;
use kernel::paging::{self, PageQuery, PageResult};
use kernel::search::contains;
use kernel::text;
use kernel::validate::{json_list, to_json};

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Member {
    pub user_id: i64,
    pub nick_name: String,
    /// Masked: `138****5678`.
    pub phone: String,
    pub role_name: String,
    pub push_enabled: bool,
    pub channels: Vec<String>,
    /// Alarm kinds wanted; empty: all.
    pub kinds: Vec<i16>,
    pub quiet_from: Option<String>,
    pub quiet_to: Option<String>,
    /// Rules of the enterprise that notify this member.
    pub rule_count: u64,
}

/// A member's settings as the dispatcher applies them.
#[derive(Debug, Clone)]
pub struct Setting {
    pub push_enabled: bool,
    pub channels: Vec<String>,
    pub kinds: Vec<i16>,
    pub quiet_from: Option<String>,
    pub quiet_to: Option<String>,
}

impl Default for Setting {
    fn default() -> Self {
        Self {
            push_enabled: true,
            channels: vec![CHANNEL_CONSOLE.to_owned()],
            kinds: Vec::new(),
            quiet_from: None,
            quiet_to: None,
        }
    }
}

impl From<push_member_setting::Model> for Setting {
    fn from(m: push_member_setting::Model) -> Self {
        Self {
            push_enabled: m.push_enabled,
            channels: json_list(&m.channels),
            kinds: json_list(&m.kinds),
            quiet_from: m.quiet_from,
            quiet_to: m.quiet_to,
        }
    }
}

/// Settings of `users` in enterprise `ent` (defaults for those who never set any).
pub async fn settings(
    db: &impl ConnectionTrait,
    ent: i64,
    users: &[i64],
) -> Result<HashMap<i64, Setting>, AppError> {
    let mut found: HashMap<i64, Setting> = push_member_setting::Entity::find()
        .filter(push_member_setting::Column::EnterpriseId.eq(ent))
        .filter(push_member_setting::Column::UserId.is_in(users.to_vec()))
        .all(db)
        .await?
        .into_iter()
        .map(|m| (m.user_id, m.into()))
        .collect();
    for u in users {
        found.entry(*u).or_default();
    }
    Ok(found)
}

/// `13812345678` → `138****5678`; short numbers keep only their last two digits.
fn mask_phone(phone: &str) -> String {
    let chars: Vec<char> = phone.chars().collect();
    match chars.len() {
        0 => String::new(),
        n if n >= 7 => {
            let head: String = chars[..3].iter().collect();
            let tail: String = chars[n - 4..].iter().collect();
            format!("{head}****{tail}")
        }
        n => {
            let tail: String = chars[n.saturating_sub(2)..].iter().collect();
            format!("****{tail}")
        }
    }
}

async fn members(
    db: &impl ConnectionTrait,
    ent: i64,
    memberships: Vec<sys_user_authority::Model>,
) -> Result<Vec<Member>, AppError> {
    let ids: Vec<i64> = memberships.iter().map(|m| m.user_id).collect();
    let users: HashMap<i64, sys_user::Model> = sys_user::Entity::find()
        .filter(sys_user::Column::Id.is_in(ids.clone()))
        .all(db)
        .await?
        .into_iter()
        .map(|u| (u.id, u))
        .collect();
    let roles = role_names(db).await?;
    let mut set = settings(db, ent, &ids).await?;
    let rules_of_ent = push_rule::Entity::find()
        .select_only()
        .column(push_rule::Column::Id)
        .filter(push_rule::Column::EnterpriseId.eq(ent))
        .into_query();
    let mut rule_counts: HashMap<i64, u64> = HashMap::new();
    for user in push_rule_member::Entity::find()
        .select_only()
        .column(push_rule_member::Column::UserId)
        .filter(push_rule_member::Column::UserId.is_in(ids))
        .filter(push_rule_member::Column::RuleId.in_subquery(rules_of_ent))
        .into_tuple::<i64>()
        .all(db)
        .await?
    {
        *rule_counts.entry(user).or_default() += 1;
    }
    Ok(memberships
        .into_iter()
        .filter_map(|m| {
            let u = users.get(&m.user_id)?;
            let s = set.remove(&m.user_id).unwrap_or_default();
            Some(Member {
                user_id: u.id,
                nick_name: u.nick_name.clone(),
                phone: mask_phone(&u.phone),
                role_name: roles.get(&m.authority_id).cloned().unwrap_or_default(),
                push_enabled: s.push_enabled,
                channels: s.channels,
                kinds: s.kinds,
                quiet_from: s.quiet_from,
                quiet_to: s.quiet_to,
                rule_count: rule_counts.get(&u.id).copied().unwrap_or_default(),
            })
        })
        .collect())
}

/// Members of an enterprise (default: the acting one) with their push settings.
pub async fn list(
    db: &DatabaseConnection,
    scope: &Scope,
    ent_id: Option<i64>,
    keyword: Option<&str>,
    page: PageQuery,
) -> Result<PageResult<Member>, AppError> {
    let ent = scope.acting(ent_id)?;
    let mut cond = Condition::all().add(sys_user_authority::Column::EnterpriseId.eq(ent));
    if let Some(k) = keyword.map(str::trim).filter(|k| !k.is_empty()) {
        let users = sys_user::Entity::find()
            .select_only()
            .column(sys_user::Column::Id)
            .filter(
                [
                    sys_user::Column::Username,
                    sys_user::Column::NickName,
                    sys_user::Column::Phone,
                ]
                .into_iter()
                .fold(Condition::any(), |c, col| c.add(contains(col, k))),
            )
            .into_query();
        cond = cond.add(sys_user_authority::Column::UserId.in_subquery(users));
    }
    let select = sys_user_authority::Entity::find()
        .filter(cond)
        .order_by_asc(sys_user_authority::Column::UserId);
    let page = paging::fetch(db, select, page, |m| m).await?;
    Ok(PageResult {
        list: members(db, ent, page.list).await?,
        total: page.total,
        page: page.page,
        page_size: page.page_size,
    })
}

/// A member's push settings.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SettingInput {
    pub user_id: i64,
    /// The enterprise the settings apply in (default: the acting one).
    #[serde(default, alias = "ent_id", alias = "enterpriseId")]
    pub ent_id: Option<i64>,
    pub push_enabled: bool,
    /// `console` and/or `webhook`.
    #[serde(default)]
    pub channels: Vec<String>,
    /// Alarm kinds wanted; empty: all.
    #[serde(default)]
    pub kinds: Vec<i16>,
    #[serde(default)]
    pub quiet_from: Option<String>,
    #[serde(default)]
    pub quiet_to: Option<String>,
}

/// Saves a member's settings: their own, or (administrators) any member's of the enterprise.
pub async fn set(
    db: &DatabaseConnection,
    scope: &Scope,
    input: &SettingInput,
) -> Result<Member, AppError> {
    let ent = scope.acting(input.ent_id)?;
    if input.user_id != scope.user.id {
        super::require_manager(scope)?;
    } else if scope.read_only() {
        return Err(AppError::fail(text!(
            "只读授权不能修改",
            "A read-only trusteeship cannot change data"
        )));
    }
    check_members(db, "userId", ent, &[input.user_id]).await?;
    let channels = check_channels("channels", &input.channels, false)?;
    let kinds = check_kinds("kinds", &input.kinds, false)?;
    let (quiet_from, quiet_to) =
        check_quiet(input.quiet_from.as_deref(), input.quiet_to.as_deref())?;
    use push_member_setting::Column as C;
    push_member_setting::Entity::insert(push_member_setting::ActiveModel {
        enterprise_id: Set(ent),
        user_id: Set(input.user_id),
        push_enabled: Set(input.push_enabled),
        channels: Set(to_json(&channels)),
        kinds: Set(to_json(&kinds)),
        quiet_from: Set(quiet_from),
        quiet_to: Set(quiet_to),
        updated_at: Set(Utc::now()),
    })
    .on_conflict(
        OnConflict::columns([C::EnterpriseId, C::UserId])
            .update_columns([
                C::PushEnabled,
                C::Channels,
                C::Kinds,
                C::QuietFrom,
                C::QuietTo,
                C::UpdatedAt,
            ])
            .to_owned(),
    )
    .exec_without_returning(db)
    .await?;
    let membership = sys_user_authority::Entity::find()
        .filter(sys_user_authority::Column::EnterpriseId.eq(ent))
        .filter(sys_user_authority::Column::UserId.eq(input.user_id))
        .all(db)
        .await?;
    Ok(members(db, ent, membership).await?.remove(0))
}

#[cfg(test)]
mod tests {
    #[test]
    fn phones_are_masked() {
        assert_eq!(super::mask_phone("13812345678"), "138****5678");
        assert_eq!(super::mask_phone("12345"), "****45");
        assert_eq!(super::mask_phone(""), "");
    }
}
