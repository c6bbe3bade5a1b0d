import { postCall, useCallQuery } from '@/lib/calls';
import type { TagForm } from '../types';
import { tagKeys } from './keys';

export interface TagFormTarget {
  tagId: number;
  vehicleId?: number;
  deviceId?: number;
}

/** POST /api/tag/form {tagId, vehicleId | deviceId} → the tag's fields with their values there. */
export const getTagForm = postCall<TagFormTarget, TagForm>('/tag/form');

export function useTagForm(target: TagFormTarget | null) {
  return useCallQuery(tagKeys.form, getTagForm, target ?? { tagId: 0 }, target !== null);
}
