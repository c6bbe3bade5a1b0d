// The stock screens' pure rules (src/features/stock/model.ts): what each move kind needs, the move dialog's line checks,
// totals and body, where a refusal the server names shows, the service dialog's checks, totals and body, the date
// range of the filters and the lists' totals (wheel position names: wheels.test.mjs).
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { load } from './load.mjs';

const m = await load('src/features/stock/model.ts');

const PART = { id: 1, kind: 2, name: 'Brake pad', price: 120 };
const TYRE = { id: 2, kind: 3, name: 'Tyre 295/80R22.5', price: 1800 };
const LABOUR = { id: 3, kind: 1, name: 'Labour', price: 80 };
const items = new Map([PART, TYRE, LABOUR].map((i) => [i.id, i]));

const line = (over = {}) => ({ ...m.emptyLine(1), ...over });
const move = (kind, over = {}) => ({ ...m.emptyMove(kind, 5), ...over });

test('numbers as typed: empty is null, garbage NaN, a decimal comma accepted', () => {
  assert.equal(m.parseNumber(''), null);
  assert.equal(m.parseNumber('  '), null);
  assert.equal(m.parseNumber('12'), 12);
  assert.equal(m.parseNumber('1,5'), 1.5);
  assert.equal(m.parseNumber('-3'), -3);
  assert.equal(m.parseNumber('.5'), 0.5);
  assert.ok(Number.isNaN(m.parseNumber('1e3')));
  assert.ok(Number.isNaN(m.parseNumber('abc')));
  assert.ok(Number.isNaN(m.parseNumber('1.2.3')));
});

test('formatting: money to cents, quantities bare when whole, signed ledger quantities', () => {
  assert.equal(m.money(1234.5), '1234.50');
  assert.equal(m.money(null), '—');
  assert.equal(m.quantity(4), '4');
  assert.equal(m.quantity(2.5), '2.5');
  assert.equal(m.quantity(1 / 3), '0.333');
  assert.equal(m.signedQuantity(5), '+5');
  assert.equal(m.signedQuantity(-3), '−3');
  assert.equal(m.signedQuantity(0), '0');
  assert.equal(m.cents(0.1 + 0.2), 0.3);
});

test('each kind needs what docs/stock.md says', () => {
  assert.equal(m.KIND_NEEDS.receipt.unitCost, 'required');
  assert.equal(m.KIND_NEEDS.receipt.serials, true);
  assert.equal(m.KIND_NEEDS.issue.vehicleOrOrder, true);
  assert.equal(m.KIND_NEEDS.transfer.toWarehouse, true);
  assert.equal(m.KIND_NEEDS.sale.customer, true);
  assert.equal(m.KIND_NEEDS.sale.unitPrice, true);
  assert.equal(m.KIND_NEEDS.scrap.remark, true);
  assert.equal(m.KIND_NEEDS.adjust.signed, true);
  assert.equal(m.KIND_NEEDS.retreadOut.tyreIds, 'required');
  assert.deepEqual([...m.IN_KINDS, ...m.OUT_KINDS].sort(), [...m.MOVE_KINDS].sort());
  assert.equal(m.isMoveKind('sale'), true);
  assert.equal(m.isMoveKind('gift'), false);
});

test('a receipt: warehouse, item, positive quantity and a unit cost are required', () => {
  const p = m.validateMove(move('receipt', { warehouseId: null, lines: [line({ quantity: '0' }), line({ key: 2, itemId: 1, quantity: 'x', unitCost: '-1' })] }), items);
  assert.deepEqual(Object.keys(p).sort(), ['lines[0].itemId', 'lines[0].quantity', 'lines[0].unitCost', 'lines[1].quantity', 'lines[1].unitCost', 'warehouseId'].sort());
  assert.equal(p.warehouseId.key, 'required');
  assert.equal(p['lines[0].itemId'].key, 'itemRequired');
  assert.equal(p['lines[0].quantity'].key, 'quantityPositive');
  assert.equal(p['lines[0].unitCost'].key, 'required');
  assert.equal(p['lines[1].quantity'].key, 'notNumber');
  assert.equal(p['lines[1].unitCost'].key, 'notNegative');
  assert.deepEqual(m.validateMove(move('receipt', { lines: [line({ itemId: 1, quantity: '2', unitCost: '95.5' })] }), items), {});
});

test('labour is not stocked; tyres are counted whole; no lines is refused', () => {
  const p = m.validateMove(move('receipt', { lines: [line({ itemId: 3, unitCost: '1' }), line({ key: 2, itemId: 2, quantity: '1.5', unitCost: '1' })] }), items);
  assert.equal(p['lines[0].itemId'].key, 'labourNotStocked');
  assert.equal(p['lines[1].quantity'].key, 'quantityWhole');
  assert.equal(m.validateMove(move('receipt', { lines: [] }), items).lines.key, 'noLines');
});

test('serials on a receipt of tyres: optional, but one per tyre, unique in the document and not too long', () => {
  const ok = move('receipt', { lines: [line({ itemId: 2, quantity: '2', unitCost: '1800', serials: 'A1 3224\nA2\n\n' })] });
  assert.deepEqual(m.validateMove(ok, items), {});
  assert.deepEqual(m.parseSerials('A1 3224\n  A2,1125 \r\nA3;0124\n\n'), [
    { serial: 'A1', dot: '3224' },
    { serial: 'A2', dot: '1125' },
    { serial: 'A3', dot: '0124' },
  ]);
  const few = m.validateMove(move('receipt', { lines: [line({ itemId: 2, quantity: '3', unitCost: '1', serials: 'A1\nA2' })] }), items);
  assert.deepEqual(few['lines[0].serials'], { key: 'serialCount', values: { count: 2, quantity: 3 } });
  const twice = m.validateMove(move('receipt', { lines: [line({ itemId: 2, quantity: '1', unitCost: '1', serials: 'A1' }), line({ key: 2, itemId: 2, quantity: '1', unitCost: '1', serials: 'A1' })] }), items);
  assert.deepEqual(twice['lines[1].serials'], { key: 'serialRepeated', values: { serial: 'A1' } });
  const long = m.validateMove(move('receipt', { lines: [line({ itemId: 2, quantity: '1', unitCost: '1', serials: 'X'.repeat(65) })] }), items);
  assert.equal(long['lines[0].serials'].key, 'serialTooLong');
  // serials of a part line are not looked at
  assert.deepEqual(m.validateMove(move('receipt', { lines: [line({ itemId: 1, quantity: '3', unitCost: '1', serials: 'A1' })] }), items), {});
});

test('stock out: issue needs a vehicle or work order, transfer another warehouse, sale a customer and a price, scrap a reason', () => {
  assert.equal(m.validateMove(move('issue', { lines: [line({ itemId: 1 })] }), items).vehicleId.key, 'vehicleOrOrder');
  assert.deepEqual(m.validateMove(move('issue', { workOrderId: 9, lines: [line({ itemId: 1 })] }), items), {});
  assert.deepEqual(m.validateMove(move('issue', { vehicleId: 4, lines: [line({ itemId: 1 })] }), items), {});
  assert.equal(m.validateMove(move('transfer', { lines: [line({ itemId: 1 })] }), items).toWarehouseId.key, 'required');
  assert.equal(m.validateMove(move('transfer', { toWarehouseId: 5, lines: [line({ itemId: 1 })] }), items).toWarehouseId.key, 'sameWarehouse');
  const sale = m.validateMove(move('sale', { lines: [line({ itemId: 1 })] }), items);
  assert.equal(sale.customerId.key, 'required');
  assert.equal(sale['lines[0].unitPrice'].key, 'required');
  assert.equal(m.validateMove(move('scrap', { remark: '  ', lines: [line({ itemId: 1 })] }), items).remark.key, 'remarkRequired');
});

test('a stocktake takes signed quantities but not 0; its unit cost is optional', () => {
  assert.deepEqual(m.validateMove(move('adjust', { remark: 'count', lines: [line({ itemId: 1, quantity: '-2' })] }), items), {});
  assert.equal(m.validateMove(move('adjust', { remark: 'count', lines: [line({ itemId: 1, quantity: '0' })] }), items)['lines[0].quantity'].key, 'quantityNonZero');
});

test('tracked tyres: as many ticked as the quantity; retreads need them and only take tyres', () => {
  const issue = m.validateMove(move('issue', { vehicleId: 4, lines: [line({ itemId: 2, quantity: '2', tyreIds: [7] })] }), items);
  assert.deepEqual(issue['lines[0].tyreIds'], { key: 'tyreCount', values: { count: 1, quantity: 2 } });
  assert.deepEqual(m.validateMove(move('issue', { vehicleId: 4, lines: [line({ itemId: 2, quantity: '2' })] }), items), {});
  assert.equal(m.validateMove(move('retreadOut', { lines: [line({ itemId: 2 })] }), items)['lines[0].tyreIds'].key, 'tyresRequired');
  assert.equal(m.validateMove(move('retreadOut', { lines: [line({ itemId: 1 })] }), items)['lines[0].itemId'].key, 'tyreItemOnly');
});

test('totals: quantity × unit cost, or × the selling price for a sale', () => {
  const receipt = move('receipt', { lines: [line({ itemId: 1, quantity: '2', unitCost: '10.005' }), line({ key: 2, itemId: 2, quantity: '4', unitCost: '' })] });
  assert.deepEqual(m.moveTotals(receipt), { quantity: 6, amount: 20.01 });
  assert.equal(m.lineAmount(receipt.lines[1], 'receipt'), null);
  const sale = move('sale', { lines: [line({ itemId: 1, quantity: '3', unitCost: '1', unitPrice: '150' })] });
  assert.deepEqual(m.moveTotals(sale), { quantity: 3, amount: 450 });
});

test('the saveMove body carries only what the kind takes', () => {
  const receipt = move('receipt', {
    supplierId: 8,
    customerId: 3,
    vehicleId: 4,
    remark: '  first delivery ',
    lines: [line({ itemId: 2, quantity: '2', unitCost: '1800', unitPrice: '9', serials: 'A1 3224\nA2', tyreIds: [1] }), line({ key: 2, itemId: 1, quantity: '5', unitCost: '12.5', serials: 'ignored' })],
  });
  assert.deepEqual(m.movePayload(receipt, items), {
    kind: 'receipt',
    warehouseId: 5,
    supplierId: 8,
    remark: 'first delivery',
    lines: [
      { itemId: 2, quantity: 2, unitCost: 1800, tyres: [{ serial: 'A1', dot: '3224' }, { serial: 'A2' }] },
      { itemId: 1, quantity: 5, unitCost: 12.5 },
    ],
  });
  const sale = m.movePayload(move('sale', { customerId: 3, supplierId: 8, lines: [line({ itemId: 2, quantity: '1', unitCost: '5', unitPrice: '2000', tyreIds: [11] })] }), items);
  assert.deepEqual(sale, { kind: 'sale', warehouseId: 5, customerId: 3, lines: [{ itemId: 2, quantity: 1, unitPrice: 2000, tyreIds: [11] }] });
  const transfer = m.movePayload(move('transfer', { toWarehouseId: 6, lines: [line({ itemId: 1, quantity: '1' })] }), items);
  assert.deepEqual(transfer, { kind: 'transfer', warehouseId: 5, toWarehouseId: 6, lines: [{ itemId: 1, quantity: 1 }] });
  const issue = m.movePayload(move('issue', { vehicleId: 4, workOrderId: 9, occurredAt: '2026-11-20T08:30', lines: [line({ itemId: 1 })] }), items);
  assert.equal(issue.vehicleId, 4);
  assert.equal(issue.workOrderId, 9);
  assert.equal(issue.occurredAt, new Date('2026-11-20T08:30').toISOString());
  const adjust = m.movePayload(move('adjust', { remark: 'count', lines: [line({ itemId: 1, quantity: '-2', unitCost: '' })] }), items);
  assert.deepEqual(adjust.lines, [{ itemId: 1, quantity: -2 }]);
});

test('a refusal the server names shows under that field of that line', () => {
  const draft = move('receipt', { lines: [line(), line({ key: 2 }), line({ key: 3 })] });
  const shown = m.moveFields(draft);
  assert.equal(m.refusalTarget('lines[2].quantity', shown), 'lines[2].quantity');
  assert.equal(m.refusalTarget('lines[0].tyres[1].serial', shown), 'lines[0].serials');
  assert.equal(m.refusalTarget('lines[1].tyreIds[0]', shown), 'lines[1].tyreIds');
  assert.equal(m.refusalTarget('lines[1]', shown), 'lines[1].itemId');
  assert.equal(m.refusalTarget('warehouseId', shown), 'warehouseId');
  assert.equal(m.refusalTarget('lines[7].quantity', shown), null);
  assert.equal(m.refusalTarget('entId', shown), null);
  assert.equal(m.refusalTarget(undefined, shown), null);
  assert.equal(m.refusalText('lines[2].quantity: not enough stock (3 held)', 'lines[2].quantity'), 'not enough stock (3 held)');
  assert.equal(m.refusalText('库存不足', 'lines[2].quantity'), '库存不足');
  assert.equal(m.refusalText('lines[0].quantity：库存不足', 'lines[0].quantity'), '库存不足');
});

test('a service record: vehicle and item required, part lines need a warehouse unless there is a default', () => {
  const draft = { ...m.emptyService(), lines: [{ ...m.emptyServiceLine(1), itemId: 1 }, { ...m.emptyServiceLine(2), itemId: 3, quantity: '0' }] };
  const p = m.validateService(draft, items, null);
  assert.equal(p.vehicleId.key, 'required');
  assert.equal(p.item.key, 'required');
  assert.equal(p['create.lines[0].warehouseId'].key, 'warehouseRequired');
  assert.equal(p['create.lines[1].quantity'].key, 'quantityPositive');
  assert.equal(p['create.lines[1].warehouseId'], undefined, 'labour takes no warehouse');
  const withDefault = m.validateService({ ...draft, vehicleId: 4, item: 'brakes', lines: [draft.lines[0]] }, items, 7);
  assert.deepEqual(withDefault, {});
  assert.equal(m.validateService({ ...m.emptyService(), vehicleId: 1, item: 'x'.repeat(65) }, items, null).item.key, 'tooLong');
  assert.equal(m.validateService({ ...m.emptyService(), vehicleId: 1, item: 'wash', cost: '-5' }, items, null).cost.key, 'notNegative');
});

test('service totals: labour and parts priced at the typed price or the item’s', () => {
  const lines = [
    { ...m.emptyServiceLine(1), itemId: 3, quantity: '1.5' },
    { ...m.emptyServiceLine(2), itemId: 1, quantity: '2', unitPrice: '100' },
    { ...m.emptyServiceLine(3), itemId: 2, quantity: '1' },
    { ...m.emptyServiceLine(4), itemId: null, quantity: '9', unitPrice: 'x' },
  ];
  assert.deepEqual(m.serviceTotals(lines, items), { labourCost: 120, partsCost: 2000, cost: 2120 });
});

test('the car_service body: lines with their warehouse (not labour), or a cost without lines', () => {
  const draft = {
    ...m.emptyService(),
    vehicleId: 4,
    item: ' brake pads ',
    content: '',
    mileage: '120000',
    workOrderId: 9,
    lines: [
      { ...m.emptyServiceLine(1), itemId: 1, quantity: '2', warehouseId: 5 },
      { ...m.emptyServiceLine(2), itemId: 3, quantity: '1', unitPrice: '90', warehouseId: 5 },
    ],
    cost: '999',
  };
  assert.deepEqual(m.servicePayload(draft, items), {
    vehicleId: 4,
    create: { item: 'brake pads', mileage: 120000, workOrderId: 9, lines: [{ itemId: 1, quantity: 2, warehouseId: 5 }, { itemId: 3, quantity: 1, unitPrice: 90 }] },
  });
  assert.deepEqual(m.servicePayload({ ...m.emptyService(), vehicleId: 4, item: 'wash', cost: '80' }, items), { vehicleId: 4, create: { item: 'wash', cost: 80 } });
  const shown = m.serviceFields(draft);
  assert.equal(m.serviceRefusalTarget('create.lines[1].quantity', shown), 'create.lines[1].quantity');
  assert.equal(m.serviceRefusalTarget('lines[0].warehouseId', shown), 'create.lines[0].warehouseId');
  assert.equal(m.serviceRefusalTarget('create.item', shown), 'item');
  assert.equal(m.serviceRefusalTarget('vehicleId', shown), 'vehicleId');
  assert.equal(m.serviceRefusalTarget('create.lines[5].quantity', shown), null);
});

test('day filters become the instants starting the first day and ending the last (browser zone)', () => {
  assert.deepEqual(m.dayRange('2026-11-01', '2026-11-30'), { from: new Date('2026-11-01T00:00:00').toISOString(), to: new Date('2026-11-30T23:59:59.999').toISOString() });
  assert.deepEqual(m.dayRange('', undefined), {});
  assert.deepEqual(m.dayRange('2026-1-1', 'garbage'), {});
  // tyre/mileage counts whole days: they go as they are
  assert.deepEqual(m.dayParams('2026-11-01', '2026-11-30'), { from: '2026-11-01', to: '2026-11-30' });
  assert.deepEqual(m.dayParams('', 'x'), {});
  assert.equal(m.idOf('12'), 12);
  assert.equal(m.idOf(''), undefined);
  assert.equal(m.idOf('x1'), undefined);
});

test('a list answer’s totals, when it carries them', () => {
  assert.deepEqual(m.collectOf({ list: [], total: 0, page: 1, pageSize: 10, collect: { items: 2 } }), { items: 2 });
  assert.equal(m.collectOf({ list: [], total: 0, page: 1, pageSize: 10 }), null);
  assert.equal(m.collectOf({ list: [], total: 0, page: 1, pageSize: 10, collect: null }), null);
  assert.equal(m.collectOf([]), null);
  assert.equal(m.collectOf(undefined), null);
  assert.equal(m.fixed(1.23456, 2), '1.23');
  assert.equal(m.fixed(undefined, 2), '—');
  assert.equal(m.fixed(null, 2), '—');
  assert.equal(m.nonEmpty(''), null);
  assert.equal(m.nonEmpty(null), null);
  assert.equal(m.nonEmpty('沪A1'), '沪A1');
  assert.equal(m.tyreStateTone(2), 'blue');
  assert.equal(m.moveTone(-1), 'red');
});

test('a work order’s "mount a tyre" link: the order, its vehicle and a real wheel; anything else is no mount', () => {
  const q = (s) => new URLSearchParams(s);
  assert.deepEqual(m.mountForOrder(q('mount=1&workOrderId=7&number=WO-20261127-0001&vehicleId=3&plate=沪S1&position=24')), {
    workOrderId: 7,
    number: 'WO-20261127-0001',
    vehicle: { id: 3, plate: '沪S1' },
    position: 24,
  });
  // no wheel named, or not a wheel (axle 0, wheel 0): the vehicle only
  assert.equal(m.mountForOrder(q('mount=1&workOrderId=7&vehicleId=3')).position, null);
  assert.equal(m.mountForOrder(q('mount=1&workOrderId=7&vehicleId=3&position=20')).position, null);
  assert.equal(m.mountForOrder(q('mount=1&workOrderId=7&vehicleId=3&position=5')).position, null);
  assert.equal(m.mountForOrder(q('mount=1&workOrderId=7&vehicleId=3')).number, '');
  // not asked, or without the order or the vehicle
  assert.equal(m.mountForOrder(q('workOrderId=7&vehicleId=3')), null);
  assert.equal(m.mountForOrder(q('mount=1&vehicleId=3')), null);
  assert.equal(m.mountForOrder(q('mount=1&workOrderId=7&vehicleId=x')), null);
  assert.equal(m.mountForOrder(q('mount=1&workOrderId=-7&vehicleId=3')), null);
});
