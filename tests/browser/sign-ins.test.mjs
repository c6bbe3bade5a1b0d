// The Sign-ins tab of the operation log (superAdmin/operation): a failed and a successful sign-in of admin are listed
// with their translated outcomes, and the tab offers no way to delete anything. Its own server: the failure counts
// towards the captcha for this address, which no other file should inherit.
// Run from the repo root: node --test tests/browser/
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';

import { assertQuiet, launchBrowser, newContext, newPage, openConsole, signIn, waitHydrated } from './helpers.mjs';
import { startServer } from './server.mjs';

let server;
let browser;

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

test('sign-ins: a wrong password and the admin’s own sign-in are listed, translated, with no delete control', async () => {
  // one failure through the API (below the captcha threshold, so the form sign-in after it needs none)
  const res = await fetch(`${server.url}/api/base/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: `wrong-${Date.now().toString(36)}`, type: 'system' }),
  });
  const refused = await res.json();
  assert.equal(refused.code, 7, 'the wrong password is refused');
  assert.notEqual(refused.data?.needCaptcha, true, 'one failure does not ask for the captcha yet');

  const context = await newContext(browser, server.url);
  try {
    const page = await newPage(context);
    await signIn(page, 'admin', server.password);
    const token = await page.evaluate(() => localStorage.getItem('token'));
    assert.ok(token, 'signed in');
    await openConsole(page, '/superAdmin/operation');

    // the operations tab is the default one
    const opsTab = page.getByRole('tab', { name: '操作记录' });
    const signInsTab = page.getByRole('tab', { name: '登录记录' });
    await opsTab.waitFor();
    assert.equal(await opsTab.getAttribute('aria-selected'), 'true');
    assert.equal(await signInsTab.getAttribute('aria-selected'), 'false');

    const listed = page.waitForResponse((r) => r.url().includes('/api/sysLoginRecord/getSysLoginRecordList'));
    await signInsTab.click();
    const answer = await (await listed).json();
    assert.equal(answer.code, 0, answer.msg);
    assert.ok(!JSON.stringify(answer).includes(token), 'the list never holds a token');
    const mine = answer.data.list.filter((r) => r.username === 'admin' && r.method === 'password');
    assert.ok(mine.some((r) => r.result === 'bad_password'), `the failure is listed: ${JSON.stringify(answer.data.list)}`);
    assert.ok(mine.some((r) => r.result === 'ok'), `the sign-in is listed: ${JSON.stringify(answer.data.list)}`);
    assert.equal(await signInsTab.getAttribute('aria-selected'), 'true');

    const panel = page.locator('#oplog-panel-signins');
    const table = panel.getByTestId('sign-in-table');
    await table.waitFor();
    assert.equal(await page.getByTestId('operation-table').count(), 0, 'the operations panel is not rendered');

    // the outcome and the method in Chinese, the account by name
    const admin = table.getByRole('row').filter({ hasText: 'admin' }).filter({ hasText: '密码登录' });
    await admin.filter({ hasText: '密码错误' }).first().waitFor();
    await admin.filter({ hasText: '成功' }).first().waitFor();
    assert.equal(await table.getByText('bad_password', { exact: true }).count(), 0, 'the outcome is translated, not the raw name');

    // read-only: no delete button, no row selection, nowhere on the tab (the toolbar included)
    assert.equal(await panel.getByRole('button', { name: /删除/ }).count(), 0, 'no delete button in the tab');
    assert.equal(await panel.getByRole('checkbox').count(), 0, 'no row selection');
    assert.equal(await page.getByRole('main').getByRole('button', { name: /删除/ }).count(), 0, 'no delete button on the page');

    // the filter by outcome asks the server for the failures only
    const search = panel.getByRole('search', { name: '查询登录记录' });
    await search.getByLabel('结果').selectOption('bad_password');
    const filtered = page.waitForResponse((r) => r.url().includes('/api/sysLoginRecord/getSysLoginRecordList') && r.url().includes('result=bad_password'));
    await search.getByRole('button', { name: '查询' }).click();
    const failures = await (await filtered).json();
    assert.equal(failures.code, 0, failures.msg);
    assert.ok(failures.data.list.length > 0 && failures.data.list.every((r) => r.result === 'bad_password'), JSON.stringify(failures.data.list));
    await table.getByRole('row').filter({ hasText: '密码错误' }).first().waitFor();
    await table.getByRole('row').filter({ hasText: '成功' }).waitFor({ state: 'detached' });

    await assertQuiet(page, 'sign-ins tab');
  } finally {
    await context.close();
  }
});
