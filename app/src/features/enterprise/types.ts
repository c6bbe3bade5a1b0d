/** Shapes of the enterprise calls (openapi.json, tag `enterprise`). Keys as the server sends them. */
import type { Kind, MemberRow, Named, ParentRef, Thresholds } from '@/lib/api-types';

/** `toggleList` entry: the caller's memberships as the enterprise switch list. */
export interface EnterpriseEntry {
  label: string;
  value: number;
  logo: string;
  roleList: number[];
  colonyId: number | null;
  current: boolean;
}

export type EnterpriseRef = ParentRef;

/** A node of `entListNew` (and `ent_list` children of `findTbEnterprise`). */
export interface EnterpriseNode {
  entId: number;
  parentId: number | null;
  entName: string;
  entAbbreviation: string;
  logo: string;
  car_ico: string;
  enable_group: boolean;
  type: number;
  verifyState: number;
  colonyId: number | null;
  level: number;
  ent_list: EnterpriseNode[];
}

/** A row of `my_enterprise/lists`, `queryEnt`, `cluster/list_ent`. */
export interface Enterprise {
  entId: number;
  parentId: number | null;
  entName: string;
  entAbbreviation: string;
  logo: string;
  car_ico: string;
  enable_group: boolean;
  type: number;
  typeName: string;
  dockingPlatform: number;
  dockingName: string;
  wheelSupport: number;
  wheelSupportName: string;
  verifyState: number;
  verifyStateName: string;
  verified: boolean;
  colonyId: number | null;
  contact: string;
  phone: string;
  address: string;
  licenseNo: string;
  level: number;
  parent: EnterpriseRef[];
  createdAt: string;
  updatedAt: string;
}

/** `findTbEnterprise`: one enterprise in full. */
export interface EnterpriseDetail extends Enterprise {
  verifyDocuments: string[];
  verifyReason: string;
  verifySubmittedAt: string | null;
  verifyReviewedAt: string | null;
  memberCount: number;
  childCount: number;
  ent_list: EnterpriseNode[];
  clusters: { id: number; name: string }[];
}

/** The editable fields of `tbUp` / `updateTbEnterprise` / `cluster/save_ent`. */
export interface EnterprisePayload {
  entId?: number;
  parentId?: number;
  entName?: string;
  entAbbreviation?: string;
  logo?: string;
  car_ico?: string;
  enable_group?: boolean;
  type?: number;
  dockingPlatform?: number;
  wheelSupport?: number;
  contact?: string;
  phone?: string;
  address?: string;
  licenseNo?: string;
}

export type IdName = Named;

/** `userList` row: a member of an enterprise with their role there. */
export type Member = MemberRow;

export type InvitationType = Kind;

export interface Invitation {
  ID: number;
  type: InvitationType;
  /** 0 pending, 1 accepted, 2 refused, 3 cancelled, 4 expired. */
  state: number;
  stateName: string;
  entId: number;
  entName: string;
  inviterId: number | null;
  inviterName: string;
  phone: string;
  authorityId: number | null;
  authorityName: string;
  targetEntId: number | null;
  targetEntName: string;
  relationType: number | null;
  relationTypeName: string;
  vehicleIds: number[];
  remark: string;
  reason: string;
  direction: 'sent' | 'received';
  relationId: number | null;
  expiresAt: string;
  createdAt: string;
  respondedAt: string | null;
}

export interface InvitationLog {
  ID: number;
  invitationId: number;
  action: 'created' | 'accepted' | 'refused' | 'cancelled';
  actorId: number | null;
  actorName: string;
  entId: number | null;
  note: string;
  createdAt: string;
}

export interface Relation {
  ID: number;
  /** The grantor (whose data is shared; for type 1 the subordinate). */
  entId: number;
  entName: string;
  /** The grantee (for type 1 the superior). */
  relatedEntId: number;
  relatedEntName: string;
  type: number;
  typeName: string;
  /** 0 requested, 1 confirmed, 2 refused, 3 ended. */
  state: number;
  stateName: string;
  initiatorEntId: number;
  direction: 'granted' | 'received';
  canConfirm: boolean;
  vehicleIds: number[];
  vehicleCount: number;
  remark: string;
  reason: string;
  createdAt: string;
  confirmedAt: string | null;
  endedAt: string | null;
}

export interface Cluster {
  ID: number;
  colonyId: number;
  name: string;
  domain: string;
  logo: string;
  remark: string;
  supervisorEntId: number | null;
  supervisorEntName: string;
  entCount: number;
  manageable: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface ClusterDetail extends Cluster {
  enterprises: Enterprise[];
}

/** The values of one set of alarm thresholds. */
export type ThresholdValues = Thresholds;

export type AxlePosition = 'steer' | 'drive' | 'trailer';

/** Where the values of a position come from (the server resolves what applies). */
export type ThresholdSource = 'own' | 'enterprise' | 'platform' | 'builtIn';

export interface GeneralThresholds extends ThresholdValues {
  entId: number;
  customized: boolean;
  source: ThresholdSource;
  updatedAt: string | null;
}

export interface AxleThresholds extends ThresholdValues {
  position: AxlePosition;
  positionName: string;
  customized: boolean;
  source: ThresholdSource;
}

/** An enterprise with thresholds of its own (`defaultUsage`). */
export interface CustomizedEnterprise {
  entId: number;
  entName: string;
  positions: ('general' | AxlePosition)[];
  updatedAt: string;
}

/** Who follows the platform's default thresholds: a page of enterprises with their own, and how many have none. */
export interface DefaultsUsage {
  inheriting: number;
  list: CustomizedEnterprise[];
  total: number;
  page: number;
  pageSize: number;
}

export interface AlarmSettings {
  entId: number;
  general: GeneralThresholds;
  axles: AxleThresholds[];
}

export interface SuperviseSettings {
  entId: number;
  enabled: boolean;
  alarmTypes: string[];
  clusters: IdName[];
  updatedAt: string | null;
}

export interface Verification {
  entId: number;
  verifyState: number;
  verifyStateName: string;
  verified: boolean;
  documents: string[];
  licenseNo: string;
  reason: string;
  submittedAt: string | null;
  reviewedAt: string | null;
}
