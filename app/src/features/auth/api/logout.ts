import { postJson } from '../../../lib/api-client';
import { clearSession, storedToken } from '../session';

/** Blacklists the token on the server (best effort), clears the local session and reloads (console-spec §4). */
export async function logout(): Promise<void> {
  const token = storedToken();
  if (token) await postJson<unknown>('/jwt/jsonInBlacklist', {}, { token });
  clearSession();
  window.location.reload();
}
