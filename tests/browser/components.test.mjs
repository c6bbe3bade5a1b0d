// The console's map components, layout pieces, icon gallery and error page as views of their own (menu keys
// mapComponents/*, layout/aside|language|screenfull|search|vehiclePanel, superAdmin/icon, error/index): a fitted
// vehicle reports tyres 11 and 21 and hubs 11 and 12 through /tapi/device/report, and each view is opened as the
// super admin and made to do its work — gauges with the reported values (and a live report moving one), a distance
// and an area measured on the map, the vehicle card picked by plate, the wheel panel, the menu tree and its search,
// the language switch, full screen (granted and refused), the console search finding the plate and the imei, the
// icon gallery's search and copy, the error page with and without a failure; and the gauges and search on a phone.
// Run: node --test tests/browser/components.test.mjs
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';

import { apiLogin, assertQuiet, fittedVehicle, launchBrowser, newContext, newPage, openConsole, postReports, shot, signIn, waitHydrated } from './helpers.mjs';
import { startServer } from './server.mjs';

let server;
let browser;
let vehicle;
const stamp = Date.now().toString(36).slice(-5).toUpperCase();
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

/** A report now: tyre 11 at 9.0 bar / 30 °C, tyre 21 at `p21` bar / 32 °C, hubs 11 and 12 at 55 and 50 °C. */
function report(p21 = 8.5) {
  return {
    ts: Date.now(),
    gps: { lat: 31.2304, lon: 121.4737, speed: 42, direction: 90 },
    tyres: [
      { pos: 11, sensorId: `g${stamp}1`, pressure: 9.0, temp: 30, battery: 80 },
      { pos: 21, sensorId: `g${stamp}2`, pressure: p21, temp: 32, battery: 80 },
    ],
    axles: [
      { pos: 11, temp: 55 },
      { pos: 12, temp: 50 },
    ],
  };
}

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
  const token = await apiLogin(server.url, 'admin', server.password);
  const imei = String(863_000_000_000_000 + (Date.now() % 1_000_000) * 100);
  vehicle = await fittedVehicle(server.url, token, { plate: `仪${stamp}`, imei, entId: 1014 });
  await postReports(server.url, vehicle, [report()]);
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

const withVehicle = (path) => `${path}?carId=${vehicle.carId}&plate=${encodeURIComponent(vehicle.plate)}`;

async function signedIn(options = {}) {
  const context = await newContext(browser, server.url, options);
  const page = await newPage(context);
  await signIn(page, 'admin', server.password);
  return { context, page };
}

test('gauge chart: the picked vehicle\'s tyres and hubs on dials with the reported values; a live report moves one', async () => {
  const { context, page } = await signedIn();
  try {
    await openConsole(page, withVehicle('/mapComponents/gaugeChart'));
    await page.getByRole('heading', { level: 2, name: '仪表图' }).waitFor();
    await page.getByTestId('gauge-pressure-11').waitFor({ timeout: 20_000 });
    assert.equal(await page.getByTestId('gauge-pressure-11').innerText(), '9 Bar');
    assert.equal(await page.getByTestId('gauge-temp-11').innerText(), '30 °C');
    assert.equal(await page.getByTestId('gauge-pressure-21').innerText(), '8.5 Bar');
    assert.equal(await page.getByTestId('gauge-hub-11').innerText(), '55 °C');
    assert.equal(await page.getByTestId('gauge-hub-12').innerText(), '50 °C');
    // positions without a sensor show no reading
    assert.equal(await page.getByTestId('gauge-pressure-22').innerText(), '—');
    await page.locator('[data-gauge-state="ready"]').first().waitFor({ timeout: 20_000 });
    // the live feed: a new report of tyre 21 reaches the dial without a reload
    await page.locator('[data-live="open"]').waitFor({ timeout: 20_000 });
    await postReports(server.url, vehicle, [report(7.9)]);
    await page.getByTestId('gauge-pressure-21').filter({ hasText: '7.9 Bar' }).waitFor({ timeout: 20_000 });
    await shot(page, 'components-gauge-chart');
    await assertQuiet(page, 'gauge chart');
  } finally {
    await context.close();
  }
});

test('measure tool: a distance with its total, km and m, undo, and an area', async () => {
  const { context, page } = await signedIn();
  try {
    await openConsole(page, '/mapComponents/measureTool?tiles=offline');
    const map = page.getByTestId('measure-map');
    await page.locator('[data-testid="measure-map"][data-map-status="ready"]').waitFor({ timeout: 20_000 });
    await page.getByText('还没有测量。').waitFor();
    const box = await map.boundingBox();
    await page.mouse.click(box.x + box.width * 0.3, box.y + box.height * 0.5);
    await page.mouse.click(box.x + box.width * 0.5, box.y + box.height * 0.5);
    await page.mouse.dblclick(box.x + box.width * 0.6, box.y + box.height * 0.7);
    const item = page.getByTestId('measure-item');
    await item.waitFor();
    const km = await item.getByTestId('measure-total').innerText();
    assert.match(km, /^[\d.]+ km$/);
    assert.ok(Number(km.split(' ')[0]) > 1, `a distance across the map (${km})`);
    assert.equal(await item.locator('ol li').count(), 2, 'two segments listed');
    await page.getByRole('radio', { name: 'm', exact: true }).click();
    assert.match(await item.getByTestId('measure-total').innerText(), /^[\d,]+ m$/);
    await page.getByRole('button', { name: '撤销' }).click();
    await page.getByText('还没有测量。').waitFor();
    await page.getByRole('radio', { name: '测面积' }).click();
    await page.getByRole('radio', { name: 'km', exact: true }).click();
    await page.mouse.click(box.x + box.width * 0.3, box.y + box.height * 0.3);
    await page.mouse.click(box.x + box.width * 0.6, box.y + box.height * 0.3);
    await page.mouse.click(box.x + box.width * 0.6, box.y + box.height * 0.7);
    await page.mouse.dblclick(box.x + box.width * 0.3, box.y + box.height * 0.7);
    await page.getByTestId('measure-item').waitFor();
    assert.match(await page.getByTestId('measure-item').getByTestId('measure-total').innerText(), /^[\d.]+ km² · [\d.]+ km$/);
    await page.getByRole('button', { name: '清除' }).click();
    await page.getByText('还没有测量。').waitFor();
    await shot(page, 'components-measure-tool');
    await assertQuiet(page, 'measure tool');
  } finally {
    await context.close();
  }
});

test('vehicle info: picked by plate, the card shows the enterprise, the receiver, speed and the tyres', async () => {
  const { context, page } = await signedIn();
  try {
    await openConsole(page, '/mapComponents/vehicleInfo');
    const view = page.getByTestId('vehicle-info-view');
    await view.getByTestId('empty-state').waitFor();
    await view.getByLabel('搜索车牌').fill(vehicle.plate);
    const select = view.getByLabel('车辆', { exact: true });
    await select.locator('option', { hasText: vehicle.plate }).waitFor({ state: 'attached' });
    await select.selectOption({ label: vehicle.plate });
    await page.waitForURL((url) => url.searchParams.get('carId') === String(vehicle.carId));
    await page.getByTestId('vehicle-card-plate').filter({ hasText: vehicle.plate }).waitFor();
    assert.equal(await page.getByTestId('vehicle-card-imei').innerText(), vehicle.imei);
    assert.match(await page.getByTestId('vehicle-card-speed').innerText(), /42/);
    await page.getByTestId('vehicle-card-tyres').getByText('正常').waitFor();
    await page.getByTestId('vehicle-card-alarms').getByRole('heading', { name: /^未解除的报警（\d+）$/ }).waitFor();
    // a reload keeps the vehicle (it is in the URL)
    await page.reload();
    await waitHydrated(page);
    await page.getByTestId('vehicle-card-plate').filter({ hasText: vehicle.plate }).waitFor();
    await shot(page, 'components-vehicle-info');
    await assertQuiet(page, 'vehicle info');
  } finally {
    await context.close();
  }
});

test('vehicle panel: the wheel layout with the reported pressures and temperatures', async () => {
  const { context, page } = await signedIn();
  try {
    await openConsole(page, withVehicle('/layout/vehiclePanel'));
    const wheels = page.getByTestId('vehicle-panel-wheels');
    await wheels.getByTestId('wheel-diagram').waitFor({ timeout: 20_000 });
    assert.equal(await wheels.getByTestId('wheel-11-pressure').textContent(), '9 Bar');
    assert.equal(await wheels.getByTestId('wheel-11-temp').textContent(), '30 °C');
    assert.equal(await wheels.getByTestId('wheel-11').getAttribute('data-state'), 'normal');
    await page.getByTestId('vehicle-card-plate').filter({ hasText: vehicle.plate }).waitFor();
    await shot(page, 'components-vehicle-panel');
    await assertQuiet(page, 'vehicle panel');
  } finally {
    await context.close();
  }
});

test('side menu page: the whole menu with hidden entries, searchable, an entry opens its view', async () => {
  const { context, page } = await signedIn();
  try {
    await openConsole(page, '/layout/aside');
    const tree = page.getByTestId('aside-tree');
    await tree.getByRole('link', { name: '超级管理员' }).waitFor();
    const total = await page.getByTestId('aside-count').innerText();
    await page.getByLabel('搜索菜单标题、名称或路径').fill('测距');
    await tree.getByRole('link', { name: '测距工具' }).waitFor();
    assert.notEqual(await page.getByTestId('aside-count').innerText(), total, 'the count follows the search');
    assert.ok((await tree.getByText('隐藏').count()) > 0, 'hidden entries are marked');
    await tree.getByRole('link', { name: '测距工具' }).click();
    await page.waitForURL('**/mapComponents/measureTool');
    await page.getByTestId('measure-tool-view').waitFor();
    await shot(page, 'components-aside');
    await assertQuiet(page, 'aside');
  } finally {
    await context.close();
  }
});

test('language switch: English changes the texts and is remembered; back to Chinese', async () => {
  const { context, page } = await signedIn();
  try {
    await openConsole(page, '/layout/language');
    await page.getByTestId('language-page-title').filter({ hasText: '语言切换' }).waitFor();
    await page.getByRole('radio', { name: /English/ }).click();
    await page.getByTestId('language-page-title').filter({ hasText: 'Language switcher' }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Language switcher' }).waitFor();
    await page.getByText('What changes').waitFor();
    const cookies = await context.cookies();
    assert.equal(cookies.find((c) => c.name === 'lang')?.value, 'en');
    await page.reload();
    await waitHydrated(page);
    await page.getByText('What changes').waitFor();
    await page.getByRole('radio', { name: /中文/ }).click();
    await page.getByText('切换后会改变的内容').waitFor();
    await shot(page, 'components-language');
    await assertQuiet(page, 'language');
  } finally {
    await context.close();
  }
});

test('full screen: the state follows the toggle, and a refusal is explained', async () => {
  const { context, page } = await signedIn();
  try {
    await openConsole(page, '/layout/screenfull');
    const state = page.getByTestId('fullscreen-state');
    await state.getByText('未全屏').waitFor();
    await page.getByTestId('fullscreen-toggle').click();
    await Promise.race([state.getByText('全屏中').waitFor(), page.getByTestId('fullscreen-note').waitFor()]);
    if ((await state.getByText('全屏中').count()) > 0) {
      await page.getByTestId('fullscreen-toggle').click();
      await state.getByText('未全屏').waitFor();
    }
    // a browser that refuses (a policy, an iframe): the page says so
    await page.evaluate(() => {
      Element.prototype.requestFullscreen = () => Promise.reject(new TypeError('Permissions check failed'));
    });
    await page.getByTestId('fullscreen-toggle').click();
    await page.getByTestId('fullscreen-note').getByText('浏览器拒绝了全屏请求').waitFor();
    assert.equal(await state.getByText('未全屏').count(), 1);
    await shot(page, 'components-full-screen');
    await assertQuiet(page, 'full screen');
  } finally {
    await context.close();
  }
});

test('search: menus by title, the vehicle by plate and the receiver by imei, each opening its view', async () => {
  const { context, page } = await signedIn();
  try {
    await openConsole(page, '/layout/search');
    const box = page.getByLabel('搜索', { exact: true });
    await box.fill('仪表');
    await page.getByTestId('search-menus').getByRole('link', { name: /仪表图/ }).waitFor();
    await box.fill(vehicle.plate);
    const found = page.getByTestId('search-vehicles').getByRole('link', { name: new RegExp(vehicle.plate) });
    await found.waitFor();
    await box.fill(vehicle.imei);
    const device = page.getByTestId('search-devices').getByRole('link', { name: new RegExp(vehicle.imei) });
    await device.waitFor();
    await page.waitForURL((url) => url.searchParams.get('q') === vehicle.imei);
    await device.click();
    await page.waitForURL((url) => url.pathname === '/mapComponents/vehicleInfo' && url.searchParams.get('carId') === String(vehicle.carId));
    await page.getByTestId('vehicle-card-plate').filter({ hasText: vehicle.plate }).waitFor();
    await page.goBack();
    await page.getByTestId('search-view').waitFor();
    await page.getByLabel('搜索', { exact: true }).fill('无此车牌ZZZ');
    await page.getByTestId('search-vehicles').getByText('没有匹配的结果。').waitFor();
    await shot(page, 'components-search');
    await assertQuiet(page, 'search');
  } finally {
    await context.close();
  }
});

test('icon gallery: every menu icon, searchable by name, a name copied, the menus using it', async () => {
  const { context, page } = await signedIn();
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  try {
    await openConsole(page, '/superAdmin/icon');
    const gallery = page.getByTestId('icon-gallery');
    await gallery.locator('[data-icon="home"]').waitFor();
    assert.ok((await gallery.locator('[data-icon]').count()) >= 15);
    await gallery.locator('[data-icon="home"]').getByRole('link', { name: '首页' }).waitFor();
    await page.getByLabel('按名称搜索图标').fill('van');
    await gallery.locator('[data-icon="truck"]').waitFor();
    assert.equal(await gallery.locator('[data-icon]').count(), 1);
    await gallery.getByRole('button', { name: '复制名称 van' }).click();
    await page.getByText('已复制 van').waitFor();
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), 'van');
    await page.getByLabel('按名称搜索图标').fill('zzzz');
    await page.getByText('没有与“zzzz”匹配的图标。').waitFor();
    await shot(page, 'components-icons');
    await assertQuiet(page, 'icons');
  } finally {
    await context.close();
  }
});

test('error page: the failure from the URL with back, home and reload; sensible without one', async () => {
  const { context, page } = await signedIn();
  try {
    await openConsole(page, '/layout/search');
    await page.goto(`/error?code=500&message=${encodeURIComponent('车辆列表加载失败：timeout')}&from=${encodeURIComponent('/layout/search')}`);
    await waitHydrated(page);
    const error = page.getByTestId('error-page');
    await error.waitFor({ timeout: 20_000 });
    assert.equal(await page.getByTestId('error-code').innerText(), '500');
    assert.equal(await page.getByTestId('error-message').innerText(), '车辆列表加载失败：timeout');
    assert.equal(await page.getByTestId('error-from').innerText(), '/layout/search');
    await error.getByRole('button', { name: '返回' }).click();
    await page.waitForURL('**/layout/search');
    await page.goto('/error?from=https://evil.example/');
    await waitHydrated(page);
    await page.getByTestId('error-generic').waitFor({ timeout: 20_000 });
    assert.equal(await page.getByTestId('error-from').count(), 0, 'only a path of this site is named');
    await page.getByTestId('error-page').getByRole('link', { name: '回到地图' }).click();
    await page.waitForURL('**/map');
    await shot(page, 'components-error-page');
    await assertQuiet(page, 'error page');
  } finally {
    await context.close();
  }
});

test('on a phone: the gauges and the search fit the screen', async () => {
  const { context, page } = await signedIn(PHONE);
  try {
    await openConsole(page, withVehicle('/mapComponents/gaugeChart'));
    await page.getByTestId('gauge-pressure-11').waitFor({ timeout: 20_000 });
    let width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 390, `gauges: no horizontal overflow (scrollWidth ${width})`);
    await openConsole(page, '/layout/search');
    await page.getByLabel('搜索', { exact: true }).fill(vehicle.plate);
    await page.getByTestId('search-vehicles').getByRole('link', { name: new RegExp(vehicle.plate) }).waitFor();
    width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 390, `search: no horizontal overflow (scrollWidth ${width})`);
    await shot(page, 'components-phone');
    await assertQuiet(page, 'phone');
  } finally {
    await context.close();
  }
});
