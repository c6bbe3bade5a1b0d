// The push part of the mock host (rules contract): push rules, member push settings, messages and webhooks, in
// memory and shaped like the contract's answers (docs/push.md). push_event stores a platform notice per member and
// publishes it as a websocket "message" frame for that member alone, which is what the console's bell listens to.
// Checks are sketched (the real server owns them); webhooks are stored but never called.
import { randomBytes } from 'node:crypto';

const HM = /^([01]\d|2[0-3]):[0-5]\d$/;
const CHANNELS = ['console', 'webhook'];
const ADMIN_ROLES = new Set([888, 999, 100]);

/** `handle(call, body, me)` answers a push call, or null when the call is not one. */
export function createRulesMock({ ok, fail, page, like, enterprise, users, roleName, publishTo }) {
  const now = () => new Date().toISOString();
  let nextId = 1;
  const rules = [];
  const settings = new Map(); // userId → push settings
  const messages = [];
  const webhooks = [];

  const ids = (v) => (Array.isArray(v) ? [...new Set(v.map(Number))] : null);
  const members = () => users.filter((u) => !u.visitor);
  const settingsOf = (userId) => settings.get(userId) ?? { pushEnabled: true, channels: ['console'], kinds: [], quietFrom: null, quietTo: null };
  const ruleRow = (r) => ({ ...r, memberCount: r.memberIds.length, vehicleCount: r.allVehicles ? 0 : r.vehicleIds.length });
  const memberRow = (u) => ({
    userId: u.ID,
    nickName: u.nickName,
    phone: u.phone ? `${u.phone.slice(0, 3)}****${u.phone.slice(-4)}` : '',
    roleName: roleName(u.authorityId),
    ...settingsOf(u.ID),
    ruleCount: rules.filter((r) => r.memberIds.includes(u.ID)).length,
  });
  const hookRow = ({ secret, ...w }) => ({ ...w, secretHint: `…${secret.slice(-4)}` });

  /** The contract's checks of kinds, level and quiet hours: an error text or null. */
  function pushSettingsError(b, { kindsRequired }) {
    const kinds = ids(b.kinds);
    if (!kinds || kinds.some((k) => !(k >= 1 && k <= 14))) return 'kinds 须为 1–14 的告警类型';
    if (kindsRequired && kinds.length === 0) return 'kinds 不能为空';
    if (b.channels !== undefined && (!Array.isArray(b.channels) || b.channels.length === 0 || b.channels.some((c) => !CHANNELS.includes(c)))) return 'channels 须为 console 或 webhook';
    const from = b.quietFrom ?? null;
    const to = b.quietTo ?? null;
    if ((from === null) !== (to === null)) return 'quietFrom 和 quietTo 须同时填写';
    if (from !== null && (!HM.test(from) || !HM.test(to))) return 'quietFrom/quietTo 须为 HH:MM';
    if (from !== null && from === to) return 'quietFrom 与 quietTo 不能相同';
    return null;
  }

  function deliver(userId, fields) {
    const m = { id: nextId++, ruleId: null, alarmId: null, userId, vehicleId: null, plate: null, kind: null, level: null, channel: 'console', system: false, read: false, masked: false, createdAt: now(), readAt: null, ...fields };
    messages.push(m);
    publishTo(userId, { type: 'message', data: m });
    return m;
  }

  function pushLog(b, me) {
    const mine = messages.filter((m) => m.userId === me.ID);
    if (b.action) {
      const chosen = new Set(ids(b.ids) ?? []);
      const hit = mine.filter((m) => chosen.has(m.id));
      if (chosen.size === 0) return fail('ids 不能为空');
      for (const m of hit) {
        if (b.action === 'read' || b.action === 'unread') Object.assign(m, { read: b.action === 'read', readAt: b.action === 'read' ? now() : null });
        else if (b.action === 'mask' || b.action === 'unmask') {
          if (m.system) return fail('平台通知不能屏蔽');
          // masking is per vehicle and kind: every message of that pair follows
          for (const same of mine) if (same.vehicleId === m.vehicleId && same.kind === m.kind) same.masked = b.action === 'mask';
        }
        else if (b.action === 'delete') messages.splice(messages.indexOf(m), 1);
        else return fail(`未知操作 ${b.action}`);
      }
      return ok({ affected: hit.length });
    }
    const pool = b.mine === false ? messages : mine;
    const list = pool
      .filter((m) => (b.read === undefined || m.read === b.read) && (b.masked === undefined || m.masked === b.masked) && (b.system === undefined || m.system === b.system))
      .filter((m) => (b.kind === undefined || m.kind === b.kind) && (b.vehicleId === undefined || m.vehicleId === b.vehicleId))
      .slice()
      .reverse();
    return ok({ ...page(list, b), unread: mine.filter((m) => !m.read && !m.masked).length });
  }

  function handle(call, b, me) {
    switch (call) {
      case 'POST /api/rule/list':
        return ok(page(rules.filter((r) => like(r.name, b.keyword) && (b.enabled === undefined || r.enabled === b.enabled)).slice().reverse().map(ruleRow), b));
      case 'POST /api/rule/update': {
        const name = String(b.name ?? '').trim();
        if (!name) return fail('name 不能为空');
        if (b.minLevel !== 1 && b.minLevel !== 2) return fail('minLevel 须为 1 或 2');
        const problem = pushSettingsError(b, { kindsRequired: true });
        if (problem) return fail(problem);
        const existing = b.id ? rules.find((r) => r.id === b.id) : null;
        if (b.id && !existing) return fail('规则不存在');
        if (rules.some((r) => r.name === name && r !== existing)) return fail(`规则 ${name} 已存在`);
        const r = existing ?? { id: nextId++, entId: enterprise.id, vehicleIds: [], groupIds: [], tagIds: [], memberIds: [], createdAt: now() };
        Object.assign(r, { name, kinds: ids(b.kinds), minLevel: b.minLevel, channels: b.channels, allVehicles: Boolean(b.allVehicles), enabled: Boolean(b.enabled), quietFrom: b.quietFrom ?? null, quietTo: b.quietTo ?? null, updatedAt: now() });
        if (!existing) rules.push(r);
        return ok(ruleRow(r));
      }
      case 'POST /api/rule/batch': {
        const chosen = ids(b.ids);
        if (!chosen?.length) return fail('ids 不能为空');
        if (!['enable', 'disable', 'delete'].includes(b.action)) return fail('action 须为 enable、disable 或 delete');
        const hit = rules.filter((r) => chosen.includes(r.id));
        for (const r of hit) {
          if (b.action === 'delete') rules.splice(rules.indexOf(r), 1);
          else r.enabled = b.action === 'enable';
        }
        return ok({ affected: hit.length });
      }
      case 'POST /api/rule/cars_sets':
      case 'POST /api/rule/group':
      case 'POST /api/rule/tags':
      case 'POST /api/rule/member': {
        const field = { 'POST /api/rule/cars_sets': 'vehicleIds', 'POST /api/rule/group': 'groupIds', 'POST /api/rule/tags': 'tagIds', 'POST /api/rule/member': 'memberIds' }[call];
        const r = rules.find((x) => x.id === b.id);
        if (!r) return fail('规则不存在');
        const chosen = ids(b[field]);
        if (!chosen) return fail(`${field} 须为数组`);
        if (field === 'memberIds' && chosen.some((id) => !members().some((u) => u.ID === id))) return fail('memberIds 含非本企业成员');
        r[field] = chosen;
        r.updatedAt = now();
        return ok(ruleRow(r));
      }
      case 'POST /api/rule/memberList':
        return ok(page(members().filter((u) => like(u.nickName, b.keyword) || like(u.phone, b.keyword) || like(u.userName, b.keyword)).map(memberRow), b));
      case 'POST /api/rule/setUser': {
        const u = members().find((x) => x.ID === b.userId);
        if (!u) return fail('成员不存在');
        if (u.ID !== me.ID && !ADMIN_ROLES.has(me.authorityId)) return fail('只能修改自己的推送设置');
        const problem = pushSettingsError(b, { kindsRequired: false });
        if (problem) return fail(problem);
        settings.set(u.ID, { pushEnabled: Boolean(b.pushEnabled), channels: b.channels, kinds: ids(b.kinds), quietFrom: b.quietFrom ?? null, quietTo: b.quietTo ?? null });
        return ok(memberRow(u));
      }
      case 'POST /api/rule/push_event': {
        if (b.alarmId !== undefined) return fail('模拟主机没有告警，只能推送通知（title + content）');
        const title = String(b.title ?? '').trim();
        const content = String(b.content ?? '').trim();
        if (!title || !content) return fail('title 和 content 不能为空');
        const to = ids(b.memberIds) ?? [...new Set(rules.filter((r) => r.enabled).flatMap((r) => r.memberIds))];
        const reached = to.filter((id) => members().some((u) => u.ID === id) && settingsOf(id).pushEnabled);
        for (const id of reached) deliver(id, { title, content, system: true });
        return ok({ delivered: reached.length });
      }
      case 'POST /api/rule/push_log':
        return pushLog(b, me);
      case 'POST /api/settingUrl/list': {
        if (b.id === undefined) return ok(webhooks.map(hookRow));
        if (!webhooks.some((w) => w.id === b.id)) return fail('Webhook 不存在');
        // the mock never calls a webhook, so every delivery log is empty
        return ok(page([], b));
      }
      case 'POST /api/settingUrl/save': {
        const existing = b.id ? webhooks.find((w) => w.id === b.id) : null;
        if (b.id && !existing) return fail('Webhook 不存在');
        if (b.delete) {
          webhooks.splice(webhooks.indexOf(existing), 1);
          return ok(hookRow(existing));
        }
        let url;
        try {
          url = new URL(String(b.url ?? ''));
        } catch {
          return fail('url 须为 http(s) 地址');
        }
        if (url.protocol !== 'http:' && url.protocol !== 'https:') return fail('url 须为 http(s) 地址');
        const problem = pushSettingsError({ kinds: b.kinds }, { kindsRequired: false });
        if (problem) return fail(problem);
        const w = existing ?? { id: nextId++, entId: enterprise.id, lastStatus: null, lastDeliveredAt: null, failures: 0 };
        const fresh = !existing || b.rotateSecret === true;
        if (fresh) w.secret = randomBytes(24).toString('hex');
        Object.assign(w, { url: url.href, kinds: ids(b.kinds), minLevel: b.minLevel === 2 ? 2 : 1, enabled: b.enabled !== false });
        if (!existing) webhooks.push(w);
        return ok(fresh ? { ...hookRow(w), secret: w.secret } : hookRow(w));
      }
      default:
        return null;
    }
  }
  /** Test hook: a message as an alarm would push it (the mock has no alarms), published like push_event's. */
  handle.deliver = deliver;
  return handle;
}
