import { pageCall, usePageQuery, type Paging } from '../../../lib/calls';
import type { TagRow } from '../types';
import { deviceKeys } from './keys';

export interface ServiceTagParams {
  keyword?: string;
}

/** POST /api/web/device/serviceTags → the service tags (problem categories) of the enterprise (tags of kind service). */
export const getServiceTags = pageCall<ServiceTagParams, TagRow>('/web/device/serviceTags');

export function useServiceTags(params: ServiceTagParams & Paging) {
  return usePageQuery(deviceKeys.tags, getServiceTags, params);
}
