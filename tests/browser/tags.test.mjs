// The super-tag workspace in the browser (docs/tags.md): /supertag lands on /workspace/home; on /workspace/schema the
// super admin defines a number field, creates a tag carrying it (its form preview shows the field) and a second tag,
// puts the first on a seeded vehicle with the tag picker and fills its form (a value that is not a number is refused
// under the field, a number is kept), moves the second tag above the first with the sorter (saved in one write); quick
// search finds the vehicle by the tag and by a range on the field. The workspace home stays usable at 390 px.
// Run from the repo root: node --test tests/browser/tags.test.mjs (WHEELEND_BIN=… for another build).
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';

import { apiLogin, assertQuiet, callApi, launchBrowser, newContext, newPage, openConsole, signIn } from './helpers.mjs';
import { startServer } from './server.mjs';

let server;
let browser;
let root;
let carId;
const stamp = Date.now().toString(36).slice(-5).toUpperCase();
const plate = `沪T${stamp}`;
const fieldName = `载重${stamp}`;
const tagName = `重载${stamp}`;
const secondTag = `冷链${stamp}`;

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
  root = await apiLogin(server.url, 'admin', server.password);
  // a vehicle of the admin's own enterprise (the one new tags go to)
  carId = (await callApi(server.url, root, '/web/car/updateCarInfo', { plate, kind: 0, axleLayout: '2,4' })).carId;
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

test('/supertag lands on the workspace home, usable on a phone', async () => {
  const context = await newContext(browser, server.url, { viewport: { width: 390, height: 844 } });
  const page = await newPage(context);
  try {
    await signIn(page, 'admin', server.password);
    await page.goto('/supertag');
    await page.waitForURL('**/workspace/home');
    await page.getByTestId('workspace-home').waitFor();
    assert.equal(await page.getByTestId('module-unavailable').count(), 0);
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'no sideways scrolling at 390 px');
    await page.getByRole('link', { name: '标签结构编辑' }).first().click();
    await page.waitForURL('**/workspace/schema');
    await page.getByTestId('tag-field-form').waitFor();
    await assertQuiet(page, 'workspace');
  } finally {
    await context.close();
  }
});

test('a field, a tag carrying it, the tag on a vehicle with its form filled, reordered, found by quick search', async () => {
  const context = await newContext(browser, server.url, { viewport: { width: 1280, height: 1000 } });
  const page = await newPage(context);
  try {
    await signIn(page, 'admin', server.password);
    await openConsole(page, '/workspace/schema');

    // a number field
    const fieldForm = page.getByTestId('tag-field-form');
    await fieldForm.getByLabel('名称', { exact: true }).fill(fieldName);
    await fieldForm.getByLabel('类型', { exact: true }).selectOption('number');
    await fieldForm.getByLabel('单位', { exact: true }).fill('t');
    await fieldForm.getByRole('button', { name: '新增字段' }).click();

    // a tag carrying it: the preview shows the field's input
    const editor = page.getByTestId('tag-editor');
    await editor.getByTestId(`carry-${fieldName}`).check();
    const tagForm = editor.getByTestId('tag-editor-form');
    await tagForm.getByLabel('名称', { exact: true }).fill(tagName);
    await tagForm.getByLabel('颜色', { exact: true }).fill('#ff8800');
    await editor.getByLabel(`${fieldName} (t)`).waitFor();
    await tagForm.getByRole('button', { name: '保存标签' }).click();
    await editor.getByLabel('标签', { exact: true }).locator('option', { hasText: tagName }).waitFor({ state: 'attached' });
    // a second tag of the same kind
    await editor.getByLabel('标签', { exact: true }).selectOption({ label: '新标签' });
    await editor.getByTestId('tag-editor-form').getByLabel('名称', { exact: true }).fill(secondTag);
    await editor.getByTestId('tag-editor-form').getByRole('button', { name: '保存标签' }).click();
    await editor.getByLabel('标签', { exact: true }).locator('option', { hasText: secondTag }).waitFor({ state: 'attached' });

    // the tag on the seeded vehicle, then its form: "abc" is refused under the field, 12.5 is kept
    const picker = page.getByTestId('tag-picker');
    await picker.getByLabel('车牌或 IMEI').fill(plate);
    await picker.getByRole('button', { name: plate }).click();
    await picker.getByTestId(`pick-${tagName}`).check();
    const tagged = page.waitForResponse((r) => r.url().endsWith('/api/tag/setTags') && r.status() === 200);
    await picker.getByRole('button', { name: '保存标签' }).click();
    await tagged;
    await picker.getByRole('button', { name: '填写表单' }).click();
    const form = page.getByTestId('tag-form');
    const load = form.getByLabel(`${fieldName} (t)`);
    await load.fill('abc');
    await form.getByRole('button', { name: '保存' }).click();
    await form.getByTestId('field-error').waitFor();
    assert.equal(await load.getAttribute('aria-invalid'), 'true');
    await load.fill('12.5');
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/tag/setValues') && r.status() === 200);
    await form.getByRole('button', { name: '保存' }).click();
    await saved;
    await form.getByTestId('field-error').waitFor({ state: 'detached' });
    const tags = await callApi(server.url, root, '/tag/list', { vehicleId: carId });
    const tagId = tags.find((g) => g.name === tagName).id;
    const filled = await callApi(server.url, root, '/tag/form', { tagId, vehicleId: carId });
    assert.equal(filled.fields[0].value, '12.5');

    // the second tag above the first, saved in one write
    const sorter = page.getByTestId('tag-sorter');
    await sorter.getByRole('button', { name: `上移 ${secondTag}` }).waitFor();
    const before = await sorter.getByTestId('sorter-row').allTextContents();
    const steps = before.findIndex((r) => r.includes(secondTag)) - before.findIndex((r) => r.includes(tagName));
    for (let i = 0; i < steps; i += 1) await sorter.getByRole('button', { name: `上移 ${secondTag}` }).click();
    const sorted = page.waitForResponse((r) => r.url().endsWith('/api/tag/sort') && r.status() === 200);
    await sorter.getByRole('button', { name: '保存排序' }).click();
    await sorted;
    const list = await callApi(server.url, root, '/tag/list', { type: 'vehicle' });
    const names = list.map((g) => g.name);
    assert.ok(names.indexOf(secondTag) >= 0 && names.indexOf(secondTag) < names.indexOf(tagName), `${secondTag} before ${tagName}: ${names.join(', ')}`);

    // quick search: by the tag, then by a range on the field
    await openConsole(page, '/superTag/quickSearch');
    const search = page.getByTestId('quick-search');
    await search.getByTestId(`qs-tag-${tagName}`).check();
    await search.getByRole('button', { name: '搜索' }).click();
    await search.getByTestId('quick-search-row').filter({ hasText: plate }).waitFor();
    await search.getByLabel('字段条件').selectOption({ label: fieldName });
    await search.getByLabel('条件', { exact: true }).selectOption('range');
    await search.getByLabel('从', { exact: true }).fill('20');
    await search.getByRole('button', { name: '搜索' }).click();
    await search.getByText('共 0 条').first().waitFor();
    assert.equal(await search.getByTestId('quick-search-row').count(), 0);
    await search.getByLabel('从', { exact: true }).fill('10');
    await search.getByRole('button', { name: '搜索' }).click();
    await search.getByTestId('quick-search-row').filter({ hasText: plate }).waitFor();
  } finally {
    await context.close();
  }
});
