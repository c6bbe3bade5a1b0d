import assert from 'node:assert/strict';
import { test } from 'node:test';

import { load } from './load.mjs';

const m = await load('src/features/enterprise/model.ts');

const node = (entId, name, children = [], extra = {}) => ({
  entId,
  parentId: null,
  entName: name,
  entAbbreviation: '',
  logo: '',
  car_ico: '',
  enable_group: true,
  type: 0,
  verifyState: 2,
  colonyId: null,
  level: 1,
  ent_list: children,
  ...extra,
});

// A (1) > B (2) > C (3);  A > D (4);  E (5)
const forest = [node(1, 'Alpha', [node(2, 'Beta', [node(3, 'Gamma')]), node(4, 'Delta')]), node(5, 'Epsilon')];

test('the tree flattens depth-first with depths', () => {
  assert.deepEqual(
    m.flattenTree(forest).map(({ node: n, depth }) => `${n.entId}@${depth}`),
    ['1@0', '2@1', '3@2', '4@1', '5@0'],
  );
  assert.equal(m.countNodes(forest), 5);
  assert.deepEqual([...m.subtreeIds(forest, 2)].sort(), [2, 3]);
  assert.deepEqual([...m.subtreeIds(forest, 99)], []);
});

test('parent choices keep trees within three levels and never below the enterprise itself', () => {
  // a new enterprise may go below a level-1 or level-2 enterprise, not below a level-3 one
  assert.deepEqual(
    m.parentOptions(forest, null).map((o) => o.value),
    [1, 2, 4, 5],
  );
  assert.match(m.parentOptions(forest, null)[1].label, /^· Beta$/);
  // moving B (which has a child): only below a top-level enterprise other than its own subtree
  assert.deepEqual(
    m.parentOptions(forest, 2).map((o) => o.value),
    [1, 5],
  );
  // moving A (three levels tall): nowhere but the top level
  assert.deepEqual(m.parentOptions(forest, 1), []);
});

test('the tree filter keeps matches and the ancestors leading to them', () => {
  const hit = m.filterEnterpriseTree(forest, 'gam');
  assert.deepEqual(m.flattenTree(hit).map(({ node: n }) => n.entId), [1, 2, 3]);
  assert.equal(m.filterEnterpriseTree(forest, 'nothing').length, 0);
  assert.equal(m.filterEnterpriseTree(forest, '  ').length, 2);
  // a matching parent keeps its children
  assert.deepEqual(m.flattenTree(m.filterEnterpriseTree(forest, 'ALPHA')).map(({ node: n }) => n.entId), [1, 2, 3, 4]);
});

test('parent paths read top first', () => {
  assert.equal(m.parentPath({ parent: [{ id: 1, ent_name: 'Alpha' }, { id: 2, ent_name: 'Beta' }] }), 'Alpha / Beta');
  assert.equal(m.parentPath({ parent: [] }), '');
});

test('invitation answers: the invited side accepts or refuses, the inviting side withdraws, only while pending', () => {
  assert.deepEqual(m.invitationActions({ state: 0, direction: 'received' }), ['accept', 'refuse']);
  assert.deepEqual(m.invitationActions({ state: 0, direction: 'sent' }), ['cancel']);
  for (const state of [1, 2, 3, 4]) assert.deepEqual(m.invitationActions({ state, direction: 'received' }), []);
});

test('relation actions follow the state and what the server lets the caller confirm', () => {
  assert.deepEqual(m.relationActions({ state: 0, canConfirm: true }), ['confirm', 'refuse', 'end']);
  assert.deepEqual(m.relationActions({ state: 0, canConfirm: false }), ['end']);
  assert.deepEqual(m.relationActions({ state: 1, canConfirm: false }), ['end']);
  assert.deepEqual(m.relationActions({ state: 2, canConfirm: true }), []);
  assert.deepEqual(m.relationActions({ state: 3, canConfirm: false }), []);
});

test('vehicle id lists: commas, spaces, full-width commas; duplicates once; anything else refused', () => {
  assert.deepEqual(m.parseIdList('1, 2 3，4;5 2'), [1, 2, 3, 4, 5]);
  assert.deepEqual(m.parseIdList('   '), []);
  assert.equal(m.parseIdList('1, x'), null);
  assert.equal(m.parseIdList('0'), null);
  assert.equal(m.parseIdList('-3'), null);
  assert.equal(m.parseIdList('1.5'), null);
});

const values = (over = {}) => ({
  standardPressure: 8.5,
  highPressure: 10.2,
  lowPressureWarning: 7.2,
  lowPressureCritical: 6.4,
  highTemperature: 85,
  fastLeakRate: 20,
  axleHighTemperature: 100,
  axleTempDifference: 25,
  sensorLowBattery: 20,
  offlineMinutes: 30,
  ...over,
});
const settings = {
  entId: 1014,
  general: { ...values(), entId: 1014, customized: false, updatedAt: null },
  axles: [
    { ...values({ standardPressure: 9 }), position: 'steer', positionName: '转向轴', customized: false },
    { ...values({ highPressure: 11 }), position: 'drive', positionName: '驱动轴', customized: true },
    { ...values(), position: 'trailer', positionName: '挂车轴', customized: false },
  ],
};

test('the threshold form starts from what the server answered, per position', () => {
  const form = m.thresholdForm(settings);
  assert.equal(form.general.standardPressure, '8.5');
  assert.equal(form.axles.steer.own, false);
  assert.equal(form.axles.steer.values.standardPressure, '9', 'a position without values of its own shows its defaults');
  assert.equal(form.axles.drive.own, true);
  assert.equal(form.axles.drive.values.highPressure, '11');
  // a missing position falls back to the enterprise-wide values
  const partial = m.thresholdForm({ ...settings, axles: [] });
  assert.equal(partial.axles.trailer.own, false);
  assert.equal(partial.axles.trailer.values.highPressure, '10.2');
});

test('the threshold payload sends every general value and, per position, its values or a reset', () => {
  const form = m.thresholdForm(settings);
  form.general.offlineMinutes = '45.4';
  form.axles.drive.values.highPressure = '12.5';
  const payload = m.thresholdPayload(form);
  assert.equal(payload.general.offlineMinutes, 45, 'whole minutes');
  assert.equal(payload.general.standardPressure, 8.5);
  assert.deepEqual(payload.axles.map((a) => a.position), ['steer', 'drive', 'trailer']);
  assert.deepEqual(payload.axles[0], { position: 'steer', reset: true });
  assert.equal(payload.axles[1].highPressure, 12.5);
  assert.equal(payload.axles[1].reset, undefined);
});

test('local checks only catch empty and non-numbers; ranges are the server’s', () => {
  const form = m.thresholdForm(settings);
  form.general.highPressure = '';
  form.general.fastLeakRate = 'abc';
  form.general.highTemperature = '999';
  form.axles.steer.values.highPressure = ''; // not own: not checked
  form.axles.drive.values.lowPressureWarning = ' ';
  assert.deepEqual(m.draftErrors(form), { general: { highPressure: 'required', fastLeakRate: 'number' }, drive: { lowPressureWarning: 'required' } });
  assert.deepEqual(m.draftErrors(m.thresholdForm(settings)), {});
});

test('a refusal names its field (data.field): enterprise-wide, or an axle position by the index it was sent at', () => {
  const sent = ['steer', 'drive', 'trailer'];
  assert.deepEqual(m.fieldErrorOf('highPressure', 'highPressure must be between 1 and 20', sent), {
    section: 'general',
    field: 'highPressure',
    message: 'highPressure must be between 1 and 20',
  });
  assert.deepEqual(m.fieldErrorOf('axles[1].highPressure', 'axles[1].highPressure 须在 1 到 20 之间', sent), {
    section: 'drive',
    field: 'highPressure',
    message: 'axles[1].highPressure 须在 1 到 20 之间',
  });
  assert.equal(m.fieldErrorOf('axles[2].lowPressureCritical', 'must be below lowPressureWarning', ['trailer', 'steer', 'drive']).section, 'drive');
  assert.equal(m.fieldErrorOf('axles[5].highPressure', 'must be between 1 and 20', sent), null, 'an index that was not sent');
  assert.equal(m.fieldErrorOf('axles[0].position', 'must be steer, drive or trailer', sent), null, 'not a threshold field');
  assert.equal(m.fieldErrorOf(undefined, '企业 1099 不在你的可见范围内', sent), null, 'a refusal about no field');
});

test('the relation graph has each enterprise once and a link per live relation, grantor to grantee', () => {
  const rel = (ID, entId, entName, relatedEntId, relatedEntName, type, state) => ({ ID, entId, entName, relatedEntId, relatedEntName, type, state });
  const data = {
    entId: 1014,
    entName: 'Fleet',
    relations: [rel(1, 1014, 'Fleet', 1016, 'Tyres', 2, 1), rel(2, 1017, 'Customer', 1014, 'Fleet', 3, 0), rel(3, 1014, 'Fleet', 1018, 'Old', 4, 3)],
  };
  const label = (n) => `type${n}`;
  const g = m.relationGraph(data, label);
  assert.deepEqual(g.nodes.map((n) => [n.id, n.center]), [['1014', true], ['1016', false], ['1017', false]]);
  assert.deepEqual(g.links.map((l) => `${l.source}->${l.target}:${l.label}:${l.state}`), ['1014->1016:type2:1', '1017->1014:type3:0']);
  const all = m.relationGraph(data, label, true);
  assert.equal(all.nodes.length, 4);
  assert.equal(all.links.length, 3);
  // an enterprise with no relations is a single node
  assert.deepEqual(m.relationGraph({ entId: 7, entName: '', relations: [] }, label), { nodes: [{ id: '7', name: '#7', center: true }], links: [] });
});

test('the current enterprise: the session’s id first, else the entry the server marks current', () => {
  const entries = [
    { value: 1013, current: true },
    { value: 1014, current: false },
  ];
  assert.equal(m.currentEntry(entries, 1014).value, 1014);
  assert.equal(m.currentEntry(entries, null).value, 1013);
  assert.equal(m.currentEntry(entries, 9999).value, 1013);
  assert.equal(m.currentEntry([], 1), null);
});
