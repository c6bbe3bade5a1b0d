/** A message of the rules (a rule's alarm notice or a platform notice) as the websocket's "message" frames and the message calls carry it. */
export interface Message {
  id: number;
  ruleId: number | null;
  alarmId: number | null;
  userId: number;
  vehicleId: number | null;
  plate: string | null;
  kind: number | null;
  level: number | null;
  title: string;
  content: string;
  channel: string;
  /** A platform notice: no vehicle, no alarm. */
  system: boolean;
  read: boolean;
  masked: boolean;
  createdAt: string;
  readAt: string | null;
}

const isObj = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
const numOrNull = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const strOrNull = (v: unknown): string | null => (typeof v === 'string' ? v : null);

/** The data of a websocket "message" frame → a Message, or null when it is not one (no id). */
export function messageOf(data: unknown): Message | null {
  if (!isObj(data)) return null;
  const id = numOrNull(data.id);
  if (id === null) return null;
  return {
    id,
    ruleId: numOrNull(data.ruleId),
    alarmId: numOrNull(data.alarmId),
    userId: numOrNull(data.userId) ?? 0,
    vehicleId: numOrNull(data.vehicleId),
    plate: strOrNull(data.plate),
    kind: numOrNull(data.kind),
    level: numOrNull(data.level),
    title: strOrNull(data.title) ?? '',
    content: strOrNull(data.content) ?? '',
    channel: strOrNull(data.channel) ?? 'console',
    system: data.system === true,
    read: data.read === true,
    masked: data.masked === true,
    createdAt: strOrNull(data.createdAt) ?? (numOrNull(data.createdAt) === null ? '' : new Date(Number(data.createdAt)).toISOString()),
    readAt: strOrNull(data.readAt),
  };
}
