import { paths } from '@/lib/paths';

/** The `redirect` query value if it is a same-origin path (never `//host`, never back to /login); else /map. */
export function safeRedirect(raw: string | null | undefined): string {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return paths.map;
  if (/^\/login(?:[/?#]|$)/i.test(raw)) return paths.map;
  return raw;
}
