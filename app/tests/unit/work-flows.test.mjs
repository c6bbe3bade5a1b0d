// The flow screens' pure rules (src/features/work/flow-model.ts): the states a node may take between its neighbours
// (first pending, last closed, each the previous one's or the next in 100 → 101 → 102 → 104), the checks flow/save
// makes, moving and removing nodes, branch values, who acts, functions offered and required, refusal paths.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { load } from './load.mjs';

const f = await load('src/features/work/flow-model.ts');

test('a state follows the previous one or the next in pending → in progress → resolved → closed', () => {
  assert.equal(f.nextState(100), 101);
  assert.equal(f.nextState(101), 102);
  assert.equal(f.nextState(102), 104);
  assert.equal(f.nextState(104), null);
  assert.equal(f.nextState(103), null);
  assert.equal(f.mayFollow(100, 100), true);
  assert.equal(f.mayFollow(100, 101), true);
  assert.equal(f.mayFollow(100, 102), false);
  assert.equal(f.mayFollow(101, 100), false);
  assert.equal(f.mayFollow(102, 104), true);
  assert.equal(f.mayFollow(101, 104), false);
});

test('the first node is pending, the last closed, and a middle node takes what fits between its neighbours', () => {
  const chain = [100, 101, 101, 102, 104];
  assert.deepEqual(f.allowedStates(chain, 0), [100]);
  assert.deepEqual(f.allowedStates(chain, 4), [104]);
  // between 100 and 101: 100 or 101
  assert.deepEqual(f.allowedStates(chain, 1), [100, 101]);
  // between 101 and 102: 101 or 102
  assert.deepEqual(f.allowedStates(chain, 2), [101, 102]);
  // between 101 and 104: only 102 (104 must follow it)
  assert.deepEqual(f.allowedStates(chain, 3), [102]);
  // the shortest chain has no choice anywhere
  const shortest = [100, 101, 102, 104];
  assert.deepEqual(shortest.map((_, i) => f.allowedStates(shortest, i)), [[100], [101], [102], [104]]);
});

test('a node inserted between two others takes what fits between them', () => {
  const shortest = [100, 101, 102, 104];
  assert.deepEqual(f.statesForInsert(shortest, 1), [100, 101]);
  assert.deepEqual(f.statesForInsert(shortest, 2), [101, 102]);
  assert.deepEqual(f.statesForInsert(shortest, 3), [102, 104]);
  // before the first: it becomes the first (pending), and the old first still fits after it
  assert.deepEqual(f.statesForInsert(shortest, 0), [100]);
  // after the last: it becomes the last (closed)
  assert.deepEqual(f.statesForInsert(shortest, 4), [104]);
});

test('the order rules name the node they are about, as the server does', () => {
  assert.equal(f.chainProblem([100, 101, 102, 104]), null);
  assert.equal(f.chainProblem([100, 100, 101, 101, 102, 104, 104]), null);
  assert.deepEqual(f.chainProblem([100]), { field: 'nodes', kind: 'count' });
  assert.deepEqual(f.chainProblem(Array.from({ length: 31 }, () => 100)), { field: 'nodes', kind: 'count' });
  assert.deepEqual(f.chainProblem([101, 102, 104]), { field: 'nodes[0].state', kind: 'first' });
  assert.deepEqual(f.chainProblem([100, 101, 102]), { field: 'nodes[2].state', kind: 'last' });
  // 2 nodes and 3 nodes cannot reach closed from pending
  assert.deepEqual(f.chainProblem([100, 104]), { field: 'nodes[1].state', kind: 'order' });
  assert.deepEqual(f.chainProblem([100, 101, 104]), { field: 'nodes[2].state', kind: 'order' });
  assert.deepEqual(f.chainProblem([100, 102, 101, 104]), { field: 'nodes[1].state', kind: 'order' });
});

const node = (id, name, state, conditions = []) => ({ id, name, state, conditions });

test('a draft is checked for names, the chain and branches to later nodes', () => {
  const ok = { name: 'Tyre change', description: '', nodes: [node(1, 'a', 100, [{ id: 1, field: 'x', op: 'eq', value: 1, nextNodeId: 3 }]), node(2, 'b', 101), node(3, 'c', 102), node(4, 'd', 104)] };
  assert.deepEqual(f.flowProblems(ok), []);
  assert.deepEqual(f.flowProblems({ ...ok, name: '  ' }), [{ field: 'name', kind: 'required' }]);
  assert.deepEqual(f.flowProblems({ ...ok, name: '流'.repeat(65) }), [{ field: 'name', kind: 'tooLong' }]);
  // 64 characters of any script are fine (the server counts characters)
  assert.deepEqual(f.flowProblems({ ...ok, name: '𝔉'.repeat(64) }), []);
  assert.deepEqual(f.flowProblems({ ...ok, description: 'x'.repeat(501) }), [{ field: 'description', kind: 'tooLong' }]);
  const unnamed = { ...ok, nodes: ok.nodes.map((n, i) => (i === 2 ? { ...n, name: '' } : n)) };
  assert.deepEqual(f.flowProblems(unnamed), [{ field: 'nodes[2].name', kind: 'required' }]);
  // a branch to itself or to an earlier node is refused, as one that would point back after a move
  const self = { ...ok, nodes: ok.nodes.map((n, i) => (i === 0 ? { ...n, conditions: [{ id: 1, field: 'x', op: 'eq', value: 1, nextNodeId: 1 }] } : n)) };
  assert.deepEqual(f.flowProblems(self), [{ field: 'nodes[0].conditions[0].nextNodeId', kind: 'notLater' }]);
  const swapped = { ...ok, nodes: [ok.nodes[2], ok.nodes[1], ok.nodes[0], ok.nodes[3]].map((n, i) => ({ ...n, state: [100, 101, 102, 104][i] })) };
  assert.deepEqual(f.flowProblems(swapped), [{ field: 'nodes[2].conditions[0].nextNodeId', kind: 'notLater' }]);
  const gone = { ...ok, nodes: ok.nodes.map((n, i) => (i === 0 ? { ...n, conditions: [{ field: 'x', op: 'in', value: 'a', nextNodeId: 99 }] } : n)) };
  assert.deepEqual(f.flowProblems(gone), [
    { field: 'nodes[0].conditions[0].nextNodeId', kind: 'notLater' },
    { field: 'nodes[0].conditions[0].value', kind: 'notList' },
  ]);
  // the chain's problem comes with the rest
  assert.deepEqual(f.flowProblems({ ...ok, nodes: ok.nodes.slice(1) }), [{ field: 'nodes[0].state', kind: 'first' }]);
});

test('a refusal path names its node and the part of it', () => {
  assert.equal(f.nodeIndexOf('nodes[12].conditions[0].nextNodeId'), 12);
  assert.equal(f.nodeIndexOf('nodes'), null);
  assert.equal(f.nodeIndexOf('name'), null);
  assert.equal(f.nodeIndexOf(undefined), null);
  assert.equal(f.nodePartOf('node.fields[0].key', 3), 'fields[0].key');
  assert.equal(f.nodePartOf('nodes[3].name', 3), 'name');
  assert.equal(f.nodePartOf('nodes[2].name', 3), null);
  assert.equal(f.nodePartOf('nodes[3].state', null), null);
  assert.equal(f.nodePartOf('name', 3), null);
  assert.equal(f.nodePartOf(undefined, 3), null);
});

test('nodes move and go; branches to a removed node go with it', () => {
  assert.deepEqual(f.moved(['a', 'b', 'c'], 0, 1), ['b', 'a', 'c']);
  assert.deepEqual(f.moved(['a', 'b', 'c'], 2, 1), ['a', 'c', 'b']);
  assert.deepEqual(f.moved(['a', 'b', 'c'], 2, 9), ['a', 'b', 'c']);
  const nodes = [node(1, 'a', 100, [{ id: 1, field: 'x', op: 'eq', value: 1, nextNodeId: 3 }, { id: 2, field: 'y', op: 'filled', nextNodeId: 4 }]), node(2, 'b', 101, [{ id: 1, field: 'z', op: 'eq', value: 2, nextNodeId: 3 }]), node(3, 'c', 102), node(4, 'd', 104)];
  assert.equal(f.incomingBranches(nodes, 2), 2);
  assert.equal(f.incomingBranches(nodes, 3), 1);
  assert.equal(f.incomingBranches(nodes, 0), 0);
  const left = f.withoutNode(nodes, 2);
  assert.deepEqual(left.map((n) => n.id), [1, 2, 4]);
  assert.deepEqual(left[0].conditions.map((b) => b.id), [2]);
  assert.deepEqual(left[1].conditions, []);
  // untouched nodes are the same objects
  assert.equal(left[2], nodes[3]);
});

test('a branch value is sent as typed: a list for in, nothing for filled, numbers as numbers', () => {
  assert.deepEqual(f.branchValue('in', 'a, b，c,, a'), ['a', 'b', 'c']);
  assert.equal(f.branchValue('filled', 'whatever'), null);
  assert.equal(f.branchValue('gt', ' 12.5 '), 12.5);
  assert.equal(f.branchValue('eq', ' left '), 'left');
  assert.equal(f.branchValue('eq', ''), '');
  assert.equal(f.branchValueText(['a', 2]), 'a, 2');
  assert.equal(f.branchValueText(3), '3');
  assert.equal(f.branchValueText(null), '');
  assert.equal(f.branchValueText({ a: 1 }), '{"a":1}');
});

test('who acts: a role or a named member', () => {
  assert.deepEqual(f.assigneeChoice('requester'), { kind: 'requester' });
  assert.deepEqual(f.assigneeChoice({ userId: 7 }), { kind: 'user', userId: 7 });
  assert.deepEqual(f.assigneeChoice('someone'), { kind: 'assignee' });
  assert.equal(f.assigneeValue({ kind: 'admin' }), 'admin');
  assert.deepEqual(f.assigneeValue({ kind: 'user', userId: 7 }), { userId: 7 });
  assert.equal(f.assigneeValue({ kind: 'user', userId: null }), null);
});

test('a required function is offered too; no longer offering it drops the requirement', () => {
  const none = { functions: [], required: [] };
  const req = f.toggleFunction(none, 'photo', 'required', true);
  assert.deepEqual(req, { functions: ['photo'], required: ['photo'] });
  const both = f.toggleFunction(req, 'parts', 'offered', true);
  assert.deepEqual(both, { functions: ['photo', 'parts'], required: ['photo'] });
  assert.deepEqual(f.toggleFunction(both, 'photo', 'offered', false), { functions: ['parts'], required: [] });
  assert.deepEqual(f.toggleFunction(both, 'photo', 'required', false), { functions: ['photo', 'parts'], required: [] });
});

test('steps show one of four display states; functions lead to the detail section they are done in', () => {
  assert.equal(f.stepDisplay('completed'), 'completed');
  assert.equal(f.stepDisplay('selectable'), 'selectable');
  assert.equal(f.stepDisplay('something new'), 'forbidden');
  assert.equal(f.FUNCTION_SECTIONS.photo, 'files');
  assert.equal(f.FUNCTION_SECTIONS.tyreChange, 'repair');
  assert.equal(f.FUNCTION_SECTIONS.dispose, 'timeline');
  assert.equal(f.FUNCTION_SECTIONS.approval, undefined);
  assert.equal(f.sectionId('files'), 'order-section-files');
});

test('a step entry of the timeline reads its nodes and values; anything malformed is left out', () => {
  assert.deepEqual(f.stepLogData({ fromNode: 3, toNode: 4, values: { mileage: 12000 } }), { fromNode: 3, toNode: 4, values: { mileage: 12000 }, labels: {} });
  assert.deepEqual(f.stepLogData({ fromNode: 3, toNode: 4, values: { mileage: 12000 }, labels: { mileage: 'Mileage', bad: 7 } }), {
    fromNode: 3,
    toNode: 4,
    values: { mileage: 12000 },
    labels: { mileage: 'Mileage' },
  });
  assert.deepEqual(f.stepLogData({ fromNode: '3', values: [1] }), { fromNode: null, toNode: null, values: {}, labels: {} });
  assert.deepEqual(f.stepLogData({}), { fromNode: null, toNode: null, values: {}, labels: {} });
  assert.equal(f.LOG_STEP, 5);
});

test("branches on the step's own fields leave the next node to the submitted values; others do not", () => {
  const conditions = [
    { field: 'severity', op: 'eq', value: 'minor', nextNodeId: 40 },
    { field: 'severity', op: 'eq', value: 'none', nextNodeId: 40 },
    { field: 'mileage', op: 'gt', value: 10000, nextNodeId: 30 },
    { field: 'title', op: 'filled', nextNodeId: 50 },
  ];
  assert.deepEqual(f.targetsDecidedByStep(conditions, ['severity', 'mileage']), [40, 30]);
  // a branch on an earlier step's field or the order's form is already decided: the server's selectable step holds
  assert.deepEqual(f.targetsDecidedByStep(conditions, ['photoNote']), []);
  assert.deepEqual(f.targetsDecidedByStep([], ['severity']), []);
});
