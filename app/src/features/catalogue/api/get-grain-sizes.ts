import { postCall, useCallQuery } from '../../../lib/calls';
import { choiceLabel, type Choice } from '../types';
import { catalogueKeys } from './keys';

const call = postCall<object, Choice[] | { list?: Choice[] }>('/web/tyre/grainSize');

/** POST /api/web/tyre/grainSize → the tread patterns (grain) known to tyres. */
export async function getGrainSizes(payload: object, signal?: AbortSignal): Promise<string[]> {
  const data = await call(payload, signal);
  return (Array.isArray(data) ? data : (data.list ?? [])).map(choiceLabel).filter((s) => s !== '');
}

export function useGrainSizes() {
  return useCallQuery([...catalogueKeys.choices, 'grain'], getGrainSizes, {});
}
