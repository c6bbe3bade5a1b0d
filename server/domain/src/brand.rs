//! Hostname brands (console-spec §1): the profile whose `app_domain` matches the Host header
//! (the domain itself or a subdomain of it); the default one on localhost, IPs and unknown hosts.

use std::sync::{Arc, RwLock};

use entities::brand_profile;
use sea_orm::{DatabaseConnection, EntityTrait, QueryOrder};
use serde::Serialize;
use utoipa::ToSchema;

/// A brand as the console sees it.
#[derive(Debug, Clone, Serialize, ToSchema, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct Brand {
    pub id: i64,
    pub app_name: String,
    pub desc: String,
    pub app_logo: String,
    pub ws_url: String,
    pub app_domain: String,
}

impl From<brand_profile::Model> for Brand {
    fn from(m: brand_profile::Model) -> Self {
        Self {
            id: m.id,
            app_name: m.app_name,
            desc: m.desc,
            app_logo: m.app_logo,
            ws_url: m.ws_url,
            app_domain: m.app_domain,
        }
    }
}

/// The brand table, held in memory (ten rows) and reloaded when it changes.
#[derive(Clone, Default)]
pub struct Brands {
    inner: Arc<RwLock<Arc<BrandTable>>>,
}

#[derive(Default)]
struct BrandTable {
    default: Option<Arc<Brand>>,
    by_domain: Vec<Arc<Brand>>,
}

impl Brands {
    pub async fn load(&self, db: &DatabaseConnection) -> Result<(), sea_orm::DbErr> {
        let rows = brand_profile::Entity::find()
            .order_by_asc(brand_profile::Column::Sort)
            .all(db)
            .await?;
        let default = rows.iter().find(|r| r.is_default).or(rows.first()).cloned();
        let table = BrandTable {
            default: default.map(|m| Arc::new(m.into())),
            by_domain: rows.into_iter().map(|m| Arc::new(m.into())).collect(),
        };
        *self.inner.write().expect("brand table lock poisoned") = Arc::new(table);
        Ok(())
    }

    /// The brand for a Host header value.
    pub fn for_host(&self, host: &str) -> Arc<Brand> {
        let table = self
            .inner
            .read()
            .expect("brand table lock poisoned")
            .clone();
        let host = host_name(host);
        let local = host == "localhost" || host.parse::<std::net::IpAddr>().is_ok();
        let matched = (!local)
            .then(|| {
                table.by_domain.iter().find(|b| {
                    let domain = b.app_domain.to_ascii_lowercase();
                    host == domain || host.ends_with(&format!(".{domain}"))
                })
            })
            .flatten();
        matched
            .or(table.default.as_ref())
            .cloned()
            .unwrap_or_else(|| Arc::new(fallback()))
    }
}

/// The host without port, lower-cased (IPv6 literals keep their brackets off).
fn host_name(host: &str) -> String {
    let host = host.trim();
    let name = if let Some(rest) = host.strip_prefix('[') {
        rest.split(']').next().unwrap_or_default()
    } else {
        host.rsplit_once(':').map_or(host, |(name, port)| {
            if port.chars().all(|c| c.is_ascii_digit()) {
                name
            } else {
                host
            }
        })
    };
    name.to_ascii_lowercase()
}

/// Used only before the seed ran.
fn fallback() -> Brand {
    Brand {
        id: 0,
        app_name: "Wheelend".into(),
        desc: String::new(),
        app_logo: "/brand/wheelend.svg".into(),
        ws_url: "/ws".into(),
        app_domain: "localhost".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::host_name;

    #[test]
    fn strips_ports_and_brackets() {
        assert_eq!(host_name("Fleet.Example.com:8080"), "fleet.example.com");
        assert_eq!(host_name("[::1]:8080"), "::1");
        assert_eq!(host_name("localhost"), "localhost");
    }
}

/// Changes to a brand profile; absent fields stay as they are.
#[derive(Debug, Default, serde::Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BrandChange {
    pub app_name: Option<String>,
    pub desc: Option<String>,
    pub app_logo: Option<String>,
    pub ws_url: Option<String>,
    pub app_domain: Option<String>,
}

/// Every profile, in display order.
pub async fn list(db: &DatabaseConnection) -> Result<Vec<Brand>, kernel::error::AppError> {
    Ok(brand_profile::Entity::find()
        .order_by_asc(brand_profile::Column::Sort)
        .all(db)
        .await?
        .into_iter()
        .map(Brand::from)
        .collect())
}

/// Updates a profile and reloads the in-memory table; the caller drops cached pages.
pub async fn update(
    db: &DatabaseConnection,
    brands: &Brands,
    id: i64,
    change: BrandChange,
) -> Result<Brand, kernel::error::AppError> {
    announce(Change::Brands);
    use sea_orm::{ActiveModelTrait, Set};

    use kernel::changes::{Change, announce};
    use kernel::error::{AppError, DbResultExt};
    use kernel::text;

    let row = brand_profile::Entity::find_by_id(id)
        .one(db)
        .await?
        .ok_or_else(|| AppError::fail(text!("品牌 {} 不存在", "Brand {} does not exist", id)))?;
    let mut row: brand_profile::ActiveModel = row.into();
    let required = |value: String, field: &str| -> Result<String, AppError> {
        let value = value.trim().to_owned();
        if value.is_empty() {
            Err(AppError::field(
                field,
                kernel::i18n::Text::new(
                    format!("{field} 不能为空"),
                    format!("{field} must not be empty"),
                ),
            ))
        } else {
            Ok(value)
        }
    };
    if let Some(v) = change.app_name {
        row.app_name = Set(required(v, "appName")?);
    }
    if let Some(v) = change.desc {
        row.desc = Set(v);
    }
    if let Some(v) = change.app_logo {
        row.app_logo = Set(required(v, "appLogo")?);
    }
    if let Some(v) = change.ws_url {
        row.ws_url = Set(required(v, "wsUrl")?);
    }
    if let Some(v) = change.app_domain {
        let domain = required(v, "appDomain")?.to_ascii_lowercase();
        let valid = domain.split('.').all(|label| {
            !label.is_empty() && label.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
        });
        if !valid {
            return Err(AppError::field(
                "appDomain",
                text!(
                    "appDomain 不是合法的域名：{}",
                    "appDomain is not a valid host name: {}",
                    domain
                ),
            ));
        }
        row.app_domain = Set(domain);
    }
    row.updated_at = Set(chrono::Utc::now());
    let saved = row.update(db).await.on_conflict(|| {
        text!(
            "该域名已被其他品牌使用",
            "Another brand already uses this domain"
        )
    })?;
    brands.load(db).await?;
    Ok(saved.into())
}
