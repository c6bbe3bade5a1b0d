//! sea-orm entities: one module per table, the shape of the rows and nothing else.
//! Rules over them live in the server's services.

pub mod brand_profile;
pub mod casbin_rule;
pub mod enterprise;
pub mod jwt_blacklist;
pub mod sms_outbox;
pub mod sys_api;
pub mod sys_authority;
pub mod sys_authority_btn;
pub mod sys_authority_menu;
pub mod sys_base_menu;
pub mod sys_base_menu_btn;
pub mod sys_base_menu_parameter;
pub mod sys_data_authority;
pub mod sys_dictionary;
pub mod sys_dictionary_detail;
pub mod sys_enterprise_menu;
pub mod sys_file;
pub mod sys_operation_record;
pub mod sys_user;
pub mod sys_user_authority;
