//! Sessions: password hashing, signed tokens, the revocation list, sign-in.

use std::collections::{BTreeSet, HashMap};
use std::sync::Arc;

use chrono::{DateTime, Utc};
use entities::{enterprise, jwt_blacklist, sys_authority, sys_user, sys_user_authority};
use jsonwebtoken::{Algorithm, DecodingKey, EncodingKey, Header, Validation};
use sea_orm::sea_query::OnConflict;
use sea_orm::{ColumnTrait, DatabaseConnection, EntityTrait, QueryFilter, QuerySelect, Set};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use super::passwords::verify_password;
use super::principal::{Principal, Principals};
use super::signins::{self, Attempt, Method, Origin, Outcome};
use super::users::find_user_by_id;
use kernel::error::AppError;
use kernel::i18n::Text;
use kernel::text;

/// What a token says about its holder.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub struct Claims {
    pub uid: i64,
    pub uuid: String,
    pub username: String,
    pub nick_name: String,
    pub authority_id: i64,
    pub visitor: bool,
    /// Unique per issued token, so two tokens issued in the same second differ.
    pub jti: String,
    pub iat: i64,
    pub exp: i64,
}

/// What a link token (a share link signed by [`Tokens::sign_link`]) says.
#[derive(Debug, Clone, Serialize, Deserialize)]
struct LinkClaims {
    /// What the link opens (e.g. `work.discussion`).
    aud: String,
    /// The thing it names.
    id: i64,
    iat: i64,
    exp: i64,
}

/// Why a link token is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LinkRefusal {
    Expired,
    /// Malformed, forged, or for another purpose.
    Invalid,
}

/// How the request's token (if any) was judged; set by the session middleware.
#[derive(Debug, Clone)]
pub enum SessionState {
    Anonymous,
    Valid(Arc<Claims>),
    Rejected(Text),
}

/// Signs and checks tokens, and remembers revoked ones.
#[derive(Clone)]
pub struct Tokens {
    encoding: EncodingKey,
    decoding: DecodingKey,
    ttl_secs: i64,
    buffer_secs: i64,
    /// SHA-256 of revoked tokens still within their lifetime. Loaded from the database at
    /// start, so a restart does not resurrect them.
    revoked: moka::sync::Cache<String, ()>,
}

impl Tokens {
    pub fn new(secret: &[u8], ttl_secs: i64, buffer_secs: i64) -> Self {
        Self {
            encoding: EncodingKey::from_secret(secret),
            decoding: DecodingKey::from_secret(secret),
            ttl_secs,
            buffer_secs,
            revoked: moka::sync::Cache::builder()
                .time_to_live(std::time::Duration::from_secs(
                    ttl_secs.max(1).unsigned_abs(),
                ))
                .build(),
        }
    }

    /// Loads the revocation list kept in the database.
    pub async fn load_revoked(&self, db: &DatabaseConnection) -> Result<(), sea_orm::DbErr> {
        let rows = jwt_blacklist::Entity::find()
            .filter(jwt_blacklist::Column::ExpiresAt.gt(Utc::now()))
            .all(db)
            .await?;
        for row in rows {
            self.revoked.insert(row.token_hash, ());
        }
        Ok(())
    }

    pub fn issue(&self, user: &sys_user::Model) -> (String, DateTime<Utc>) {
        let now = Utc::now().timestamp();
        let claims = Claims {
            uid: user.id,
            uuid: user.uuid.clone(),
            username: user.username.clone(),
            nick_name: user.nick_name.clone(),
            authority_id: user.authority_id,
            visitor: user.is_visitor,
            jti: uuid::Uuid::new_v4().simple().to_string(),
            iat: now,
            exp: now + self.ttl_secs,
        };
        self.sign(&claims)
    }

    fn sign(&self, claims: &Claims) -> (String, DateTime<Utc>) {
        let token = jsonwebtoken::encode(&Header::new(Algorithm::HS256), claims, &self.encoding)
            .expect("HS256 signing with an HMAC key cannot fail");
        (
            token,
            DateTime::from_timestamp(claims.exp, 0).unwrap_or_default(),
        )
    }

    /// Judges a presented token.
    pub fn verify(&self, token: &str) -> SessionState {
        if self.revoked.contains_key(&token_hash(token)) {
            return SessionState::Rejected(text!(
                "您的帐户异地登陆或令牌失效",
                "This session was signed out; please sign in again"
            ));
        }
        let mut validation = Validation::new(Algorithm::HS256);
        validation.leeway = 0;
        validation.set_required_spec_claims(&["exp"]);
        match jsonwebtoken::decode::<Claims>(token, &self.decoding, &validation) {
            Ok(data) => SessionState::Valid(Arc::new(data.claims)),
            Err(err)
                if matches!(
                    err.kind(),
                    jsonwebtoken::errors::ErrorKind::ExpiredSignature
                ) =>
            {
                SessionState::Rejected(text!(
                    "登录已过期，请重新登录",
                    "Session expired; please sign in again"
                ))
            }
            Err(_) => SessionState::Rejected(text!(
                "令牌无效，请重新登录",
                "Invalid token; please sign in again"
            )),
        }
    }

    /// A link token for `purpose` (its audience) naming `id`, valid for `ttl_secs`: signed with
    /// the session key, but neither kind is accepted as the other (a link has an audience and
    /// no user; a session token has no audience).
    pub fn sign_link(&self, purpose: &str, id: i64, ttl_secs: i64) -> (String, DateTime<Utc>) {
        let now = Utc::now().timestamp();
        let claims = LinkClaims {
            aud: purpose.to_owned(),
            id,
            iat: now,
            exp: now + ttl_secs,
        };
        let token = jsonwebtoken::encode(&Header::new(Algorithm::HS256), &claims, &self.encoding)
            .expect("HS256 signing with an HMAC key cannot fail");
        (
            token,
            DateTime::from_timestamp(claims.exp, 0).unwrap_or_default(),
        )
    }

    /// The id a link token for `purpose` names, or why it is refused.
    pub fn verify_link(&self, purpose: &str, token: &str) -> Result<i64, LinkRefusal> {
        let mut validation = Validation::new(Algorithm::HS256);
        validation.leeway = 0;
        validation.set_required_spec_claims(&["exp", "aud"]);
        validation.set_audience(&[purpose]);
        match jsonwebtoken::decode::<LinkClaims>(token, &self.decoding, &validation) {
            Ok(data) => Ok(data.claims.id),
            Err(err)
                if matches!(
                    err.kind(),
                    jsonwebtoken::errors::ErrorKind::ExpiredSignature
                ) =>
            {
                Err(LinkRefusal::Expired)
            }
            Err(_) => Err(LinkRefusal::Invalid),
        }
    }

    /// A fresh token when `claims` expires within the buffer window.
    pub fn refresh(&self, claims: &Claims) -> Option<(String, DateTime<Utc>)> {
        let now = Utc::now().timestamp();
        (claims.exp - now < self.buffer_secs).then(|| {
            self.sign(&Claims {
                jti: uuid::Uuid::new_v4().simple().to_string(),
                iat: now,
                exp: now + self.ttl_secs,
                ..claims.clone()
            })
        })
    }

    /// Revokes a token until it would have expired.
    pub async fn revoke(
        &self,
        db: &DatabaseConnection,
        token: &str,
        claims: &Claims,
    ) -> Result<(), AppError> {
        let hash = token_hash(token);
        let row = jwt_blacklist::ActiveModel {
            token_hash: Set(hash.clone()),
            expires_at: Set(DateTime::from_timestamp(claims.exp, 0).unwrap_or_default()),
            created_at: Set(Utc::now()),
        };
        jwt_blacklist::Entity::insert(row)
            .on_conflict(
                OnConflict::column(jwt_blacklist::Column::TokenHash)
                    .do_nothing()
                    .to_owned(),
            )
            .exec_without_returning(db)
            .await?;
        self.revoked.insert(hash, ());
        Ok(())
    }
}

fn token_hash(token: &str) -> String {
    hex::encode(Sha256::digest(token.as_bytes()))
}

/// The one message for every failed sign-in, so it never tells whether an account exists.
pub fn bad_credentials() -> AppError {
    AppError::fail(text!("用户名或密码错误", "Wrong username or password"))
}

pub async fn find_user(
    db: &DatabaseConnection,
    username: &str,
) -> Result<Option<sys_user::Model>, AppError> {
    Ok(sys_user::Entity::find()
        .filter(sys_user::Column::Username.eq(username))
        .one(db)
        .await?)
}

/// A refused sign-in: the answer for the caller and what the audit keeps.
struct Refused {
    outcome: Outcome,
    user_id: Option<i64>,
    error: AppError,
}

/// How a step's error is audited: as `outcome`, unless the server itself failed.
fn refusing(outcome: Outcome, user_id: Option<i64>) -> impl FnOnce(AppError) -> Refused {
    move |error| Refused {
        outcome: if matches!(error, AppError::Internal(_)) {
            Outcome::Error
        } else {
            outcome
        },
        user_id,
        error,
    }
}

impl From<AppError> for Refused {
    fn from(error: AppError) -> Self {
        refusing(Outcome::Error, None)(error)
    }
}

fn disabled() -> AppError {
    AppError::fail(text!("用户被禁止登录", "This account is disabled"))
}

/// Audits a sign-in attempt ([`signins`]) and answers it. `username` is the name given; the
/// account's own name is kept when none was.
fn audited(
    db: &DatabaseConnection,
    origin: &Origin,
    method: Method,
    username: &str,
    attempt: Result<sys_user::Model, Refused>,
) -> Result<sys_user::Model, AppError> {
    let given = username.trim();
    let (username, user_id, outcome) = match &attempt {
        Ok(user) if given.is_empty() => (user.username.as_str(), Some(user.id), Outcome::Ok),
        Ok(user) => (given, Some(user.id), Outcome::Ok),
        Err(refused) => (given, refused.user_id, refused.outcome),
    };
    signins::record(
        db,
        origin,
        &Attempt {
            method,
            username,
            user_id,
            outcome,
        },
    );
    attempt.map_err(|refused| refused.error)
}

/// Checks a password against an account (or none: then against a dummy hash, so timing does
/// not reveal which accounts exist).
fn check_password(
    account: Option<sys_user::Model>,
    password: &str,
) -> Result<sys_user::Model, Refused> {
    let hash = account
        .as_ref()
        .map_or(DUMMY_HASH, |u| u.password_hash.as_str());
    let ok = verify_password(password, hash);
    match account {
        // The visitor signs in only as the visitor.
        Some(user) if !ok || user.is_visitor => Err(refusing(Outcome::BadPassword, Some(user.id))(
            bad_credentials(),
        )),
        Some(user) if user.enable != 1 => Err(refusing(Outcome::Frozen, Some(user.id))(disabled())),
        Some(user) => Ok(user),
        None => Err(refusing(Outcome::UnknownUser, None)(bad_credentials())),
    }
}

/// The built-in visitor account the console signs in with automatically.
async fn visitor_sign_in(db: &DatabaseConnection) -> Result<sys_user::Model, Refused> {
    sys_user::Entity::find()
        .filter(sys_user::Column::IsVisitor.eq(true))
        .one(db)
        .await
        .map_err(AppError::from)?
        .ok_or_else(|| {
            refusing(Outcome::UnknownUser, None)(AppError::fail(text!(
                "访客账号未开放",
                "Visitor access is not available"
            )))
        })
}

/// argon2id hash of a random string nobody knows, verified against for unknown usernames.
const DUMMY_HASH: &str = "$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$3vFQGv1lHkTNmIhOmc9Bk1mBGZ2yDL3kqJQlOr2mQ8A";

/// The signed-in user as the console keeps it (console-spec §3).
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UserInfo {
    #[serde(rename = "ID")]
    pub id: i64,
    pub uuid: String,
    pub user_name: String,
    /// Display name (`nickName`), also sent as `name`.
    pub name: String,
    pub nick_name: String,
    pub header_img: String,
    pub phone: String,
    pub email: String,
    pub authority_id: i64,
    pub authority: AuthorityBrief,
    /// The user's role in each enterprise they belong to.
    pub authorities: Vec<super::users::Membership>,
    pub side_mode: String,
    pub active_color: String,
    pub base_color: String,
    pub now_ent_id: Option<i64>,
    #[serde(rename = "current_enterprise_id")]
    pub current_enterprise_id: Option<i64>,
    #[serde(rename = "current_cluster")]
    pub current_cluster: Option<i64>,
    pub visitor: bool,
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AuthorityBrief {
    pub authority_id: i64,
    pub authority_name: String,
    pub default_router: String,
}

/// The user as the console shows it, their memberships read from the database.
pub async fn user_info(
    db: &DatabaseConnection,
    user: sys_user::Model,
) -> Result<UserInfo, AppError> {
    let memberships = sys_user_authority::Entity::find()
        .filter(sys_user_authority::Column::UserId.eq(user.id))
        .all(db)
        .await?;
    user_info_with(db, user, &memberships).await
}

/// The user as the console shows it, from the rows a signed-in call already holds (its
/// principal): two reads, for the names of the roles and the enterprises.
pub async fn user_info_with(
    db: &DatabaseConnection,
    user: sys_user::Model,
    memberships: &[sys_user_authority::Model],
) -> Result<UserInfo, AppError> {
    let role_ids: BTreeSet<i64> = memberships
        .iter()
        .map(|m| m.authority_id)
        .chain([user.authority_id])
        .collect();
    let roles: HashMap<i64, sys_authority::Model> = sys_authority::Entity::find()
        .filter(sys_authority::Column::AuthorityId.is_in(role_ids))
        .all(db)
        .await?
        .into_iter()
        .map(|a| (a.authority_id, a))
        .collect();
    let ent_names: HashMap<i64, String> = enterprise::Entity::find()
        .select_only()
        .columns([enterprise::Column::Id, enterprise::Column::EntName])
        .filter(enterprise::Column::Id.is_in(memberships.iter().map(|m| m.enterprise_id)))
        .into_tuple::<(i64, String)>()
        .all(db)
        .await?
        .into_iter()
        .collect();
    let role_name = |id: i64| roles.get(&id).map(|a| a.authority_name.clone());
    let authority = roles.get(&user.authority_id).map_or_else(
        || AuthorityBrief {
            authority_id: user.authority_id,
            authority_name: String::new(),
            default_router: "map".into(),
        },
        |a| AuthorityBrief {
            authority_id: a.authority_id,
            authority_name: a.authority_name.clone(),
            default_router: a.default_router.clone(),
        },
    );
    let authorities = memberships
        .iter()
        .map(|m| super::users::Membership {
            enterprise_id: m.enterprise_id,
            ent_name: ent_names.get(&m.enterprise_id).cloned().unwrap_or_default(),
            authority_id: m.authority_id,
            authority_name: role_name(m.authority_id).unwrap_or_default(),
        })
        .collect();
    Ok(UserInfo {
        id: user.id,
        uuid: user.uuid,
        name: user.nick_name.clone(),
        user_name: user.username,
        nick_name: user.nick_name,
        header_img: user.header_img,
        phone: user.phone,
        email: user.email,
        authority_id: user.authority_id,
        authority,
        authorities,
        side_mode: user.side_mode,
        active_color: user.active_color,
        base_color: user.base_color,
        now_ent_id: user.now_ent_id,
        current_enterprise_id: user.now_ent_id,
        current_cluster: user.current_cluster,
        visitor: user.is_visitor,
    })
}

/// A sign-in request as the login call carries it.
pub struct SignIn<'a> {
    pub kind: &'a str,
    pub username: &'a str,
    pub password: &'a str,
    pub captcha_id: &'a str,
    pub captcha: &'a str,
    /// A stored alternate account's token (console-spec §7): with no password it is exchanged
    /// for a fresh session of that account.
    pub alternate_token: Option<&'a str>,
}

fn need_captcha(text: Text) -> AppError {
    AppError::FailWith(text, serde_json::json!({ "needCaptcha": true }))
}

/// Decides who a login call signs in — the visitor, an alternate account, or a password user
/// (throttled per IP and account, with a captcha after a few failures) — and audits it.
pub async fn sign_in(
    db: &DatabaseConnection,
    guard: &super::guard::LoginGuard,
    tokens: &Tokens,
    req: SignIn<'_>,
    origin: &Origin,
) -> Result<sys_user::Model, AppError> {
    let (method, attempt) = if req.kind == "visitorLogin" {
        (Method::Visitor, visitor_sign_in(db).await)
    } else if req.password.is_empty()
        && let Some(token) = req.alternate_token
    {
        (Method::Switch, switch_sign_in(db, tokens, token).await)
    } else {
        (
            Method::Password,
            password_sign_in(db, guard, &req, &origin.ip).await,
        )
    };
    audited(db, origin, method, req.username, attempt)
}

/// A stored alternate account's token exchanged for a session of that account.
async fn switch_sign_in(
    db: &DatabaseConnection,
    tokens: &Tokens,
    token: &str,
) -> Result<sys_user::Model, Refused> {
    let claims = match tokens.verify(token) {
        SessionState::Valid(claims) => claims,
        SessionState::Rejected(text) => {
            return Err(refusing(Outcome::Expired, None)(AppError::SignedOut(text)));
        }
        SessionState::Anonymous => {
            return Err(refusing(Outcome::BadPassword, None)(bad_credentials()));
        }
    };
    let user = find_user_by_id(db, claims.uid)
        .await
        .map_err(refusing(Outcome::UnknownUser, Some(claims.uid)))?;
    if user.enable != 1 {
        return Err(refusing(Outcome::Frozen, Some(user.id))(disabled()));
    }
    Ok(user)
}

async fn password_sign_in(
    db: &DatabaseConnection,
    guard: &super::guard::LoginGuard,
    req: &SignIn<'_>,
    ip: &str,
) -> Result<sys_user::Model, Refused> {
    let username = req.username.trim();
    if username.is_empty() || req.password.is_empty() {
        return Err(refusing(Outcome::BadPassword, None)(AppError::fail(text!(
            "请输入用户名和密码",
            "Enter the username and password"
        ))));
    }
    let account = find_user(db, username).await?;
    let user_id = account.as_ref().map(|u| u.id);
    guard
        .check_locked(username)
        .map_err(refusing(Outcome::Throttled, user_id))?;
    if guard.needs_captcha(ip, username) {
        let captcha = refusing(Outcome::Captcha, user_id);
        if req.captcha_id.is_empty() || req.captcha.trim().is_empty() {
            return Err(captcha(need_captcha(text!(
                "请输入验证码",
                "Enter the captcha"
            ))));
        }
        guard
            .verify_captcha(req.captcha_id, req.captcha)
            .map_err(|e| match e {
                AppError::Fail(text) => need_captcha(text),
                other => other,
            })
            .map_err(captcha)?;
    }
    match check_password(account, req.password) {
        Ok(user) => {
            guard.succeeded(ip, username);
            Ok(user)
        }
        Err(mut refused) => {
            guard.failed(ip, username);
            if let AppError::Fail(text) = &refused.error
                && guard.needs_captcha(ip, username)
            {
                refused.error = need_captcha(text.clone());
            }
            Err(refused)
        }
    }
}

/// Phone sign-in: the code sent to a registered phone signs its account in.
pub async fn phone_sign_in(
    db: &DatabaseConnection,
    phone: &str,
    sms_code: &str,
    origin: &Origin,
) -> Result<sys_user::Model, AppError> {
    let attempt = async {
        super::sms::check_phone(phone).map_err(refusing(Outcome::UnknownUser, None))?;
        let user = super::users::by_phone(db, phone)
            .await
            .map_err(refusing(Outcome::UnknownUser, None))?;
        super::sms::verify_code(db, phone, super::sms::Purpose::Login, sms_code)
            .await
            .map_err(refusing(Outcome::BadCode, Some(user.id)))?;
        if user.enable != 1 {
            return Err(refusing(Outcome::Frozen, Some(user.id))(disabled()));
        }
        Ok(user)
    };
    audited(db, origin, Method::Sms, phone, attempt.await)
}

/// The QR sign-in the phone of account `uid` confirmed.
pub async fn qr_sign_in(
    db: &DatabaseConnection,
    uid: i64,
    origin: &Origin,
) -> Result<sys_user::Model, AppError> {
    let attempt = async {
        let user = find_user_by_id(db, uid)
            .await
            .map_err(refusing(Outcome::UnknownUser, Some(uid)))?;
        if user.enable != 1 {
            return Err(refusing(Outcome::Frozen, Some(uid))(disabled()));
        }
        Ok(user)
    };
    audited(db, origin, Method::Qr, "", attempt.await)
}

/// Audits the sign-in a registration makes for the account it created.
pub fn registered(db: &DatabaseConnection, user: &sys_user::Model, origin: &Origin) {
    signins::record(
        db,
        origin,
        &Attempt {
            method: Method::Register,
            username: &user.username,
            user_id: Some(user.id),
            outcome: Outcome::Ok,
        },
    );
}

impl Principals {
    /// Judges a token: its signature and life, then whether its account still exists and may
    /// sign in. The claims of a valid session carry the account's current active role. Used by
    /// every HTTP call and the websocket.
    pub async fn authenticate(
        &self,
        tokens: &Tokens,
        token: &str,
    ) -> Result<(SessionState, Option<Arc<Principal>>), AppError> {
        let claims = match tokens.verify(token) {
            SessionState::Valid(claims) => claims,
            other => return Ok((other, None)),
        };
        let Some(principal) = self.get(claims.uid).await? else {
            return Ok((
                SessionState::Rejected(text!(
                    "用户不存在，请重新登录",
                    "The account no longer exists; please sign in again"
                )),
                None,
            ));
        };
        if principal.user.enable != 1 {
            return Ok((
                SessionState::Rejected(text!("用户被禁止登录", "This account is disabled")),
                None,
            ));
        }
        let claims = if claims.authority_id == principal.user.authority_id {
            claims
        } else {
            Arc::new(Claims {
                authority_id: principal.user.authority_id,
                ..claims.as_ref().clone()
            })
        };
        Ok((SessionState::Valid(claims), Some(principal)))
    }
}
