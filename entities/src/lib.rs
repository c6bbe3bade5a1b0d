//! sea-orm entities: one module per table, the shape of the rows and nothing else.
//! Rules over them live in the server's services.

pub mod brand_profile;
pub mod casbin_rule;
pub mod cluster;
pub mod cluster_enterprise;
pub mod enterprise;
pub mod enterprise_alarm_threshold;
pub mod enterprise_group_vehicle;
pub mod enterprise_setting;
pub mod group;
pub mod group_user;
pub mod invitation;
pub mod invitation_log;
pub mod jwt_blacklist;
pub mod project;
pub mod relation;
pub mod relation_vehicle;
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
pub mod trusteeship;
