import { downloadFile } from '@/components/crud/export';
import { notify } from '@/lib/feedback';
import { browserStorage } from '@/lib/session';
import { applyCaptainPrefix, buildQuery } from '@/lib/request/client';
import { API_BASE } from '@/lib/request/config';
import { readRequestContext } from '@/lib/request/context';
import type { Cadence, ReportFormat } from '@/lib/api-types';

/** The file name a download was given (`filename*` in UTF-8 first). */
function fileName(disposition: string | null, fallback: string): string {
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? '')?.[1];
  if (encoded) return decodeURIComponent(encoded);
  return /filename="([^"]+)"/i.exec(disposition ?? '')?.[1] ?? fallback;
}

/**
 * GET /api/dataReport/periodic_file {cadence, day, format} → the periodic report as XLSX or PDF, saved by the browser.
 * Sent like every call (token, acting enterprise, trusteeship prefix, language); a refusal (code 7, e.g. no PDF font on
 * the server) is shown as a toast instead of being saved. Browser only; resolves when the file is handed over.
 */
export async function downloadPeriodicFile(params: { cadence: Cadence; day: string; format: ReportFormat }, lang: string): Promise<void> {
  const ctx = readRequestContext(browserStorage);
  const headers: Record<string, string> = {};
  if (ctx.token) headers['x-token'] = ctx.token;
  if (ctx.entId !== null) headers['x-ent-id'] = String(ctx.entId);
  const path = applyCaptainPrefix('/dataReport/periodic_file', ctx.trusteeship, window.location.hostname);
  try {
    const res = await fetch(`${API_BASE}${path}${buildQuery({ ...params, lang })}`, { headers });
    const type = res.headers.get('content-type') ?? '';
    if (!res.ok || type.includes('application/json')) {
      const env = (await res.json().catch(() => null)) as { msg?: unknown } | null;
      const msg = typeof env?.msg === 'string' ? env.msg : '';
      notify.error(msg ? { text: msg } : { key: 'actions.failed' });
      return;
    }
    const blob = await res.blob();
    downloadFile(fileName(res.headers.get('content-disposition'), `report.${params.format}`), [blob], type);
  } catch {
    notify.error({ key: 'actions.failed' });
  }
}
