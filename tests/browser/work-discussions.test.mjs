// Work-order discussions in the browser (issue 15): the requester (enterprise admin) writes in the order's discussion
// mentioning the assignee (a technician); the technician, with the discussions list open, sees the unread count rise
// and the message arrive without a reload, reads it, and answers with a photo, which the requester sees live; a note in
// the open conversation is read at once. The requester shares the discussion; a visitor opens the link and reads both
// sides, and a tampered link shows the invalid-link page. On a 390 px phone, in both languages: list → conversation →
// mute → back. Real server only. Run from the repo root: node --test tests/browser/work-discussions.test.mjs
// (WHEELEND_BIN=… for another build of the server).
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';

import { apiLogin, assertQuiet, callApi, launchBrowser, newContext, newPage, openConsole, shot, signIn, useLanguage, waitHydrated } from './helpers.mjs';
import { startServer } from './server.mjs';

let server;
let browser;

const FLEET = 1014;
const ROLE_ENTERPRISE_ADMIN = 100;
const ROLE_MEMBER = 101;
const stamp = Date.now().toString(36).slice(-5).toUpperCase();
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };

const login = (username, password) => apiLogin(server.url, username, password);

/** Resolves once the page's live socket said hello: events published after that reach it. */
function socketReady(page) {
  return new Promise((res) => {
    page.on('websocket', (ws) => {
      ws.on('framereceived', ({ payload }) => {
        if (String(payload).includes('"type":"hello"')) res();
      });
    });
  });
}

const requester = { userName: `dsadmin${stamp}`, password: 'DsAdmin!pass1', nickName: `主管${stamp}` };
const tech = { userName: `dstech${stamp}`, password: 'DsTech!pass1', nickName: `技师${stamp}` };
let adminToken;
let techToken;
let order;
let shareLink;

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
  const root = await login('admin', server.password);
  let phone = 0;
  for (const [u, role] of [
    [requester, ROLE_ENTERPRISE_ADMIN],
    [tech, ROLE_MEMBER],
  ]) {
    phone += 1;
    await callApi(server.url, root, '/user/admin_register', {
      userName: u.userName,
      passWord: u.password,
      nickName: u.nickName,
      authorityId: role,
      enterpriseId: FLEET,
      phone: `136${String(Date.now() % 1e6).padStart(6, '0')}${String(phone).padStart(2, '0')}`,
      enable: 1,
    });
  }
  adminToken = await login(requester.userName, requester.password);
  techToken = await login(tech.userName, tech.password);
  tech.id = (await callApi(server.url, adminToken, '/work/user_search', { keyword: tech.userName, page: 1, pageSize: 10 })).list.find((u) => u.username === tech.userName).id;
  // the requester opens a repair order (a built-in type) and assigns it to the technician: both are its members
  order = await callApi(server.url, adminToken, '/work/save', { typeId: -1, title: `左前轮漏气${stamp}`, assigneeId: tech.id });
  assert.match(order.number, /^WO-\d{8}-\d{4}$/);
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

test('a mention reaches the technician live; the answer with a photo reaches the requester live; the open conversation reads new notes', async () => {
  const techContext = await newContext(browser, server.url, { viewport: { width: 1280, height: 860 } });
  // the requester's browser lets the page write the clipboard ("share" copies the link)
  const adminContext = await newContext(browser, server.url, { viewport: { width: 1280, height: 900 }, permissions: ['clipboard-read', 'clipboard-write'] });
  const b = await newPage(techContext);
  const a = await newPage(adminContext);
  try {
    // B: the discussions list, nothing unread yet
    await signIn(b, tech.userName, tech.password);
    const bLive = socketReady(b);
    await openConsole(b, '/project/discussionsList');
    await b.getByRole('heading', { name: '讨论列表', exact: true }).first().waitFor();
    const row = b.getByTestId(`discussion-${order.number}`);
    await row.waitFor();
    const unread = b.getByTestId('discussions-unread');
    assert.equal(await unread.getAttribute('data-count'), '0');
    assert.ok((await row.textContent()).includes('暂无消息'));
    await bLive;

    // A: the order's discussion tab; a message mentioning B (the picker types the name in)
    await signIn(a, requester.userName, requester.password);
    const aLive = socketReady(a);
    await openConsole(a, `/project/workOrderDetail/${String(order.id)}`);
    // the console settled (user and menu refreshed) before the tab is chosen
    await a.waitForLoadState('networkidle');
    await a.getByRole('tab', { name: '讨论' }).click();
    const aDiscussion = a.getByTestId('discussion');
    await aDiscussion.getByTestId('empty-state').waitFor();
    const aBox = a.getByTestId('message-form').getByLabel('消息', { exact: true });
    await aBox.fill('请检查左前轮');
    await a.getByTestId('message-mention').click();
    await a.getByRole('button', { name: `@${tech.nickName}` }).click();
    assert.equal(await aBox.inputValue(), `请检查左前轮 @${tech.nickName} `);
    await aBox.press('End');
    await aBox.pressSequentially('气门芯');
    await a.getByTestId('message-submit').click();
    const first = `请检查左前轮 @${tech.nickName} 气门芯`;
    await aDiscussion.locator('[data-testid="message"][data-mine="true"]').getByText(first).waitFor();
    await aLive;
    await shot(a, 'discussion-order-detail-1280');

    // the server kept the mention
    const kept = await callApi(server.url, adminToken, '/work/message_list', { orderId: order.id });
    assert.deepEqual(kept.list.map((m) => [m.content, m.mentions]), [[first, [tech.id]]]);

    // B, without a reload: the count rises, the row says who wrote what
    await b.locator('[data-testid="discussions-unread"][data-count="1"]').waitFor();
    await row.locator('[data-testid="discussion-unread"]').getByText('1').waitFor();
    assert.ok((await row.textContent()).includes(`${requester.nickName}：${first}`));
    await shot(b, 'discussions-unread-1280');

    // B opens it: the message, marked as mentioning B; reading it clears the count (on the server too)
    await row.click();
    const bDiscussion = b.getByTestId('discussion');
    const mention = bDiscussion.locator('[data-testid="message"][data-mine="false"]').filter({ hasText: first });
    await mention.getByText('提到了你').waitFor();
    await b.locator('[data-testid="discussions-unread"][data-count="0"]').waitFor();
    assert.equal((await callApi(server.url, techToken, '/work/message_count', {})).unread, 0);

    // B answers with a photo
    await b.getByTestId('message-form').getByLabel('消息', { exact: true }).fill('已检查，见照片');
    await b.getByTestId('message-photos-file').setInputFiles({ name: 'valve.png', mimeType: 'image/png', buffer: PNG });
    await b.getByTestId('message-form').getByRole('img', { name: '照片 1' }).waitFor();
    await b.getByTestId('message-submit').click();
    await bDiscussion.locator('[data-testid="message"][data-mine="true"]').getByText('已检查，见照片').waitFor();

    // A sees it arrive, photo included
    const answer = aDiscussion.locator('[data-testid="message"][data-mine="false"]').filter({ hasText: '已检查，见照片' });
    await answer.waitFor();
    assert.match(await answer.locator('img').getAttribute('src'), /^\/uploads\//);

    // a note in B's open conversation shows at once and is read at once: no unread anywhere
    await a.getByTestId('message-form').getByLabel('消息', { exact: true }).fill('收到，谢谢');
    await a.getByTestId('message-submit').click();
    await bDiscussion.getByText('收到，谢谢').waitFor();
    await b.waitForTimeout(500);
    assert.equal(await unread.getAttribute('data-count'), '0');
    assert.equal((await callApi(server.url, techToken, '/work/message_count', {})).unread, 0, 'the open conversation moved the read mark');
    await shot(b, 'discussions-conversation-1280');

    // A shares the discussion: a /df/<token> link, valid 7 days
    await a.getByTestId('discussion-share').click();
    const dialog = a.getByTestId('discussion-share-dialog');
    await dialog.getByText('7 天内').waitFor();
    shareLink = (await dialog.getByTestId('discussion-share-link').textContent()).trim();
    assert.match(shareLink, new RegExp(`^${server.url.replace(/[.]/g, '\\.')}/df/[\\w-]+\\.[\\w-]+\\.[\\w-]+$`));
    assert.equal(await a.evaluate(() => navigator.clipboard.readText()), shareLink, 'copied');
    await shot(a, 'discussion-share-dialog-1280');
    await assertQuiet(a, 'order discussion (requester)');
    await assertQuiet(b, 'discussions list (technician)');
  } finally {
    await techContext.close();
    await adminContext.close();
  }
});

for (const lang of ['zh', 'en']) {
  test(`a visitor reads the shared discussion in ${lang}; a tampered link says it is invalid`, async () => {
    assert.ok(shareLink, 'the link of the previous test');
    const context = await newContext(browser, server.url, lang === 'en' ? { locale: 'en-US' } : {});
    await useLanguage(context, server.url, lang);
    const page = await newPage(context);
    try {
      const path = new URL(shareLink).pathname;
      await page.goto(path);
      await waitHydrated(page);
      const shared = page.getByTestId('discussion-share');
      await shared.waitFor();
      assert.equal(await page.evaluate(() => document.documentElement.lang), lang);
      assert.equal((await page.getByTestId('discussion-share-number').textContent()).trim(), order.number);
      await shared.getByText(lang === 'zh' ? '待处理' : 'Pending', { exact: true }).waitFor();
      const messages = shared.getByTestId('discussion-share-message');
      assert.equal(await messages.count(), 3);
      const text = await shared.textContent();
      assert.ok(text.includes(`请检查左前轮 @${tech.nickName} 气门芯`) && text.includes('已检查，见照片') && text.includes('收到，谢谢'), text);
      assert.ok(text.includes(requester.nickName) && text.includes(tech.nickName));
      assert.match(await messages.nth(1).locator('img').getAttribute('src'), /^\/uploads\//);
      assert.equal(await page.locator('meta[name="robots"]').getAttribute('content'), 'noindex');
      assert.equal(await page.getByTestId('message-form').count(), 0, 'read only');
      await shot(page, `discussion-shared-${lang}`);
      await assertQuiet(page, `shared discussion (${lang})`);

      // one character in the middle of the signature changed
      const cut = path.lastIndexOf('.') + 10;
      const forged = path.slice(0, cut) + (path[cut] === 'x' ? 'y' : 'x') + path.slice(cut + 1);
      const answer = await page.goto(forged);
      assert.equal(answer.status(), 404, 'a forged link is a 404 document (rendered on the server)');
      await waitHydrated(page);
      const invalid = page.getByTestId('discussion-share-invalid');
      await invalid.getByRole('heading', { name: lang === 'zh' ? '此链接无效或已过期' : 'This link is invalid or has expired' }).waitFor();
      assert.equal((await page.getByTestId('discussion-share-reason').textContent()).trim(), lang === 'zh' ? '讨论链接无效' : 'The discussion link is not valid');
      await shot(page, `discussion-shared-invalid-${lang}`);
      await assertQuiet(page, `invalid discussion link (${lang})`, { expect404: page.url() });
    } finally {
      await context.close();
    }
  });

  test(`on a phone in ${lang}: the list, a conversation full screen, mute, back`, async () => {
    const context = await newContext(browser, server.url, PHONE);
    const page = await newPage(context);
    const words = lang === 'zh' ? { title: '讨论列表', mute: '免打扰', unmute: '取消免打扰', muted: '已免打扰' } : { title: 'Discussions', mute: 'Mute', unmute: 'Unmute', muted: 'Muted' };
    try {
      await signIn(page, tech.userName, tech.password);
      await useLanguage(context, server.url, lang);
      await openConsole(page, '/project/discussionsList');
      assert.equal(await page.evaluate(() => document.documentElement.lang), lang);
      await page.getByRole('heading', { name: words.title, exact: true }).first().waitFor();
      const row = page.getByTestId(`discussion-${order.number}`);
      await row.waitFor();
      const noOverflow = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
      assert.ok(await noOverflow(), 'no horizontal scrolling at 390 px (list)');
      assert.equal(await page.getByTestId('discussion').count(), 0);
      await shot(page, `discussions-list-${lang}-390`);

      // the conversation takes the screen: the list is gone
      await row.click();
      const discussion = page.getByTestId('discussion');
      await discussion.getByText('收到，谢谢').waitFor();
      assert.equal(await row.isVisible(), false, 'the list is hidden behind the conversation');
      assert.ok(await noOverflow(), 'no horizontal scrolling at 390 px (conversation)');
      const box = await page.getByTestId('message-submit').boundingBox();
      assert.ok(box.height >= 44, 'the send button is a touch target');
      await shot(page, `discussions-conversation-${lang}-390`);

      // mute: the server keeps it; the list marks it
      const mute = page.getByTestId('discussion-mute');
      await mute.getByText(words.mute, { exact: true }).click();
      await mute.getByText(words.unmute, { exact: true }).waitFor();
      const row1 = (await callApi(server.url, techToken, '/work/discuss_list', { keyword: order.number, page: 1, pageSize: 10 })).list[0];
      assert.equal(row1.muted, true);

      // back to the list, which shows the mute
      await page.getByTestId('discussion-back').click();
      await row.waitFor();
      assert.equal(await discussion.isVisible(), false);
      await row.getByTestId('discussion-muted').getByText(words.muted).waitFor();
      await shot(page, `discussions-back-${lang}-390`);

      // unmute again, for the next run
      await row.click();
      await mute.getByText(words.unmute, { exact: true }).click();
      await mute.getByText(words.mute, { exact: true }).waitFor();
      assert.equal((await callApi(server.url, techToken, '/work/discuss_list', { keyword: order.number, page: 1, pageSize: 10 })).list[0].muted, false);
      await assertQuiet(page, `discussions on a phone (${lang})`);
    } finally {
      await context.close();
    }
  });

  test(`the discussions view and the order's discussion tab in ${lang} at 1280 px`, async () => {
    const context = await newContext(browser, server.url, { viewport: { width: 1280, height: 860 } });
    const page = await newPage(context);
    try {
      await signIn(page, requester.userName, requester.password);
      await useLanguage(context, server.url, lang);
      await openConsole(page, '/project/discussionsList');
      await page.getByRole('heading', { name: lang === 'zh' ? '讨论列表' : 'Discussions', exact: true }).first().waitFor();
      // the keyword filter finds the order by its number
      await page.getByLabel(lang === 'zh' ? '编号或标题' : 'Number or title').fill(order.number);
      await page.getByRole('button', { name: lang === 'zh' ? '查询' : 'Search', exact: true }).click();
      await page.getByTestId(`discussion-${order.number}`).click();
      await page.getByTestId('discussion').getByText('已检查，见照片').waitFor();
      await shot(page, `discussions-${lang}-1280`);
      await page.getByTestId('discussion-order-link').click();
      await page.waitForURL(`**/project/workOrderDetail/${String(order.id)}`);
      // (the discussions view stays alive, hidden, behind its tab)
      const detail = page.getByTestId('order-detail');
      await page.waitForLoadState('networkidle');
      await detail.getByRole('tab', { name: lang === 'zh' ? '讨论' : 'Discussion' }).click();
      await detail.getByTestId('discussion').getByText('收到，谢谢').waitFor();
      await shot(page, `discussion-order-detail-${lang}-1280`);
      await assertQuiet(page, `discussions (${lang}, 1280)`);
    } finally {
      await context.close();
    }
  });
}
