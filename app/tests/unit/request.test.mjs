// The request layer of console-spec §7–§9 (src/lib/request/client.ts), with a fake fetch, fake timers, an in-memory
// storage and a recording feedback host.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { load } from './load.mjs';

const { createRequestClient, applyCaptainPrefix, buildQuery } = await load('src/lib/request/client.ts');
const { createLoadingCounter } = await load('src/lib/request/loading.ts');
const config = await load('src/lib/request/config.ts');
const { readRequestContext, parseTrusteeship } = await load('src/lib/request/context.ts');

/** Timers that only move when told to. */
function fakeTimers() {
  let now = 0;
  let nextId = 1;
  const pending = new Map();
  return {
    delays: [],
    setTimeout(fn, ms) {
      const id = nextId++;
      pending.set(id, { at: now + ms, fn });
      this.delays.push(ms);
      return id;
    },
    clearTimeout(id) {
      pending.delete(id);
    },
    /** Runs every timer due within `ms`, in order. */
    advance(ms) {
      const until = now + ms;
      for (;;) {
        const due = [...pending.entries()].filter(([, t]) => t.at <= until).sort((a, b) => a[1].at - b[1].at)[0];
        if (!due) break;
        pending.delete(due[0]);
        now = due[1].at;
        due[1].fn();
      }
      now = until;
    },
    get count() {
      return pending.size;
    },
  };
}

function memoryStorage(initial = {}) {
  const map = new Map(Object.entries(initial));
  return {
    map,
    get: (k) => (map.has(k) ? map.get(k) : null),
    set: (k, v) => map.set(k, String(v)),
    remove: (k) => map.delete(k),
    clearExcept: (keep) => {
      for (const k of [...map.keys()]) if (!keep.includes(k)) map.delete(k);
    },
  };
}

/**
 * A fetch whose answers the test gives, one per call, in order. Each call is recorded; an answer may be a Response
 * (or a function of the call returning one), 'hang' (never answers until aborted) or an Error (network failure).
 */
function fakeFetch(answers = []) {
  const calls = [];
  const fetch = (url, init) => {
    const call = { url, init, body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body, headers: init.headers };
    calls.push(call);
    const answer = answers.shift() ?? json({ code: 0, data: {}, msg: 'ok' });
    return new Promise((resolve, reject) => {
      const onAbort = () => reject(new DOMException('The operation was aborted.', 'AbortError'));
      if (init.signal?.aborted) return onAbort();
      init.signal?.addEventListener('abort', onAbort);
      if (answer === 'hang') return undefined;
      if (answer instanceof Error) return reject(answer);
      const res = typeof answer === 'function' ? answer(call) : answer;
      return queueMicrotask(() => resolve(res));
    });
  };
  return { fetch, calls };
}

function json(body, { status = 200, headers = {} } = {}) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
}

function setup({ storage = {}, answers = [], pathname = '/map', hostname = 'fleet.example.com', lang = 'zh', confirmAnswer = false } = {}) {
  const timers = fakeTimers();
  const store = memoryStorage(storage);
  const { fetch, calls } = fakeFetch(answers);
  const events = { toasts: [], confirms: [], cookies: [], loginDialog: 0, forceLogout: 0, sessionChanges: 0, logs: [], overlay: [] };
  const loading = createLoadingCounter(timers, config.LOADING_DELAY_MS);
  loading.subscribe(() => events.overlay.push(loading.visible));
  const client = createRequestClient({
    fetch,
    storage: store,
    setTokenCookie: (t) => events.cookies.push(t),
    location: () => ({ pathname, hostname }),
    lang: () => lang,
    feedback: {
      toast: (t) => events.toasts.push(t),
      confirm: (c) => {
        events.confirms.push(c);
        return Promise.resolve(confirmAnswer);
      },
    },
    openLoginDialog: () => {
      events.loginDialog += 1;
    },
    forceLogout: () => {
      events.forceLogout += 1;
    },
    onSessionChange: () => {
      events.sessionChanges += 1;
    },
    loading,
    timers,
    log: (...args) => events.logs.push(args.join(' ')),
  });
  return { client, calls, events, store, timers, loading };
}

const flush = () => new Promise((r) => setImmediate(r));

describe('building the call', () => {
  test('POST JSON to /api by default, enriched with lang, domain, enterprise, colonyId, restrict', async () => {
    const { client, calls } = setup({
      storage: { token: 'T1', userInfo: JSON.stringify({ current_enterprise_id: 42, current_cluster: 3 }), restrict: '1' },
    });
    const res = await client.request({ url: '/user/getUserList_recons', data: { page: 1, pageSize: 10 } });
    assert.equal(res.code, 0);
    const [call] = calls;
    assert.equal(call.url, '/api/user/getUserList_recons');
    assert.equal(call.init.method, 'POST');
    assert.equal(call.headers['Content-Type'], 'application/json');
    assert.equal(call.headers['x-token'], 'T1');
    assert.equal(call.headers['x-ent-id'], '42');
    assert.deepEqual(call.body, { lang: 'zh', domain: 'fleet.example.com', enterprise: 42, colonyId: 3, restrict: 1, page: 1, pageSize: 10 });
    assert.equal('ip' in call.body, false, 'ip only when stored');
  });

  test('ip from storage; stored enterprise and cluster win over the user; the caller’s own fields win over enrichment', async () => {
    const { client, calls } = setup({
      storage: { ip: '10.1.2.3', nowEntId: '7', colonyId: '9', userInfo: JSON.stringify({ current_enterprise_id: 42 }) },
      lang: 'en',
    });
    await client.request({ url: '/web/car/watchList4', data: { enterprise: 5, lang: 'zh' } });
    assert.deepEqual(calls[0].body, { lang: 'zh', domain: 'fleet.example.com', enterprise: 5, colonyId: 9, ip: '10.1.2.3' });
    assert.equal(calls[0].headers['x-ent-id'], '7');
  });

  test('no token, no x-token header; /tapi base; PUT and DELETE carry JSON bodies', async () => {
    const { client, calls } = setup();
    await client.request({ url: '/car/pressure', base: '/tapi', method: 'PUT', data: { a: 1 } });
    await client.request({ url: '/user/deleteUser', method: 'DELETE', data: { id: 3 } });
    assert.equal(calls[0].url, '/tapi/car/pressure');
    assert.equal(calls[0].init.method, 'PUT');
    assert.equal(calls[0].headers['x-token'], undefined);
    assert.equal(calls[1].init.method, 'DELETE');
    assert.equal(calls[1].body.id, 3);
  });

  test('GET puts payload and enrichment in the query string', async () => {
    const { client, calls } = setup({ storage: { token: 'T' } });
    await client.request({ url: '/sysOperationRecord/getSysOperationRecordList', method: 'GET', data: { page: 2, path: '/a b' }, params: { status: 200, skip: null } });
    const url = new URL(calls[0].url, 'http://x');
    assert.equal(url.pathname, '/api/sysOperationRecord/getSysOperationRecordList');
    assert.equal(url.searchParams.get('page'), '2');
    assert.equal(url.searchParams.get('path'), '/a b');
    assert.equal(url.searchParams.get('status'), '200');
    assert.equal(url.searchParams.get('lang'), 'zh');
    assert.equal(url.searchParams.has('skip'), false);
    assert.equal(calls[0].init.body, undefined);
    assert.equal(calls[0].headers['Content-Type'], undefined);
    assert.equal(buildQuery({ a: [1, 2], b: { c: 1 } }), '?a=1&a=2&b=%7B%22c%22%3A1%7D');
  });

  test('multipart uploads: FormData kept, enrichment appended, no JSON content type', async () => {
    const { client, calls } = setup({ storage: { nowEntId: '3' } });
    const form = new FormData();
    form.append('file', new Blob(['x']), 'a.txt');
    await client.request({ url: '/fileUploadAndDownload/upload', data: form });
    assert.ok(calls[0].body instanceof FormData);
    assert.equal(calls[0].body.get('enterprise'), '3');
    assert.equal(calls[0].body.get('lang'), 'zh');
    assert.equal(calls[0].headers['Content-Type'], undefined);
  });

  test('the login call sends a stored alternate-account token instead of x-token', async () => {
    const { client, calls } = setup({ storage: { token: 'MINE', altToken: 'OTHER' } });
    await client.request({ url: '/base/login', data: { username: 'a' } });
    await client.request({ url: '/user/getUserInfo', method: 'GET' });
    assert.equal(calls[0].headers['x-token'], 'OTHER');
    assert.equal(calls[1].headers['x-token'], 'MINE');
  });

  test('noEnrich leaves the payload alone', async () => {
    const { client, calls } = setup();
    await client.request({ url: '/x', data: { a: 1 }, noEnrich: true });
    assert.deepEqual(calls[0].body, { a: 1 });
  });
});

describe('trusteeship and the /captain prefix', () => {
  const colony7 = JSON.stringify({ colonyId: 7, restrict: 2, entId: 88, domain: 'captain.example.com' });

  test('colony 7: /captain prefix, platform 7, that domain; the record overrides enterprise, cluster and restrict', async () => {
    const { client, calls } = setup({ storage: { trusteeship: colony7, nowEntId: '1', colonyId: '2', restrict: '0' } });
    await client.request({ url: '/web/car/list', data: {} });
    assert.equal(calls[0].url, '/api/captain/web/car/list');
    assert.deepEqual(calls[0].body, { lang: 'zh', domain: 'captain.example.com', enterprise: 88, colonyId: 7, restrict: 2, platform: 7 });
    assert.equal(calls[0].headers['x-ent-id'], '88');
  });

  test('no double prefix; none on the colony’s own brand host; none for other colonies', () => {
    const rec = parseTrusteeship(colony7);
    assert.equal(applyCaptainPrefix('/captain/web/car/list', rec, 'fleet.example.com'), '/captain/web/car/list');
    assert.equal(applyCaptainPrefix('/web/car/list', rec, 'CAPTAIN.example.com'), '/web/car/list');
    assert.equal(applyCaptainPrefix('/web/car/list', parseTrusteeship(JSON.stringify({ colonyId: 3 })), 'x'), '/web/car/list');
    assert.equal(applyCaptainPrefix('/web/car/list', null, 'x'), '/web/car/list');
  });

  test('on the brand host the path stays but platform 7 and the domain are still sent', async () => {
    const { client, calls } = setup({ storage: { trusteeship: colony7 }, hostname: 'captain.example.com' });
    await client.request({ url: '/web/car/list', data: {} });
    assert.equal(calls[0].url, '/api/web/car/list');
    assert.equal(calls[0].body.platform, 7);
  });

  test('request context reads ids from strings and ignores broken JSON', () => {
    const ctx = readRequestContext(memoryStorage({ userInfo: '{broken', trusteeship: 'nope', nowEntId: ' 12 ' }));
    assert.equal(ctx.entId, 12);
    assert.equal(ctx.trusteeship, null);
    assert.equal(ctx.token, null);
  });
});

describe('time-outs', () => {
  test('per-call time-outs of console-spec §9', () => {
    const t = config.timeoutFor;
    assert.equal(t('/user/getUserList_recons'), 15000);
    for (const p of ['/web/tool/csv', '/web/log/installation', '/web/log/tyre_info', '/web/log/workCSV', '/web/log/getMileage', '/web/amap/track_upload', '/web/track/day', '/web/drp/tyre/mileage', '/web/car/list']) {
      assert.equal(t(p), 9999999, p);
    }
    for (const p of ['/web/tool/aliyun/uploading', '/web/log/marking_power', '/fileUploadAndDownload/upload']) assert.equal(t(p), 99999, p);
    assert.equal(t('/web/track/analyse'), 99999999);
  });

  test('the time-out given to the timer is the call’s (or the override)', async () => {
    const { client, timers } = setup();
    await client.request({ url: '/web/track/analyse' });
    await client.request({ url: '/a', timeout: 1234 });
    assert.ok(timers.delays.includes(99999999));
    assert.ok(timers.delays.includes(1234));
  });

  test('a time-out opens the confirm "interface {path} request timed out" with "retry later" and answers -100', async () => {
    const { client, timers, events } = setup({ answers: ['hang'] });
    const p = client.request({ url: '/user/getUserList_recons' });
    timers.advance(15000);
    const res = await p;
    assert.equal(res.code, -100);
    assert.equal(events.confirms.length, 1);
    const c = events.confirms[0];
    assert.deepEqual(c.message, { key: 'request.timeout', params: { path: '/user/getUserList_recons' } });
    assert.deepEqual(c.confirmLabel, { key: 'request.retryLater' });
    assert.equal(c.cancelLabel, null, 'one button');
    assert.equal(events.toasts.length, 0);
    assert.equal(res.code, config.CODE_TRANSPORT);
  });

  test('a time-out of a listed search call answers -200 silently', async () => {
    for (const url of ['/search/list', '/poi/search', '/work/user_search', '/web/device/list']) {
      const { client, timers, events } = setup({ answers: ['hang'] });
      const p = client.request({ url, timeout: 50 });
      timers.advance(50);
      const res = await p;
      assert.equal(res.code, -200, url);
      assert.equal(events.confirms.length + events.toasts.length, 0, url);
    }
  });
});

describe('cancellation', () => {
  test('a new web/car/list call cancels the one in flight (only logged); other kinds are left alone', async () => {
    const { client, calls, events } = setup({ answers: ['hang', 'hang', json({ code: 0, data: 'second', msg: '' })] });
    const first = client.request({ url: '/web/car/list', data: { page: 1 } });
    const other = client.request({ url: '/web/device/list' });
    const second = client.request({ url: '/web/car/list', data: { page: 2 } });
    const r1 = await first;
    assert.equal(r1.code, config.CODE_CANCELLED);
    assert.ok(calls[0].init.signal.aborted);
    assert.equal(calls[1].init.signal.aborted, false, 'web/device/list is its own kind');
    assert.equal((await second).data, 'second');
    assert.ok(events.logs.some((l) => l.includes('cancelled')));
    assert.equal(events.toasts.length + events.confirms.length, 0);
    void other;
  });

  test('web/car/data_list and web/device/list supersede their own kind', async () => {
    for (const url of ['/web/car/data_list', '/web/device/list']) {
      const { client } = setup({ answers: ['hang', json({ code: 0, data: 1, msg: '' })] });
      const a = client.request({ url });
      const b = client.request({ url });
      assert.equal((await a).code, config.CODE_CANCELLED, url);
      assert.equal((await b).code, 0, url);
    }
  });

  test('a lookup (noSupersede) runs beside the list of its kind', async () => {
    const { client } = setup({ answers: ['hang', json({ code: 0, data: 'lookup', msg: '' }), json({ code: 0, data: 'list', msg: '' })] });
    const list = client.request({ url: '/web/car/list', data: { page: 1 } });
    const lookup = client.request({ url: '/web/car/list', data: { kind: 1 }, noSupersede: true });
    assert.equal((await lookup).data, 'lookup');
    const next = client.request({ url: '/web/car/list', data: { page: 2 } });
    assert.equal((await list).code, config.CODE_CANCELLED, 'lists still supersede each other');
    assert.equal((await next).data, 'list');
  });

  test('the caller’s AbortSignal cancels too', async () => {
    const { client } = setup({ answers: ['hang'] });
    const ac = new AbortController();
    const p = client.request({ url: '/a', signal: ac.signal });
    ac.abort();
    assert.equal((await p).code, config.CODE_CANCELLED);
  });
});

describe('the loading overlay', () => {
  test('a fast call never shows it', async () => {
    const { client, timers, events, loading } = setup();
    const p = client.request({ url: '/a' });
    timers.advance(100);
    await p;
    timers.advance(1000);
    assert.deepEqual(events.overlay, []);
    assert.equal(loading.pending, 0);
  });

  test('a call pending over 400 ms shows it; it closes when the counter reaches 0', async () => {
    let release;
    const { client, timers, events, loading } = setup({ answers: [() => new Promise((r) => (release = r)).then(() => json({ code: 0, data: 1, msg: '' }))] });
    // the answer is a promise here, so wrap: resolve the fetch with a pending Response
    const p = client.request({ url: '/slow' });
    timers.advance(399);
    assert.equal(loading.visible, false);
    timers.advance(1);
    assert.equal(loading.visible, true);
    release();
    await p;
    assert.equal(loading.visible, false);
    assert.deepEqual(events.overlay, [true, false]);
  });

  test('per-call opt-out', async () => {
    const { client, timers, loading } = setup({ answers: ['hang'] });
    const p = client.request({ url: '/a', noLoading: true, timeout: 5000 });
    timers.advance(1000);
    assert.equal(loading.visible, false);
    assert.equal(loading.pending, 0);
    timers.advance(4000);
    await p;
  });

  test('counter: two calls, the overlay stays until both are done; a fast call after a slow one does not re-show it', () => {
    const t = fakeTimers();
    const c = createLoadingCounter(t, 400);
    const endA = c.start();
    t.advance(300);
    const endB = c.start();
    t.advance(100);
    assert.equal(c.visible, true, 'A has been pending 400 ms');
    endA();
    assert.equal(c.visible, true, 'B still pending');
    endB();
    assert.equal(c.visible, false);
    const endC = c.start();
    t.advance(399);
    endC();
    t.advance(10);
    assert.equal(c.visible, false);
    endC();
    assert.equal(c.pending, 0, 'ending twice is harmless');
  });

  test('a transport error closes the overlay', async () => {
    const { client, timers, loading } = setup({ answers: [new TypeError('Failed to fetch')] });
    const p = client.request({ url: '/a' });
    timers.advance(500);
    const res = await p;
    assert.equal(res.code, -100);
    assert.equal(loading.visible, false);
    assert.equal(loading.pending, 0);
  });
});

describe('answers', () => {
  test('code 0: data, with the msg header decoded into msg', async () => {
    const { client, events } = setup({ answers: [json({ code: 0, data: { a: 1 }, msg: 'ok' }, { headers: { msg: encodeURIComponent('操作成功') } })] });
    const res = await client.request({ url: '/a' });
    assert.deepEqual(res, { code: 0, data: { a: 1 }, msg: '操作成功' });
    assert.equal(events.toasts.length, 0);
  });

  test('header success=true counts as success whatever the code', async () => {
    const { client, events } = setup({ answers: [json({ code: 7, data: 1, msg: 'x' }, { headers: { success: 'true' } })] });
    const res = await client.request({ url: '/a' });
    assert.equal(res.data, 1);
    assert.equal(events.toasts.length, 0);
  });

  test('codes 8 and 500: data returned silently', async () => {
    for (const code of [8, 500]) {
      const { client, events } = setup({ answers: [json({ code, data: 'd', msg: 'm' })] });
      const res = await client.request({ url: '/a' });
      assert.equal(res.data, 'd');
      assert.equal(events.toasts.length + events.loginDialog, 0, String(code));
    }
  });

  test('code 100: token and local storage cleared (preferences kept), cookie dropped, login dialog', async () => {
    const { client, events, store } = setup({
      storage: { token: 'T', userInfo: '{}', roleList: '[]', trusteeship: '{}', lang: 'en', sideMode: 'light' },
      answers: [json({ code: 100, data: {}, msg: 'expired' })],
    });
    const res = await client.request({ url: '/a' });
    assert.equal(res.code, 100);
    assert.equal(events.loginDialog, 1);
    assert.deepEqual([...store.map.keys()].sort(), ['lang', 'sideMode']);
    assert.deepEqual(events.cookies, [null]);
    assert.equal(events.sessionChanges, 1);
    assert.equal(events.toasts.length, 0);
  });

  test('code 100 on a /df/ or /mf/ page: dialog, storage kept; on /login: nothing', async () => {
    for (const pathname of ['/df/12', '/mf/P123']) {
      const { client, events, store } = setup({ pathname, storage: { token: 'T' }, answers: [json({ code: 100, data: {}, msg: '' })] });
      await client.request({ url: '/a' });
      assert.equal(events.loginDialog, 1, pathname);
      assert.equal(store.get('token'), 'T', pathname);
    }
    const { client, events, store } = setup({ pathname: '/login', storage: { token: 'T' }, answers: [json({ code: 100, data: {}, msg: '' })] });
    await client.request({ url: '/a' });
    assert.equal(events.loginDialog, 0);
    assert.equal(store.get('token'), 'T');
  });

  test('code 502, or error data that says reload: login dialog, nothing cleared, no toast', async () => {
    const { client, events, store } = setup({
      storage: { token: 'T' },
      answers: [json({ code: 502, data: {}, msg: '' }), json({ code: 7, data: { reload: true }, msg: 'again' })],
    });
    await client.request({ url: '/a' });
    await client.request({ url: '/b' });
    assert.equal(events.loginDialog, 2);
    assert.equal(store.get('token'), 'T');
    assert.equal(events.toasts.length, 0);
  });

  test('any other code: a closable error toast with msg (or the decoded msg header)', async () => {
    const { client, events } = setup({
      answers: [json({ code: 7, data: {}, msg: '用户名已注册' }), json({ code: 7, data: {}, msg: '' }, { headers: { msg: encodeURIComponent('头部消息') } }), json({ code: 9, data: {} })],
    });
    const r1 = await client.request({ url: '/a' });
    await client.request({ url: '/b' });
    await client.request({ url: '/c' });
    assert.equal(r1.code, 7, 'the envelope still comes back');
    assert.deepEqual(events.toasts[0], { type: 'error', message: { text: '用户名已注册' }, closable: true });
    assert.deepEqual(events.toasts[1].message, { text: '头部消息' });
    assert.deepEqual(events.toasts[2].message, { key: 'request.failed', params: { code: 9 } });
  });

  test('noErrorToast: the refusal comes back with its message and no toast; 100 is still handled', async () => {
    const { client, events } = setup({
      answers: [json({ code: 7, data: {}, msg: '' }, { headers: { msg: encodeURIComponent('二维码已过期，请刷新') } }), json({ code: 100, data: {}, msg: 'signed out' })],
    });
    const r1 = await client.request({ url: '/user/recons', noErrorToast: true });
    assert.equal(r1.code, 7);
    assert.equal(r1.msg, '二维码已过期，请刷新');
    assert.equal(events.toasts.length, 0);
    await client.request({ url: '/user/recons', noErrorToast: true });
    assert.equal(events.loginDialog, 1, 'code 100 still opens the login dialog');
  });

  test('a plain string body is returned as is', async () => {
    const { client } = setup({ answers: [new Response('plate,imei\nA,1', { status: 200 }), new Response(JSON.stringify('just text'))] });
    assert.equal(await client.request({ url: '/web/tool/csv' }), 'plate,imei\nA,1');
    assert.equal(await client.request({ url: '/x' }), 'just text');
  });

  test('a new-token header replaces the stored token and the cookie', async () => {
    const { client, store, events } = setup({ storage: { token: 'OLD' }, answers: [json({ code: 0, data: {}, msg: '' }, { headers: { 'new-token': 'NEW' } })] });
    await client.request({ url: '/a' });
    assert.equal(store.get('token'), 'NEW');
    assert.deepEqual(events.cookies, ['NEW']);
    assert.equal(events.sessionChanges, 1);
  });
});

describe('transport errors', () => {
  test('HTTP 500: the "interface error" confirm; confirming clears the cache and signs out', async () => {
    const { client, events } = setup({ confirmAnswer: true, answers: [json({ code: 7, data: {}, msg: 'boom' }, { status: 500 })] });
    const res = await client.request({ url: '/user/getUserList_recons' });
    await flush();
    assert.equal(res.code, 7);
    assert.equal(events.confirms.length, 1);
    assert.deepEqual(events.confirms[0].title, { key: 'request.serverErrorTitle' });
    assert.deepEqual(events.confirms[0].confirmLabel, { key: 'request.clearCache' });
    assert.equal(events.forceLogout, 1);
  });

  test('HTTP 500 of route/searchTripSimplify: no dialog', async () => {
    const { client, events } = setup({ answers: [new Response('panic', { status: 500 })] });
    const res = await client.request({ url: '/route/searchTripSimplify' });
    assert.equal(res.code, -100);
    assert.equal(events.confirms.length, 0);
  });

  test('HTTP 404: a 6-second notice "interface unregistered, or path or method does not match"', async () => {
    const { client, events } = setup({ answers: [json({ code: 7, data: {}, msg: 'no such call' }, { status: 404 })] });
    await client.request({ url: '/nope' });
    assert.equal(events.toasts.length, 1);
    assert.deepEqual(events.toasts[0].message, { key: 'request.notRegistered', params: { path: '/nope' } });
    assert.equal(events.toasts[0].durationMs, 6000);
    assert.equal(events.toasts[0].type, 'error');
  });

  test('no response at all: code -100, nothing shown', async () => {
    const { client, events } = setup({ answers: [new TypeError('Failed to fetch')] });
    const res = await client.request({ url: '/a' });
    assert.equal(res.code, -100);
    assert.equal(events.toasts.length + events.confirms.length, 0);
  });

  test('a request that cannot be built: an error toast and -100, nothing sent', async () => {
    const { client, events, calls } = setup();
    const res = await client.request({ url: '/a', data: { n: 10n } });
    assert.equal(res.code, -100);
    assert.equal(calls.length, 0);
    assert.deepEqual(events.toasts[0].message, { key: 'request.requestError', params: { path: '/a' } });
  });

  test('other HTTP errors: an error toast with the server’s msg', async () => {
    const { client, events } = setup({ answers: [json({ code: 7, data: {}, msg: 'denied' }, { status: 403 })] });
    await client.request({ url: '/a' });
    assert.deepEqual(events.toasts[0].message, { text: 'denied' });
  });
});
