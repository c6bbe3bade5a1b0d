/** Shapes of the super-tag workspace's calls (docs/tags.md); those the contract states as they are come from it. */
import type { TagChip, TagRow } from '@/lib/api-types';

export type { TagChip, TagRow };

export const TAG_KINDS = ['vehicle', 'device', 'label', 'service'] as const;
export type TagKind = (typeof TAG_KINDS)[number];

export const FIELD_TYPES = ['text', 'number', 'date', 'choice'] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

/** What a tag is put on: vehicles or devices. */
export type TagTargetKind = 'vehicle' | 'device';

export interface TagFieldRow {
  id: number;
  entId: number;
  name: string;
  type: FieldType;
  options: string[];
  unit: string;
  required: boolean;
  sort: number;
  tags: number;
  createdAt: string;
}

export interface TagDetail extends TagRow {
  fieldList: TagFieldRow[];
}

export interface TagFormField extends TagFieldRow {
  value: string | null;
}

export interface TagForm {
  tag: TagRow;
  target: TagTargetKind;
  targetId: number;
  targetName: string;
  fields: TagFormField[];
}

export interface TagSearchRow {
  id: number;
  name: string;
  entId: number;
  tags: TagChip[];
}

export interface TagOverview {
  kinds: { kind: string; tags: number }[];
  top: TagRow[];
  fields: number;
  vehicles: number;
  untaggedVehicles: number;
  devices: number;
  untaggedDevices: number;
}

/** A vehicle or device to tag, as the pickers list them. */
export interface TargetOption {
  id: number;
  name: string;
  entId: number;
  tags: TagChip[];
}
