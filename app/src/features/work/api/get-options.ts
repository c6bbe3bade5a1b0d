import { postCall, useCallQuery } from '@/lib/calls';
import type { OptionQuery, Options } from '@/lib/api-types';
import { workKeys } from './keys';

/** POST /api/work/option → Options: types, problem types, grades, priorities and states (value, zh, en). */
export const getOptions = postCall<OptionQuery, Options>('/work/option');

export function useOptions(payload: OptionQuery, enabled = true) {
  return useCallQuery([...workKeys.types, 'get-options'], getOptions, payload, enabled);
}
