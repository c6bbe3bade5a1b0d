import { pageCall, usePageQuery, type Paging } from '@/lib/calls';
import type { Partner, PartnerListParams } from '../types';
import { stockKeys } from './keys';

/** POST /api/web/drp/partnerList {kind: 1 suppliers | 2 customers, keyword?} → PageResult<Partner>. */
export const getPartners = pageCall<PartnerListParams, Partner>('/web/drp/partnerList');

const getPartnerOptions = pageCall<PartnerListParams, Partner>('/web/drp/partnerList', { noSupersede: true });

/** The partners of a kind for a select (the first 500, or those matching `keyword`). */
export function usePartnerOptions(kind: number, keyword?: string) {
  return usePageQuery([...stockKeys.partners, 'options'], getPartnerOptions, { kind, keyword, page: 1, pageSize: 500 } satisfies PartnerListParams & Paging);
}
