import { postCall, useCallQuery } from '../../../lib/calls';
import { choiceLabel, type Choice } from '../types';
import { catalogueKeys } from './keys';

const call = postCall<object, Choice[] | { list?: Choice[] }>('/web/tyre/spec');

/** POST /api/web/tyre/spec → the tyre sizes (spec) known to tyres. */
export async function getSpecs(payload: object, signal?: AbortSignal): Promise<string[]> {
  const data = await call(payload, signal);
  return (Array.isArray(data) ? data : (data.list ?? [])).map(choiceLabel).filter((s) => s !== '');
}

export function useSpecs() {
  return useCallQuery([...catalogueKeys.choices, 'spec'], getSpecs, {});
}
