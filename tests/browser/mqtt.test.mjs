// The MQTT console (locus/mqtt*, docs/mqtt.md) with the embedded broker on a free port: the overview shows the broker,
// a subscription added in the console receives what the publisher sends, and a route can be added. Chinese (default).
// Run from the repo root: node --test tests/browser/mqtt.test.mjs
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import { after, before, test } from 'node:test';

import { assertQuiet, launchBrowser, newContext, newPage, openConsole, shot, signIn } from './helpers.mjs';
import { repoRoot, startServer } from './server.mjs';

const words = (ns) => JSON.parse(readFileSync(resolve(repoRoot, `app/src/locales/zh/${ns}.json`), 'utf8'));
const w = { mqtt: words('mqtt'), crud: words('crud') };

function freePort() {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => done(port));
    });
  });
}

let server;
let browser;

before(async () => {
  server = await startServer({ mqttPort: await freePort() });
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await server?.stop();
});

test('mqtt: overview, a subscription receives a published message, a route is added', async () => {
  const context = await newContext(browser, server.url);
  const stamp = Date.now().toString(36);
  const topic = `wheelend/86${stamp}/command`;
  try {
    const page = await newPage(context);
    await signIn(page, 'admin', server.password);

    // overview: the embedded broker, its address, and the console's own connection up
    await openConsole(page, '/locusModule/mqtt/overview');
    const overview = page.getByTestId('mqtt-overview');
    await overview.waitFor();
    await overview.getByTestId('mqtt-mode').first().filter({ hasText: w.mqtt.mode.embedded }).waitFor();
    await overview.getByText('wheelend/+/report').waitFor();
    await overview.getByTestId('mqtt-console-state').filter({ hasText: w.mqtt.overview.connected }).waitFor({ timeout: 15_000 });
    await shot(page, 'mqtt-overview');

    // a subscription on the command topics of every device
    await openConsole(page, '/locusModule/mqtt/subscription');
    await page.getByRole('button', { name: w.mqtt.rule.addSubscription }).click();
    const form = page.getByTestId('mqtt-subscription-form');
    await form.getByLabel(w.mqtt.rule.name).fill(`命令-${stamp}`);
    // a bad filter is refused before anything is sent
    await form.getByLabel(w.mqtt.rule.filter).fill('wheelend/#/command');
    await form.getByRole('button', { name: w.crud.save }).click();
    await form.getByText(w.mqtt.rule.filterHint).first().waitFor();
    await form.getByLabel(w.mqtt.rule.filter).fill('wheelend/+/command');
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/mqtt/subscriptions/save'));
    await form.getByRole('button', { name: w.crud.save }).click();
    const answer = await (await saved).json();
    assert.equal(answer.code, 0, answer.msg);
    await form.waitFor({ state: 'detached' });
    const row = page.getByTestId('mqtt-subscriptions-table').getByRole('row').filter({ hasText: `命令-${stamp}` });
    await row.waitFor();

    // publish a command to it
    await openConsole(page, '/locusModule/mqtt/publisher');
    const publish = page.getByTestId('mqtt-publish-form');
    await publish.getByLabel(w.mqtt.publish.topic).fill(topic);
    await publish.getByLabel(w.mqtt.publish.payload).fill('{"cmd":"ping"}');
    const sent = page.waitForResponse((r) => r.url().endsWith('/api/mqtt/publish'));
    await publish.getByRole('button', { name: w.mqtt.publish.send }).click();
    const published = await (await sent).json();
    assert.equal(published.code, 0, published.msg);
    await page.getByTestId('mqtt-published').getByText(topic).waitFor();

    // the subscription kept it
    await openConsole(page, '/locusModule/mqtt/subscription');
    await page.getByTestId('mqtt-subscriptions-table').getByRole('row').filter({ hasText: `命令-${stamp}` }).getByRole('button', { name: w.mqtt.rule.messages }).click();
    const message = page.getByTestId('mqtt-messages').getByTestId('mqtt-message').filter({ hasText: topic });
    await message.waitFor({ timeout: 15_000 });
    await message.getByText('{"cmd":"ping"}').waitFor();
    await shot(page, 'mqtt-subscription-messages');

    // a route copying the commands elsewhere
    await openConsole(page, '/locusModule/mqtt/route');
    await page.getByRole('button', { name: w.mqtt.rule.addRoute }).click();
    const routeForm = page.getByTestId('mqtt-route-form');
    await routeForm.getByLabel(w.mqtt.rule.name).fill(`复制-${stamp}`);
    await routeForm.getByLabel(w.mqtt.rule.filter).fill('wheelend/+/command');
    await routeForm.getByLabel(w.mqtt.rule.target).fill('fleet/{imei}/copy');
    const routeSaved = page.waitForResponse((r) => r.url().endsWith('/api/mqtt/routes/save'));
    await routeForm.getByRole('button', { name: w.crud.save }).click();
    const routeAnswer = await (await routeSaved).json();
    assert.equal(routeAnswer.code, 0, routeAnswer.msg);
    await routeForm.waitFor({ state: 'detached' });
    await page.getByTestId('mqtt-routes-table').getByRole('row').filter({ hasText: `复制-${stamp}` }).getByText('fleet/{imei}/copy').waitFor();

    // the dashboard draws the hour
    await openConsole(page, '/locusModule/mqtt/dashboard');
    await page.getByTestId('mqtt-dashboard').waitFor();
    await page.getByTestId('mqtt-rate-chart').and(page.locator('[data-chart-state="ready"]')).waitFor({ timeout: 15_000 });
    await assertQuiet(page, 'mqtt dashboard');
  } finally {
    await context.close();
  }
});
