import assert from 'node:assert/strict';
import { test } from 'node:test';

import { load } from './load.mjs';

const model = await load('src/features/rules/model.ts');
const proto = await load('src/features/live/protocol.ts');
const link = await load('src/features/live/reconnect.ts');
const hub = await load('src/features/live/live-hub.ts');

test('quiet hours: both or neither, HH:MM, not the same time; a span past midnight is fine', () => {
  assert.equal(model.quietHoursError('', ''), null);
  assert.equal(model.quietHoursError('  ', ''), null, 'blank is none');
  assert.equal(model.quietHoursError('22:00', '07:00'), null, 'overnight');
  assert.equal(model.quietHoursError('08:30', '12:00'), null);
  assert.equal(model.quietHoursError('22:00', ''), 'both');
  assert.equal(model.quietHoursError('', '07:00'), 'both');
  assert.equal(model.quietHoursError('24:00', '07:00'), 'format');
  assert.equal(model.quietHoursError('7:00', '08:00'), 'format', 'two-digit hours');
  assert.equal(model.quietHoursError('07:60', '08:00'), 'format');
  assert.equal(model.quietHoursError('07:00', '07:00'), 'same');
  assert.equal(model.parseHm('23:59'), 23 * 60 + 59);
  assert.equal(model.parseHm('00:00'), 0);
  assert.deepEqual(model.quietPayload(' 22:00 ', '07:00'), { quietFrom: '22:00', quietTo: '07:00' });
  assert.deepEqual(model.quietPayload('', ''), { quietFrom: null, quietTo: null });
  assert.equal(model.quietLabel('22:00', '07:00'), '22:00–07:00');
  assert.equal(model.quietLabel(null, null), '');
});

test('masking: only an alarm message (a vehicle and a kind) can be masked', () => {
  assert.equal(model.maskable({ system: false, vehicleId: 7, kind: 2 }), true);
  assert.equal(model.maskable({ system: true, vehicleId: null, kind: null }), false, 'platform notice');
  assert.equal(model.maskable({ system: false, vehicleId: null, kind: null }), false, 'ad-hoc notice');
  assert.equal(model.maskable({ system: false, vehicleId: 7, kind: null }), false);
});

test('message text: the title, or plate · kind · level; the bell badge caps at 99+', () => {
  const kind = (k) => `K${k}`;
  const level = (l) => `L${l}`;
  assert.equal(model.messageHeadline({ title: '通知', plate: null, kind: null, level: null }, kind, level), '通知');
  assert.equal(model.messageHeadline({ title: ' ', plate: '沪A1', kind: 2, level: 2 }, kind, level), '沪A1 · K2 · L2');
  assert.equal(model.messageHeadline({ title: '', plate: null, kind: 4, level: null }, kind, level), 'K4');
  assert.equal(model.unreadBadge(0), '');
  assert.equal(model.unreadBadge(5), '5');
  assert.equal(model.unreadBadge(99), '99');
  assert.equal(model.unreadBadge(100), '99+');
});

test('the bell list: newest first, the same id replaced, capped', () => {
  const m = (id, title = `m${id}`) => ({ id, title });
  const list = [m(3), m(2), m(1)];
  assert.deepEqual(model.addLatest(list, m(4), 3).map((x) => x.id), [4, 3, 2]);
  assert.deepEqual(model.addLatest(list, m(2, 'again'), 3).map((x) => x.title), ['again', 'm3', 'm1']);
  assert.equal(list.length, 3, 'the list is not changed');
});

test('webhook URLs are http(s) with a host', () => {
  assert.equal(model.isWebhookUrl('https://hooks.example.com/x'), true);
  assert.equal(model.isWebhookUrl(' http://10.0.0.5:8080/hook '), true);
  assert.equal(model.isWebhookUrl('ftp://hooks.example.com/x'), false);
  assert.equal(model.isWebhookUrl('hooks.example.com'), false);
  assert.equal(model.isWebhookUrl(''), false);
});

test('a "message" frame is parsed into a Message and numbered like the other events', () => {
  const frame = proto.parseFrame(JSON.stringify({ type: 'message', seq: 11, data: { id: 9, userId: 3, title: 'T', content: 'C', vehicleId: 5, plate: '沪A1', kind: 2, level: 1, system: false, read: false, masked: false, createdAt: 1795000000000, channel: 'console' } }));
  assert.equal(frame.type, 'message');
  assert.equal(frame.seq, 11);
  assert.deepEqual(frame.data, {
    id: 9, ruleId: null, alarmId: null, userId: 3, vehicleId: 5, plate: '沪A1', kind: 2, level: 1, title: 'T', content: 'C', channel: 'console',
    system: false, read: false, masked: false, createdAt: new Date(1795000000000).toISOString(), readAt: null,
  });
  assert.equal(proto.parseFrame('{"type":"message","data":{"id":1}}'), null, 'no seq');
  assert.equal(proto.parseFrame('{"type":"message","seq":12,"data":{"title":"no id"}}'), null);

  // delivered once, advancing the numbering (a resume then does not send it again)
  let r = link.step(link.INITIAL_LINK, { type: 'start' });
  r = link.step(r.state, { type: 'frame', frame: { type: 'hello', seq: 10, heartbeat: 20 } });
  r = link.step(r.state, { type: 'frame', frame });
  assert.deepEqual(r.actions, [{ type: 'deliver', frame }]);
  assert.equal(r.state.lastSeq, 11);
  assert.deepEqual(link.step(r.state, { type: 'frame', frame }).actions, [], 'a repeat is dropped');
  r = link.step(r.state, { type: 'close' });
  r = link.step(r.state, { type: 'retry' });
  r = link.step(r.state, { type: 'frame', frame: { type: 'hello', seq: 14, heartbeat: 20 } });
  assert.deepEqual(r.actions, [{ type: 'send', data: { type: 'resume', after: 11 } }]);
});

test('the live hub: one connection per URL shared by its listeners, closed when the last one leaves', () => {
  const opened = [];
  const connect = (url, handlers) => {
    const conn = { url, handlers, stopped: false };
    opened.push(conn);
    handlers.onStatus('connecting');
    return () => {
      conn.stopped = true;
    };
  };
  const heard = { a: [], b: [] };
  const statusA = [];
  const stopA = hub.listenLive('ws://x/ws?token=1', { onMessage: (m) => heard.a.push(m.id), onStatus: (s) => statusA.push(s) }, connect);
  assert.equal(opened.length, 1);
  assert.deepEqual(statusA, ['connecting'], 'told the status on joining');
  opened[0].handlers.onStatus('open');
  const statusB = [];
  const stopB = hub.listenLive('ws://x/ws?token=1', { onMessage: (m) => heard.b.push(m.id), onStatus: (s) => statusB.push(s) }, connect);
  assert.equal(opened.length, 1, 'the second listener shares the connection');
  assert.deepEqual(statusB, ['open'], 'a late listener learns the current status');

  opened[0].handlers.onMessage({ id: 1 });
  opened[0].handlers.onVehicle({ i: 1 }); // nobody listens for vehicles: ignored
  assert.deepEqual(heard, { a: [1], b: [1] });

  stopA();
  opened[0].handlers.onMessage({ id: 2 });
  assert.deepEqual(heard, { a: [1], b: [1, 2] });
  assert.equal(opened[0].stopped, false, 'still one listener');
  stopB();
  assert.equal(opened[0].stopped, true, 'the last listener closed it');

  const stopC = hub.listenLive('ws://x/ws?token=1', {}, connect);
  assert.equal(opened.length, 2, 'a new listener opens a new connection');
  stopC();
});
