/** The rules screens' pure logic: quiet hours, message text, the bell's list and count, webhook URLs. */
import type { Message } from './types';

const HM = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** `07:30` → 450 (minutes after midnight); null for anything that is not HH:MM. */
export function parseHm(value: string): number | null {
  const m = HM.exec(value.trim());
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
}

export type QuietError = 'format' | 'both' | 'same';

/**
 * Quiet hours are both empty (none) or two different HH:MM times; `from` after `to` spans midnight (22:00–07:00).
 * The problem with the pair, or null when it is fine.
 */
export function quietHoursError(from: string, to: string): QuietError | null {
  const f = from.trim();
  const t = to.trim();
  if (f === '' && t === '') return null;
  if (f === '' || t === '') return 'both';
  const a = parseHm(f);
  const b = parseHm(t);
  if (a === null || b === null) return 'format';
  return a === b ? 'same' : null;
}

/** The pair as the calls take it: null for none. */
export function quietPayload(from: string, to: string): { quietFrom: string | null; quietTo: string | null } {
  const f = from.trim();
  const t = to.trim();
  return f === '' || t === '' ? { quietFrom: null, quietTo: null } : { quietFrom: f, quietTo: t };
}

/** `22:00–07:00`, or '' without quiet hours. */
export function quietLabel(from: string | null, to: string | null): string {
  return from && to ? `${from}–${to}` : '';
}

/** What the bell shows: nothing for 0, 99+ past 99. */
export function unreadBadge(count: number): string {
  if (count <= 0) return '';
  return count > 99 ? '99+' : String(count);
}

/** Only an alarm's message (a vehicle and a kind) can be masked: masking mutes that vehicle's kind for the user. */
export function maskable(m: Pick<Message, 'system' | 'vehicleId' | 'kind'>): boolean {
  return !m.system && m.vehicleId !== null && m.kind !== null;
}

/**
 * The headline of a message: its title, or for an alarm without one "plate · kind · level" from the given labels.
 * `kindLabel`/`levelLabel` are the screens' translations.
 */
export function messageHeadline(m: Pick<Message, 'title' | 'plate' | 'kind' | 'level'>, kindLabel: (kind: number) => string, levelLabel: (level: number) => string): string {
  if (m.title.trim() !== '') return m.title;
  return [m.plate ?? '', m.kind === null ? '' : kindLabel(m.kind), m.level === null ? '' : levelLabel(m.level)].filter((s) => s !== '').join(' · ');
}

/** The bell's latest messages: a message heard live goes on top (the same id replaces its older copy), at most `max`. */
export function addLatest(list: readonly Message[], message: Message, max: number): Message[] {
  return [message, ...list.filter((m) => m.id !== message.id)].slice(0, max);
}

/** Webhook targets are http(s) URLs with a host. */
export function isWebhookUrl(value: string): boolean {
  try {
    const u = new URL(value.trim());
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== '';
  } catch {
    return false;
  }
}

