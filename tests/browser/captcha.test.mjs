// Sign-in with the graphic captcha the server asks for after repeated failures. Its own server: the failures are
// counted per address, so every later sign-in from this machine would need the captcha too.
// Run from the repo root: node --test tests/browser/
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';

import { assertQuiet, launchBrowser, newContext, newPage, waitHydrated } from './helpers.mjs';
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

test('after repeated failures the server asks for the captcha: the picture appears, a wrong answer is refused', async () => {
  const context = await newContext(browser, server.url);
  try {
    const page = await newPage(context);
    await page.goto('/login');
    await waitHydrated(page);
    const submit = page.getByRole('button', { name: '登录', exact: true });
    await page.getByLabel('用户名').fill('admin');
    const answers = [];
    for (let i = 0; i < 6 && !answers.some((a) => a.data?.needCaptcha === true); i += 1) {
      await page.getByLabel('密码', { exact: true }).fill(`wrong-${String(i)}`);
      const answered = page.waitForResponse('**/api/base/login').then((r) => r.json());
      await submit.click();
      answers.push(await answered);
      await page.waitForFunction(() => !document.querySelector('button[aria-busy="true"]'));
    }
    assert.ok(answers.some((a) => a.code === 7 && a.data?.needCaptcha === true), 'the server asked for the captcha');

    // the form shows the picture from POST /base/captcha (a PNG data URI) and its input
    const picture = page.getByTestId('captcha-image');
    await picture.waitFor();
    assert.match(await picture.getAttribute('src'), /^data:image\/(png|svg\+xml);base64,/);
    const captchaInput = page.getByLabel('验证码');
    const length = Number(await captchaInput.getAttribute('maxlength'));
    assert.ok(length > 0 && length <= 8, 'the answer length comes from the server');

    // a new picture on request
    const first = await picture.getAttribute('src');
    await page.getByRole('button', { name: '换一张' }).click();
    await page.waitForFunction((src) => document.querySelector('[data-testid="captcha-image"]')?.getAttribute('src') !== src, first);

    // a wrong answer: refused with the server's words, a fresh picture, the form usable again
    await page.getByLabel('密码', { exact: true }).fill(server.password);
    await captchaInput.fill('0'.repeat(length));
    const refused = page.waitForResponse('**/api/base/login').then((r) => r.json());
    await submit.click();
    const answer = await refused;
    assert.equal(answer.code, 7);
    assert.ok(typeof answer.msg === 'string' && answer.msg.length > 0);
    await page.getByRole('alert').getByText(answer.msg).waitFor();
    assert.equal(await submit.isEnabled(), true);
    page.problems = page.problems.filter((p) => !(/Failed to load resource/.test(p) && p.includes('/api/base/login')));
    await assertQuiet(page, 'captcha');
  } finally {
    await context.close();
  }
});
