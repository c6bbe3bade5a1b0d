// A stand-in for the Rust host, for front-end work before (or without) a server build: it does what
// docs/ssr-contract.md asks of the host with app/dist/ssr.js in a node:vm context, serves public/, and answers
// /api/health, /api/base/login (admin + the generated password) and /api/jwt/jsonInBlacklist.
// Used by server.mjs when WHEELEND_BROWSER_HOST=mock. Not a test of the server.
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize, resolve } from 'node:path';
import vm from 'node:vm';

import { repoRoot } from './server.mjs';

const MIME = { '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml', '.txt': 'text/plain', '.png': 'image/png', '.map': 'application/json' };
const BRAND = { appName: '轮端预警', desc: '商用车轮端安全平台：胎压、胎温、轴温监测与轮端防火预警。', appLogo: '/brand/wheelend.svg', wsUrl: '/ws', appDomain: '' };

function cookies(req) {
  const out = {};
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0) out[part.slice(0, eq).trim()] = decodeURIComponent(part.slice(eq + 1).trim());
  }
  return out;
}

function escapeForScript(json) {
  return json.replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

export async function startMockHost() {
  const publicDir = resolve(repoRoot, 'public');
  const manifest = JSON.parse(readFileSync(resolve(repoRoot, 'app/dist/manifest.json'), 'utf8'));
  const context = vm.createContext({});
  vm.runInContext(readFileSync(resolve(repoRoot, 'app/dist/ssr.js'), 'utf8'), context);
  const password = randomBytes(9).toString('base64url');
  const tokens = new Map();

  const json = (res, status, body) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };

  const server = createServer((req, res) => {
    const url = new URL(req.url, 'http://mock');
    const path = url.pathname;
    if (path === '/api/health') return json(res, 200, { code: 0, data: { ok: true }, msg: '' });
    if (path === '/api/base/login' && req.method === 'POST') {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        const { username, password: pw } = JSON.parse(body || '{}');
        if (username !== 'admin' || pw !== password) return json(res, 200, { code: 7, data: {}, msg: '用户名或密码错误' });
        const token = randomBytes(16).toString('hex');
        const user = { id: 1, uuid: 'u-1', userName: 'admin', nickName: '超级管理员', authorityId: 888, visitor: false };
        tokens.set(token, user);
        json(res, 200, { code: 0, data: { token, user, expiresAt: Date.now() + 86_400_000 }, msg: '登录成功' });
      });
      return undefined;
    }
    if (path === '/api/jwt/jsonInBlacklist') {
      tokens.delete(req.headers['x-token']);
      return json(res, 200, { code: 0, data: {}, msg: '' });
    }
    if (path.startsWith('/api/')) return json(res, 404, { code: 404, data: {}, msg: 'no such call' });

    const file = normalize(join(publicDir, path));
    if (file.startsWith(publicDir) && path !== '/' && existsSync(file) && statSync(file).isFile()) {
      res.writeHead(200, { 'content-type': MIME[extname(file)] ?? 'application/octet-stream' });
      return res.end(readFileSync(file));
    }

    const jar = cookies(req);
    const lang = jar.lang === 'en' || jar.lang === 'zh' ? jar.lang : /^en/i.test(req.headers['accept-language'] ?? '') ? 'en' : 'zh';
    const user = tokens.get(jar['x-token']) ?? null;
    const input = JSON.stringify({ url: `${path}${url.search}`, origin: `http://${req.headers.host}`, brand: BRAND, lang, user, data: {} });
    context.__input = input;
    const out = JSON.parse(vm.runInContext('__wheelendRender(__input)', context));
    if (out.redirect) {
      res.writeHead(302, { location: out.redirect });
      return res.end();
    }
    const doc =
      `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
      `<link rel="icon" href="/favicon.svg" type="image/svg+xml">${out.head}` +
      manifest.css.map((c) => `<link rel="stylesheet" href="${c}">`).join('') +
      manifest.preload.map((c) => `<link rel="modulepreload" href="${c}">`).join('') +
      `</head><body><div id="root">${out.html}</div>` +
      `<script id="__WHEELEND_STATE__" type="application/json">${escapeForScript(input)}</script>` +
      `<script type="module" src="${manifest.entry}"></script></body></html>`;
    res.writeHead(out.status, { 'content-type': 'text/html; charset=utf-8' });
    return res.end(doc);
  });

  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address();
  return {
    url: `http://127.0.0.1:${port}`,
    password,
    stop: () =>
      new Promise((r) => {
        server.close(() => r());
        server.closeAllConnections();
      }),
    log: () => '',
  };
}
