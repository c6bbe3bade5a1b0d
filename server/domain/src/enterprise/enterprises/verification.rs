//! Verifying an enterprise: the request, its review and the state it leaves.

use crate::enterprise::{find_visible, verify_state_name};
use crate::scope::Scope;
use chrono::{DateTime, Utc};
use entities::enterprise;
use kernel::error::AppError;
use kernel::text;
use kernel::validate::{limited, required};
use sea_orm::{ActiveModelTrait, DatabaseConnection, Set};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// The verification state of an enterprise.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Verification {
    pub ent_id: i64,
    /// 0 not submitted, 1 pending review, 2 approved, 3 rejected.
    pub verify_state: i16,
    pub verify_state_name: String,
    pub verified: bool,
    pub documents: Vec<String>,
    pub license_no: String,
    /// Why it was rejected.
    pub reason: String,
    pub submitted_at: Option<DateTime<Utc>>,
    pub reviewed_at: Option<DateTime<Utc>>,
}

impl From<enterprise::Model> for Verification {
    fn from(e: enterprise::Model) -> Self {
        Self {
            ent_id: e.id,
            verify_state: e.verify_state,
            verify_state_name: verify_state_name(e.verify_state),
            verified: e.verified,
            documents: kernel::validate::json_list(&e.verify_documents),
            license_no: e.license_no,
            reason: e.verify_reason,
            submitted_at: e.verify_submitted_at,
            reviewed_at: e.verify_reviewed_at,
        }
    }
}

#[derive(Debug, Clone, Copy, Deserialize, ToSchema, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum VerifyAction {
    /// The enterprise submits documents (state → pending review).
    Submit,
    /// Platform staff approve pending documents.
    Approve,
    /// Platform staff reject pending documents, with a reason.
    Reject,
    /// Only answer the current state.
    Status,
}

pub struct VerifyRequest {
    pub action: VerifyAction,
    pub ent_id: Option<i64>,
    pub documents: Vec<String>,
    pub license_no: Option<String>,
    pub reason: String,
}

pub async fn verification(
    db: &DatabaseConnection,
    scope: &Scope,
    req: VerifyRequest,
) -> Result<Verification, AppError> {
    let id = scope.acting(req.ent_id)?;
    let txn = kernel::db::write_txn(db).await?;
    let ent = find_visible(&txn, scope, id).await?;
    let now = Utc::now();
    let mut row: enterprise::ActiveModel = ent.clone().into();
    match req.action {
        VerifyAction::Status => return Ok(ent.into()),
        VerifyAction::Submit => {
            if ent.verify_state == 2 {
                return Err(AppError::fail(text!(
                    "企业 {} 已认证，无需再次提交",
                    "Enterprise {} is already verified",
                    id
                )));
            }
            if req.documents.is_empty() || req.documents.len() > 20 {
                return Err(AppError::fail(text!(
                    "documents 须有 1 到 20 个文件",
                    "documents must hold 1 to 20 files"
                )));
            }
            let mut docs = Vec::new();
            for d in &req.documents {
                docs.push(required("documents", d, 500)?);
            }
            if let Some(l) = &req.license_no {
                row.license_no = Set(limited("licenseNo", l, 32)?);
            }
            row.verify_state = Set(1);
            row.verify_documents = Set(kernel::validate::to_json(&docs));
            row.verify_reason = Set(String::new());
            row.verify_submitted_at = Set(Some(now));
            row.verified = Set(false);
        }
        VerifyAction::Approve | VerifyAction::Reject => {
            if !scope.platform {
                return Err(AppError::fail(text!(
                    "只有平台人员可以审核企业认证",
                    "Only platform staff review verifications"
                )));
            }
            if ent.verify_state != 1 {
                return Err(AppError::fail(text!(
                    "企业 {} 没有待审核的认证",
                    "Enterprise {} has no verification awaiting review",
                    id
                )));
            }
            let approve = req.action == VerifyAction::Approve;
            let reason = if approve {
                String::new()
            } else {
                required("reason", &req.reason, 200)?
            };
            row.verify_state = Set(if approve { 2 } else { 3 });
            row.verified = Set(approve);
            row.verify_reason = Set(reason);
            row.verify_reviewed_at = Set(Some(now));
        }
    }
    row.updated_at = Set(now);
    let saved = row.update(&txn).await?;
    txn.commit().await?;
    Ok(saved.into())
}
