import assert from 'node:assert/strict';
import { test } from 'node:test';

import { load } from './load.mjs';

const store = await load('src/features/live/fleet-store.ts');
const proto = await load('src/features/live/protocol.ts');
const link = await load('src/features/live/reconnect.ts');
const socket = await load('src/features/live/live-socket.ts');
const alarms = await load('src/features/live/alarm-store.ts');

test('delta merge: explicit zeros clear flags, nested gps merges, null removes', () => {
  const base = { i: 7, p: 'A1', a: 1, ay: 3, gp: { la: 31, lo: 121, s: 50, ad: 'Road' }, ta: { hp: 1 } };
  const out = store.mergeEntry(base, { i: 7, a: 0, ay: 0, gp: { la: 31.5, s: 0 }, ta: { hp: 0, lp: 1 }, o: 1, tg: null });
  assert.deepEqual(out, { i: 7, p: 'A1', a: 0, ay: 0, gp: { la: 31.5, lo: 121, s: 0, ad: 'Road' }, ta: { hp: 0, lp: 1 }, o: 1 });
  assert.equal(base.a, 1, 'the base is not changed');
  assert.deepEqual(store.mergeEntry({ i: 1, gp: { la: 1 } }, { gp: null }), { i: 1 });
});

function fakeTimers() {
  let now = 0;
  const queue = [];
  return {
    timers: {
      now: () => now,
      set: (fn, ms) => {
        const t = { fn, at: now + ms };
        queue.push(t);
        return t;
      },
      clear: (t) => queue.splice(queue.indexOf(t), 1),
    },
    advance(ms) {
      now += ms;
      for (const t of [...queue].sort((a, b) => a.at - b.at)) {
        if (t.at <= now) {
          queue.splice(queue.indexOf(t), 1);
          t.fn();
        }
      }
    },
  };
}

test('the fleet store notifies at once on load and at most every 2000 ms for frames', () => {
  const clock = fakeTimers();
  const s = store.createFleetStore(2000, clock.timers);
  let calls = 0;
  s.subscribe(() => calls++);
  s.load([{ i: 1, p: 'A', gp: { la: 1, lo: 1, s: 0 } }, { i: 2, p: 'B' }]);
  assert.equal(calls, 1);
  assert.equal(s.getSnapshot().vehicles.length, 2);

  s.apply({ i: 1, gp: { s: 30 } });
  s.apply({ i: 2, a: 1 });
  s.apply({ i: 1, gp: { la: 2 } });
  clock.advance(1999);
  assert.equal(calls, 1, 'nothing before the window ends');
  clock.advance(1);
  assert.equal(calls, 2, 'one notification for three frames');
  const snap = s.getSnapshot();
  assert.deepEqual([...snap.changed].sort(), [1, 2]);
  const one = snap.vehicles.find((v) => v.carId === 1);
  assert.deepEqual([one.gps.lat, one.gps.speed], [2, 30]);
  assert.equal(snap.vehicles.find((v) => v.carId === 2).isAlarm, true);

  clock.advance(5000);
  s.apply({ i: 2, a: 0 });
  clock.advance(0);
  assert.equal(calls, 3, 'after a quiet window the next frame is told at once');
  s.apply({ i: 3, p: 'C' });
  clock.advance(1000);
  assert.equal(calls, 3);
  clock.advance(1000);
  assert.equal(calls, 4);
  assert.equal(s.getSnapshot().vehicles.length, 3, 'a vehicle first heard live is added');
  s.apply({ p: 'no id' });
  s.dispose();
});

test('frames are parsed; unknown and malformed ones are dropped', () => {
  assert.deepEqual(proto.parseFrame('{"type":"hello","seq":4,"heartbeat":20}'), { type: 'hello', seq: 4, heartbeat: 20 });
  const alarm = proto.parseFrame(
    '{"type":"alarm","seq":5,"data":{"id":9,"vehicleId":3,"plate":"沪A1","enterpriseId":1,"position":11,"kind":2,"level":2,"state":0,"value":5.1,"threshold":6,"startedAt":1}}',
  );
  assert.equal(alarm.data.plate, '沪A1');
  assert.equal(proto.alarmKindKey(alarm.data.kind), 'lowPressure');
  assert.equal(proto.alarmKindKey(14), 'power');
  assert.equal(proto.alarmKindKey(99), 'unknown');
  assert.equal(proto.parseFrame('{"type":"vehicle","seq":6}'), null);
  assert.equal(proto.parseFrame('nope'), null);
  assert.deepEqual(proto.parseFrame('{"type":"pong"}'), { type: 'pong' });
});

test('work frames (their fields beside type) are parsed, numbered and delivered once', () => {
  const note = proto.parseFrame(
    '{"type":"work.message","seq":7,"orderId":12,"message":{"id":40,"authorId":3,"authorName":"Li","content":"@Wang look","images":["/uploads/a.png"],"mentions":[5],"at":"2026-11-21T08:03:00Z","mine":false}}',
  );
  assert.deepEqual(note, {
    type: 'work',
    seq: 7,
    event: { type: 'work.message', orderId: 12, message: { id: 40, authorId: 3, authorName: 'Li', content: '@Wang look', images: ['/uploads/a.png'], mentions: [5], at: '2026-11-21T08:03:00Z', mine: false } },
  });
  assert.deepEqual(proto.parseFrame('{"type":"work.order","seq":8,"orderId":12,"state":102}'), { type: 'work', seq: 8, event: { type: 'work.order', orderId: 12, state: 102 } });
  assert.equal(proto.parseFrame('{"type":"work.message","seq":9,"orderId":12,"message":{}}'), null, 'a note without an id');
  assert.equal(proto.parseFrame('{"type":"work.order","seq":9,"state":101}'), null, 'no order');
  let r = link.step(link.INITIAL_LINK, { type: 'start' });
  r = link.step(r.state, { type: 'frame', frame: { type: 'hello', seq: 6, heartbeat: 20 } });
  r = link.step(r.state, { type: 'frame', frame: note });
  assert.deepEqual(r.actions, [{ type: 'deliver', frame: note }]);
  assert.deepEqual(link.step(r.state, { type: 'frame', frame: note }).actions, [], 'a replayed note is dropped');
});

test('reconnect: backoff, resume with the last seq, duplicates dropped, resync', () => {
  const { step, INITIAL_LINK, backoff } = link;
  assert.deepEqual([1, 2, 3, 4, 5, 6, 7].map(backoff), [1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  let r = step(INITIAL_LINK, { type: 'start' });
  assert.deepEqual(r.actions, [{ type: 'connect' }]);
  r = step(r.state, { type: 'open' });
  r = step(r.state, { type: 'frame', frame: { type: 'hello', seq: 10, heartbeat: 20 } });
  assert.deepEqual(r.actions, [], 'first hello: nothing to resume');
  const vehicle = (seq) => ({ type: 'frame', frame: { type: 'vehicle', seq, data: { i: 1 } } });
  r = step(r.state, vehicle(11));
  assert.equal(r.actions[0].type, 'deliver');
  r = step(r.state, { type: 'close' });
  assert.deepEqual(r.actions, [{ type: 'schedule', delay: 1000 }]);
  r = step(r.state, { type: 'retry' });
  r = step(r.state, { type: 'close' });
  assert.deepEqual(r.actions, [{ type: 'schedule', delay: 2000 }], 'backs off while failing');
  r = step(r.state, { type: 'retry' });
  r = step(r.state, { type: 'open' });
  assert.equal(r.state.attempt, 0);
  r = step(r.state, { type: 'frame', frame: { type: 'hello', seq: 15, heartbeat: 20 } });
  assert.deepEqual(r.actions, [{ type: 'send', data: { type: 'resume', after: 11 } }]);
  assert.deepEqual(step(r.state, vehicle(11)).actions, [], 'already handled');
  r = step(r.state, vehicle(12));
  assert.equal(r.state.lastSeq, 12);
  r = step(r.state, { type: 'frame', frame: { type: 'resync', seq: 40 } });
  assert.deepEqual(r.actions, [{ type: 'resync' }]);
  assert.equal(r.state.lastSeq, 40);
  // the server restarted: its numbering is behind ours
  r = step(r.state, { type: 'frame', frame: { type: 'hello', seq: 3, heartbeat: 20 } });
  assert.deepEqual(r.actions, [{ type: 'resync' }]);
  assert.equal(r.state.lastSeq, 3);
  r = step(r.state, { type: 'stop' });
  assert.deepEqual(step(r.state, { type: 'close' }).actions, [], 'stopped stays stopped');
});

test('socket URL: relative to the page, ws/wss by protocol, token appended', () => {
  assert.equal(socket.socketUrl('/ws', { protocol: 'https:', host: 'a.example' }, 't k'), 'wss://a.example/ws?token=t%20k');
  assert.equal(socket.socketUrl('/ws?ent=2', { protocol: 'http:', host: '127.0.0.1:8080' }, 'x'), 'ws://127.0.0.1:8080/ws?ent=2&token=x');
  assert.equal(socket.socketUrl('wss://push.example/ws', { protocol: 'http:', host: 'h' }, 'x'), 'wss://push.example/ws?token=x');
});

test('live alarms: newest first, the same alarm replaced, at most 50', () => {
  let list = [];
  for (let id = 1; id <= 60; id++) list = alarms.addAlarm(list, { id, state: 0 });
  assert.equal(list.length, 50);
  assert.equal(list[0].id, 60);
  list = alarms.addAlarm(list, { id: 30, state: 2 });
  assert.deepEqual([list[0].id, list[0].state, list.filter((a) => a.id === 30).length], [30, 2, 1]);
});

test('a watchList4 delta replaces changed entries, drops removed ones and re-marks follows, telling listeners once', () => {
  const clock = fakeTimers();
  const s = store.createFleetStore(2000, clock.timers);
  let calls = 0;
  s.subscribe(() => calls++);
  s.load([
    { i: 1, p: 'A', at: 1 },
    { i: 2, p: 'B' },
    { i: 3, p: 'C' },
  ]);
  s.merge({ entries: [{ i: 2, p: 'B', a: 1 }, { i: 4, p: 'D' }], removed: [3], followed: [2] });
  assert.equal(calls, 2);
  const snap = s.getSnapshot();
  const byId = new Map(snap.vehicles.map((v) => [v.carId, v]));
  assert.deepEqual([...byId.keys()].sort(), [1, 2, 4]);
  assert.equal(byId.get(2).isAlarm, true, 'the changed entry replaced');
  assert.equal(byId.get(1).attention, false, 'no longer followed');
  assert.deepEqual([...snap.changed].sort(), [1, 2, 3, 4]);
});
