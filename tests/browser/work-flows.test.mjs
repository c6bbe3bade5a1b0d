// Work-order flows in the browser (issue 15): an enterprise admin builds a flow in the step editor (a new flow is the
// shortest chain the state rules allow, pending → in progress → resolved → closed; the in-progress step gets a required
// photo and a required text field; a move the rules forbid is named under its card and nothing is sent; a branch is
// added and removed), the flow is given to an order type, and on a phone the order of that type is moved along its
// steps: the step with its required items missing is refused naming both (the field's error under it), then the photo
// goes into the attachments and the field is filled, and a branch on that field (high mileage skips a review step
// added by the API) moves the order past the review to resolved, then closed, as the server confirms. The flow list and the built-in flow's read-only editor render in both languages without console errors.
// Real server only. Run from the repo root: node --test tests/browser/work-flows.test.mjs (WHEELEND_BIN=… for another
// build of the server).
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';

import { apiLogin, assertQuiet, callApi, launchBrowser, newContext, newPage, openConsole, shot, signIn } from './helpers.mjs';
import { startServer } from './server.mjs';

let server;
let browser;

const FLEET = 1014;
const ROLE_ENTERPRISE_ADMIN = 100;
const stamp = Date.now().toString(36).slice(-5).toUpperCase();
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
const login = (username, password) => apiLogin(server.url, username, password);

const noOverflow = (page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

let admin;
let adminToken;

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
  const root = await login('admin', server.password);
  admin = { userName: `flowadmin${stamp}`, password: 'FlowAdmin!pass1', nickName: `流程管理员${stamp}` };
  await callApi(server.url, root, '/user/admin_register', {
    userName: admin.userName,
    passWord: admin.password,
    nickName: admin.nickName,
    authorityId: ROLE_ENTERPRISE_ADMIN,
    enterpriseId: FLEET,
    phone: `136${String(Date.now() % 1e8).padStart(8, '0')}`,
    enable: 1,
  });
  adminToken = await login(admin.userName, admin.password);
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

const flowName = `巡检流程${stamp}`;
let flowId;
let orderId;

test('the admin builds a flow in the step editor: a required photo and field on the working step, the state rules kept, a branch added and removed', async () => {
  const context = await newContext(browser, server.url, { viewport: { width: 1280, height: 900 } });
  const page = await newPage(context);
  try {
    await signIn(page, admin.userName, admin.password);
    await openConsole(page, '/project/flow');
    // the built-in flow comes first, read-only
    const builtIn = page.getByTestId('flow-row--1').filter({ visible: true });
    await builtIn.waitFor();
    assert.match(await builtIn.textContent(), /内置 · 只读/);

    // a new flow starts as the shortest chain the rules allow, and the editor opens on it
    await page.getByRole('button', { name: '新建流程' }).click();
    const form = page.getByTestId('flow-form');
    await form.getByLabel('名称', { exact: true }).fill(flowName);
    await form.getByLabel('描述').fill('现场检修须拍照并填写里程');
    await form.getByRole('button', { name: '保存' }).click();
    const editor = page.getByTestId('flow-editor');
    await editor.waitFor();
    assert.equal((await editor.getByTestId('flow-name').textContent()).trim(), flowName);
    flowId = Number(await editor.getAttribute('data-flow-id'));
    assert.ok(flowId > 0, 'the flow was created');
    const cards = editor.locator('[data-testid^="flow-node-"][data-node-id]');
    await cards.nth(3).waitFor();
    assert.deepEqual(await cards.getByTestId('flow-node-name').allTextContents(), ['已上报', '处理中', '已解决', '已关闭']);

    // moving the working step after the resolved one breaks the chain: said under its card, nothing sent
    const working = editor.getByTestId('flow-node-1');
    await working.getByRole('button', { name: '后移' }).click();
    const problem = editor.getByTestId('flow-node-problem');
    await problem.waitFor();
    assert.match(await problem.textContent(), /不能接在/);
    assert.deepEqual((await callApi(server.url, adminToken, '/workSetting/list', { flowId })).map((n) => n.state), [100, 101, 102, 104]);

    // the working step: renamed, a required text field and a required photo
    await working.getByTestId('flow-node-edit').click();
    const nodeForm = page.getByTestId('flow-node-form');
    await nodeForm.getByLabel('步骤名称').fill('现场检修');
    // only the state that fits between its neighbours is offered
    assert.deepEqual(await nodeForm.getByLabel('状态', { exact: true }).locator('option').allTextContents(), ['处理中']);
    await nodeForm.getByTestId('flow-node-fields-add').click();
    await nodeForm.locator('#flow-node-fields-0-key').fill('mileage');
    await nodeForm.locator('#flow-node-fields-0-label').fill('里程');
    await nodeForm.getByTestId('flow-node-fields').getByLabel('必填').check();
    await nodeForm.getByLabel('必做拍照').check();
    assert.equal(await nodeForm.getByLabel('提供拍照').isChecked(), true, 'a required function is offered too');
    await shot(page, 'flow-node-form-1280');
    await nodeForm.getByTestId('flow-node-save').click();
    await nodeForm.waitFor({ state: 'detached' });
    await working.getByText('现场检修').waitFor();
    assert.match(await working.textContent(), /里程 \*/);
    assert.match(await working.textContent(), /拍照（必做）/);

    // a branch of the resolved step to the closed one: a marker on both cards, then removed again
    const resolved = editor.getByTestId('flow-node-2');
    await resolved.getByTestId('flow-node-branch').click();
    const branchForm = page.getByTestId('flow-branch-form');
    await branchForm.getByLabel('字段键').fill('result');
    await branchForm.getByLabel('值', { exact: true }).fill('ok');
    await branchForm.getByLabel('转到步骤').selectOption({ label: '4. 已关闭' });
    await branchForm.getByTestId('flow-branch-save').click();
    await resolved.getByTestId('flow-branches').getByText('若 result 等于 ok → 4. 已关闭').waitFor();
    await editor.getByTestId('flow-node-3').getByText('来自 3. 已解决 的分支').waitFor();
    await shot(page, 'flow-editor-1280');
    const saved = await callApi(server.url, adminToken, '/workSetting/list', { flowId });
    assert.equal(saved[2].conditions.length, 1);
    assert.equal(saved[2].conditions[0].nextNodeId, saved[3].id);
    await resolved.getByRole('button', { name: '删除分支' }).click();
    await page.getByTestId('confirm-dialog').getByRole('button', { name: '确定' }).click();
    await resolved.getByTestId('flow-branches').waitFor({ state: 'detached' });

    const nodes = await callApi(server.url, adminToken, '/workSetting/list', { flowId });
    assert.deepEqual(nodes.map((n) => [n.name, n.state]), [['已上报', 100], ['现场检修', 101], ['已解决', 102], ['已关闭', 104]]);
    assert.deepEqual(nodes[1].required, ['photo']);
    assert.deepEqual(nodes[1].fields.map((f) => [f.key, f.required]), [['mileage', true]]);
    assert.deepEqual(nodes[2].conditions, []);

    // back in the list, the flow shows with its four steps
    await page.getByTestId('flow-back').click();
    const row = page.getByTestId(`flow-row-${String(flowId)}`).filter({ visible: true });
    await row.waitFor();
    await assertQuiet(page, 'flow editor');
  } finally {
    await context.close();
  }
});

test('on a phone, an order of a type on the flow is refused with its missing items named, then moves along its steps, a branch on the step\'s field choosing the next', async () => {
  assert.ok(flowId, 'the flow of the previous test');
  // a review step after the field work, and a branch of the field work on its own field: high mileage skips the review
  const built = await callApi(server.url, adminToken, '/workSetting/list', { flowId });
  const kept = built.map(({ id, name, state, assignee, fields, functions, required, conditions }) => ({ id, name, state, assignee, fields, functions, required, conditions }));
  kept.splice(2, 0, { name: '复查', state: 101 });
  await callApi(server.url, adminToken, '/work/flow/save', { id: flowId, name: flowName, description: '现场检修须拍照并填写里程', nodes: kept });
  const flowNodes = await callApi(server.url, adminToken, '/workSetting/list', { flowId });
  assert.deepEqual(flowNodes.map((n) => n.name), ['已上报', '现场检修', '复查', '已解决', '已关闭']);
  await callApi(server.url, adminToken, '/workSetting/condition', { nodeId: flowNodes[1].id, conditions: [{ field: 'mileage', op: 'gt', value: 10000, nextNodeId: flowNodes[3].id }] });
  const type = await callApi(server.url, adminToken, '/work/order_type_save', { name: `巡检${stamp}`, flowId });
  assert.equal(type.flowId, flowId);
  const order = await callApi(server.url, adminToken, '/work/save', { typeId: type.id, title: `轮端巡检${stamp}` });
  orderId = order.id;
  assert.equal(order.flowId, flowId);

  const context = await newContext(browser, server.url, { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const page = await newPage(context);
  try {
    await signIn(page, admin.userName, admin.password);
    await openConsole(page, `/project/workOrderDetail/${String(orderId)}`);
    const steps = page.getByTestId('flow-steps');
    await steps.waitFor();
    const display = () => steps.locator('[data-testid^="flow-step-"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-display')));
    assert.deepEqual(await display(), ['current', 'selectable', 'forbidden', 'forbidden', 'forbidden']);
    // the flow moves the order forward; the head keeps only what the flow does not do
    assert.equal(await page.getByTestId('order-action-start').count(), 0);
    assert.equal(await page.getByTestId('order-take').count(), 0);
    await steps.getByTestId('flow-next-form').waitFor();
    assert.ok(await noOverflow(page), 'no horizontal scrolling at 390 px');
    await shot(page, 'flow-order-390');

    // the reported step asks nothing and has no branch: the button names the working step, which starts the order
    assert.equal((await steps.getByTestId('flow-next-submit').textContent()).trim(), '提交并进入“现场检修”');
    await steps.getByTestId('flow-next-submit').click();
    await page.getByTestId('order-state').getByText('处理中').waitFor();
    await steps.getByTestId('flow-step-1').and(page.locator('[data-display="current"]')).waitFor();
    assert.match(await steps.getByTestId('flow-step-0').textContent(), new RegExp(admin.nickName));

    // the working step without its photo and its field: both named, the field's error under it
    const items = steps.getByTestId('flow-items');
    await items.locator('[data-item="photo"][data-display="required"]').waitFor();
    await items.locator('[data-item="mileage"][data-display="required"]').waitFor();
    const next = steps.getByTestId('flow-next-form');
    // a branch looks at this step's mileage: the next step is not named, the ones it may be are
    assert.equal((await next.getByTestId('flow-next-submit').textContent()).trim(), '提交本步');
    assert.match(await next.getByTestId('flow-next-possible').textContent(), /复查 \/ 已解决/);
    await next.getByTestId('flow-next-submit').click();
    const message = await next.getByTestId('flow-next-error').textContent();
    assert.ok(message.includes('里程') && message.includes('拍照'), message);
    const mileage = next.getByLabel('里程');
    assert.equal(await mileage.getAttribute('aria-invalid'), 'true');
    assert.equal(await page.locator(`[id="${await mileage.getAttribute('aria-describedby')}"]`).textContent(), message);
    assert.equal((await callApi(server.url, adminToken, '/work/info', { id: orderId })).state, 101, 'nothing moved');
    await shot(page, 'flow-order-refused-390');

    // the photo goes where the item leads (the attachments), the field is filled, and the branch (over 10000 km) sends
    // the order past the review, straight to resolved
    await items.getByTestId('flow-item-go-photo').click();
    await page.getByTestId('file-upload-input').setInputFiles({ name: 'hub.png', mimeType: 'image/png', buffer: PNG });
    await page.getByTestId('file-list').locator('li').first().waitFor();
    await items.locator('[data-item="photo"][data-display="selected"]').waitFor();
    await mileage.fill('12000');
    await next.getByLabel('备注').fill('轮端检查完毕');
    await next.getByTestId('flow-next-submit').click();
    await page.getByTestId('order-state').getByText('已解决').waitFor();
    let info = await callApi(server.url, adminToken, '/work/info', { id: orderId });
    assert.equal(info.state, 102);
    assert.equal(info.nodeId, flowNodes[3].id);
    assert.deepEqual(info.steps.map((s) => s.display), ['completed', 'completed', 'forbidden', 'current', 'selectable']);

    // and closed: the last step
    await steps.getByTestId('flow-step-3').and(page.locator('[data-display="current"]')).waitFor();
    assert.equal((await steps.getByTestId('flow-next-submit').textContent()).trim(), '提交并进入“已关闭”');
    await steps.getByTestId('flow-next-submit').click();
    await page.getByTestId('order-state').getByText('已关闭').waitFor();
    info = await callApi(server.url, adminToken, '/work/info', { id: orderId });
    assert.equal(info.state, 104);
    assert.deepEqual(info.steps.map((s) => s.display), ['completed', 'completed', 'forbidden', 'completed', 'current']);
    await steps.getByTestId('flow-finished').waitFor();
    // the timeline tells the steps, with the values submitted
    const timeline = await page.getByTestId('timeline').textContent();
    assert.ok(timeline.includes('流程推进') && timeline.includes('12000') && timeline.includes('轮端检查完毕'), timeline);
    assert.ok(await noOverflow(page), 'no horizontal scrolling after the steps');
    await shot(page, 'flow-order-closed-390');
    await assertQuiet(page, 'order on its flow (phone)');
  } finally {
    await context.close();
  }
});

for (const lang of ['zh', 'en']) {
  test(`the flow list and the built-in flow's editor render in ${lang}`, async () => {
    const heading = { zh: '流程', en: 'Workflows' }[lang];
    const copyToEdit = { zh: '复制后编辑', en: 'Copy to edit' }[lang];
    for (const width of [1280, 390]) {
      const context = await newContext(browser, server.url, width === 390 ? { viewport: { width, height: 844 }, hasTouch: true, isMobile: true } : { viewport: { width, height: 900 } });
      const page = await newPage(context);
      try {
        await signIn(page, admin.userName, admin.password);
        if (lang === 'en') {
          await page.getByRole('button', { name: 'English' }).click();
          await page.waitForFunction(() => document.documentElement.lang === 'en');
        }
        await openConsole(page, '/project/flow');
        assert.equal(await page.evaluate(() => document.documentElement.lang), lang);
        await page.getByRole('heading', { name: heading, exact: true }).first().waitFor();
        await page.getByTestId(`flow-row-${String(flowId)}`).filter({ visible: true }).waitFor();
        await shot(page, `flow-list-${lang}-${String(width)}`);
        // the built-in flow opens read-only, with copy to edit
        const builtIn = page.getByTestId('flow-row--1').filter({ visible: true });
        const row = width === 390 ? builtIn.locator('xpath=ancestor::li[1]') : builtIn.locator('xpath=ancestor::tr[1]');
        await row.getByRole('button', { name: lang === 'zh' ? '查看' : 'View' }).click();
        const editor = page.getByTestId('flow-editor');
        await editor.getByTestId('flow-node-3').waitFor();
        assert.equal(await editor.getByTestId('flow-node-edit').count(), 0, 'nothing to edit on the built-in flow');
        await editor.getByRole('button', { name: copyToEdit }).waitFor();
        if (width === 390) assert.ok(await noOverflow(page), 'no horizontal scrolling at 390 px');
        await shot(page, `flow-builtin-${lang}-${String(width)}`);
        await assertQuiet(page, `project/flow (${lang}, ${String(width)} px)`);
      } finally {
        await context.close();
      }
    }
  });
}
