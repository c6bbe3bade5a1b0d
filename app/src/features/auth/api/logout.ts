import { api } from '@/lib/request';
import { clearSession, storedToken } from '@/lib/session';

/** Blacklists the token on the server (best effort), clears the local session and reloads (console-spec §4). */
export async function logout(): Promise<void> {
  if (storedToken()) await api.post('/jwt/jsonInBlacklist', {}, { noLoading: true });
  clearSession();
  window.location.reload();
}
