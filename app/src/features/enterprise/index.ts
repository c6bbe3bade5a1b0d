/** The public entry of features/enterprise: what other features and the app may use. */
export { useAlarmThresholds } from './api/get-alarm-thresholds';
export { getGroups, useGroups } from './api/get-groups';
export { EnterprisePicker } from './components/enterprise-picker';
export { EnterpriseSwitcher } from './components/enterprise-switcher';
export { InvitationInbox } from './components/invitation-inbox';
