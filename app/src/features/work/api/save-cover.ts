import { postCall } from '@/lib/calls';
import { useApiMutation } from '@/lib/query';
import type { Cover, CoverInput } from '@/lib/api-types';
import { workKeys } from './keys';

/** POST /api/work/save_cover_url → Cover: sets the cover image (an attached image or a URL). */
export const saveCover = postCall<CoverInput, Cover>('/work/save_cover_url');

export function useSaveCover() {
  return useApiMutation(saveCover, { invalidate: [workKeys.orders] });
}
