// Wheel positions named as people say them (src/lib/wheels.ts), in both languages with the real translations: the
// layouts the product allows (1–8 wheels an axle, odd only on the steer axle), unknown layouts, positions off the
// axle, wheel ends, and numbers that are not positions.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { createInstance } from 'i18next';

import { load } from './load.mjs';

const w = await load('src/lib/wheels.ts');
const { resources } = await load('src/locales/index.ts');

async function translator(lng) {
  const i18n = createInstance();
  await i18n.init({ lng, resources, ns: ['common'], defaultNS: 'common', fallbackLng: false, interpolation: { escapeValue: false } });
  return i18n.t.bind(i18n);
}
const zh = await translator('zh');
const en = await translator('en');

/** Every position's name on one axle of `n` wheels (axle 2, so 21…2n). */
const axle = (n, t) => Array.from({ length: n }, (_, i) => w.wheelName(21 + i, [2, n], t));

test('2-wheel axle: left and right', () => {
  assert.deepEqual(axle(2, en), ['Axle 2, left', 'Axle 2, right']);
  assert.deepEqual(axle(2, zh), ['第2轴左轮', '第2轴右轮']);
  assert.equal(w.wheelName(11, [2, 4], en), 'Axle 1, left');
  assert.equal(w.wheelName(12, [2, 4], zh), '第1轴右轮');
});

test('4-wheel (twin) axle: left outer, left inner, right inner, right outer', () => {
  assert.deepEqual(axle(4, en), ['Axle 2, left outer', 'Axle 2, left inner', 'Axle 2, right inner', 'Axle 2, right outer']);
  assert.deepEqual(axle(4, zh), ['第2轴左外', '第2轴左内', '第2轴右内', '第2轴右外']);
});

test('6-wheel axle: a middle wheel each side', () => {
  assert.deepEqual(axle(6, en), ['Axle 2, left outer', 'Axle 2, left middle', 'Axle 2, left inner', 'Axle 2, right inner', 'Axle 2, right middle', 'Axle 2, right outer']);
  assert.deepEqual(axle(6, zh), ['第2轴左外', '第2轴左中', '第2轴左内', '第2轴右内', '第2轴右中', '第2轴右外']);
});

test('8-wheel axle: the two middle wheels of a side are counted from the outside, so every name is unique', () => {
  assert.deepEqual(axle(8, zh), ['第2轴左外', '第2轴左中1', '第2轴左中2', '第2轴左内', '第2轴右内', '第2轴右中2', '第2轴右中1', '第2轴右外']);
  assert.equal(w.wheelName(22, [2, 8], en), 'Axle 2, left middle 1');
  assert.equal(w.wheelName(27, [2, 8], en), 'Axle 2, right middle 1');
});

test('odd steer axles: a single wheel is the centre; 3 and 5 wheels have one in the middle', () => {
  assert.deepEqual(Array.from({ length: 1 }, (_, i) => w.wheelName(11 + i, [1], en)), ['Axle 1, centre']);
  assert.deepEqual(Array.from({ length: 3 }, (_, i) => w.wheelName(11 + i, [3], zh)), ['第1轴左轮', '第1轴中轮', '第1轴右轮']);
  assert.deepEqual(Array.from({ length: 5 }, (_, i) => w.wheelName(11 + i, [5], en)), ['Axle 1, left outer', 'Axle 1, left inner', 'Axle 1, centre', 'Axle 1, right inner', 'Axle 1, right outer']);
});

test('every layout the product allows names each of its wheels once', () => {
  for (let n = 1; n <= 8; n++) {
    for (const t of [zh, en]) {
      const names = Array.from({ length: n }, (_, i) => w.wheelName(11 + i, [n], t));
      assert.equal(new Set(names).size, n, `${String(n)} wheels: ${names.join(' / ')}`);
    }
  }
});

test('unknown layout, an axle beyond it or a wheel off the axle: axle and wheel number', () => {
  assert.equal(w.wheelName(23, null, en), 'Axle 2, wheel 3');
  assert.equal(w.wheelName(23, null, zh), '第2轴 第3轮');
  assert.equal(w.wheelName(41, [2, 4, 4], en), 'Axle 4, wheel 1');
  assert.equal(w.wheelName(25, [2, 4], zh), '第2轴 第5轮');
  assert.equal(w.wheelName(29, [2, 4], en), 'Axle 2, wheel 9');
});

test('not a position: the number as it is; none: a dash', () => {
  assert.equal(w.wheelName(0, [2, 4], en), '0');
  assert.equal(w.wheelName(20, [2, 4], en), '20');
  assert.equal(w.wheelName(7, [2, 4], zh), '7');
  assert.equal(w.wheelName(-12, [2, 4], zh), '-12');
  assert.equal(w.wheelName(null, [2, 4], en), '—');
  assert.equal(w.wheelName(undefined, null, zh), '—');
});

test('the place alone, for a drawing of the axle', () => {
  assert.equal(w.wheelPlaceName(24, [2, 4], en), 'right outer');
  assert.equal(w.wheelPlaceName(24, [2, 4], zh), '右外');
  assert.equal(w.wheelPlaceName(11, [2, 4], zh), '左轮');
  assert.equal(w.wheelPlaceName(23, null, en), 'wheel 3');
  assert.equal(w.wheelPlaceName(20, [2, 4], en), null);
  assert.equal(w.axleName(3, zh), '第3轴');
  assert.equal(w.axleName(3, en), 'Axle 3');
});

test('wheel ends (hubs) are axle × 10 + side', () => {
  assert.equal(w.wheelEndName(21, en), 'Axle 2, left wheel end');
  assert.equal(w.wheelEndName(32, zh), '第3轴右轮端');
  assert.equal(w.wheelEndName(23, en), '23');
  assert.equal(w.wheelEndName(0, zh), '0');
});

test('the spot behind a name', () => {
  assert.deepEqual(w.wheelSpot(23, 4), { axle: 2, wheel: 3, side: 'right', place: 'inner', middle: null });
  assert.deepEqual(w.wheelSpot(32, 6), { axle: 3, wheel: 2, side: 'left', place: 'middle', middle: null });
  assert.deepEqual(w.wheelSpot(23, null), { axle: 2, wheel: 3, side: null, place: null, middle: null });
  assert.equal(w.wheelSpot(20, 2), null);
  assert.equal(w.wheelsOn(23, [2, 4, 4]), 4);
  assert.equal(w.wheelsOn(41, [2, 4, 4]), null);
  assert.equal(w.wheelsOn(11, null), null);
});

test("an alarm's position names a wheel, a wheel end or an axle by its kind (src/features/live/alarm-wheel.ts)", async () => {
  const { alarmWheelName } = await load('src/features/live/alarm-wheel.ts');
  const names = (t) => ({
    wheel: (p, perAxle = null) => w.wheelName(p, perAxle, t),
    place: (p, perAxle) => w.wheelPlaceName(p, perAxle, t),
    axle: (a) => w.axleName(a, t),
    wheelEnd: (p) => w.wheelEndName(p, t),
  });
  const layout = [2, 4];
  assert.equal(alarmWheelName(2, 24, layout, names(zh)), '第2轴右外'); // low pressure
  assert.equal(alarmWheelName(2, 24, null, names(en)), 'Axle 2, wheel 4');
  assert.equal(alarmWheelName(6, 22, layout, names(zh)), '第2轴右轮端'); // hub high temperature: axle × 10 + side
  assert.equal(alarmWheelName(7, 21, layout, names(en)), 'Axle 2'); // hub temperature difference
  assert.equal(alarmWheelName(16, 12, layout, names(en)), null); // geofence: the fence's id
  assert.equal(alarmWheelName(11, 0, layout, names(en)), null); // vehicle-wide
});
