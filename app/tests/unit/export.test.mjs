import assert from 'node:assert/strict';
import { test } from 'node:test';

import { load } from './load.mjs';

const { fetchAllPages, exportTable, EXPORT_PAGE_SIZE } = await load('src/components/crud/export-all.ts');
const { toCsv } = await load('src/components/crud/export.ts');

function fakeList(total) {
  const calls = [];
  const fetchPage = async (params) => {
    calls.push(params);
    const from = (params.page - 1) * params.pageSize;
    const list = Array.from({ length: Math.max(0, Math.min(params.pageSize, total - from)) }, (_, i) => ({ id: from + i }));
    return { list, total, page: params.page, pageSize: params.pageSize };
  };
  return { calls, fetchPage };
}

test('pages through the list 500 rows at a time, reporting progress, keeping the filters', async () => {
  const { calls, fetchPage } = fakeList(1234);
  const progress = [];
  const rows = await fetchAllPages(fetchPage, { keyword: 'A' }, (p) => progress.push(p));
  assert.equal(EXPORT_PAGE_SIZE, 500);
  assert.equal(rows.length, 1234);
  assert.deepEqual(calls.map((c) => [c.page, c.pageSize, c.keyword]), [[1, 500, 'A'], [2, 500, 'A'], [3, 500, 'A']]);
  assert.deepEqual(progress, [{ fetched: 500, total: 1234 }, { fetched: 1000, total: 1234 }, { fetched: 1234, total: 1234 }]);
});

test('an exact multiple stops at the total; an empty list makes one call', async () => {
  const a = fakeList(1000);
  assert.equal((await fetchAllPages(a.fetchPage, {}, () => undefined)).length, 1000);
  assert.equal(a.calls.length, 2);
  const b = fakeList(0);
  assert.deepEqual(await fetchAllPages(b.fetchPage, {}, () => undefined), []);
  assert.equal(b.calls.length, 1);
});

test('cancelling stops before the next page', async () => {
  const { calls, fetchPage } = fakeList(5000);
  const controller = new AbortController();
  await assert.rejects(
    fetchAllPages(fetchPage, {}, (p) => {
      if (p.fetched >= 1000) controller.abort();
    }, controller.signal),
    (e) => e.name === 'AbortError',
  );
  assert.equal(calls.length, 2);
});

test('export table and CSV', () => {
  const t = exportTable([{ header: 'Plate', value: (r) => r.p }, { header: 'N', value: (r) => r.n }], [{ p: '沪A,1', n: 2 }]);
  assert.deepEqual(t, { headers: ['Plate', 'N'], rows: [['沪A,1', 2]] });
  assert.equal(toCsv(t.headers, t.rows), 'Plate,N\r\n"沪A,1",2');
});
