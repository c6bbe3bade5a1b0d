// A stand-in for the Rust host, for front-end work before (or without) a server build: it does what
// docs/ssr-contract.md asks of the host with app/dist/ssr.js in a node:vm context, serves public/, and answers the
// identity-and-access calls the console makes (sign-in incl. visitor, captcha and QR; users; roles and their menus,
// APIs, buttons and data scope; menus; APIs; dictionaries; operation and sign-in records; files) from memory, with the seeded
// menu tree of docs/menu-tree.md; the fleet calls come from mock-fleet.mjs, the push calls (rules, messages,
// webhooks) from mock-rules.mjs. Used by server.mjs when WHEELEND_BROWSER_HOST=mock. Not a test of the server.
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize, resolve } from 'node:path';
import vm from 'node:vm';

import { createFleetMock } from './mock-fleet.mjs';
import { createLiveMock } from './mock-live.mjs';
import { createRulesMock } from './mock-rules.mjs';
import { repoRoot } from './server.mjs';

const MIME = { '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml', '.txt': 'text/plain', '.png': 'image/png', '.map': 'application/json' };
const BRAND = { appName: '轮端预警', desc: '商用车轮端安全平台：胎压、胎温、轴温监测与轮端防火预警。', appLogo: '/brand/wheelend.svg', wsUrl: '/ws', appDomain: '' };
const ENTERPRISE = { id: 1, name: '示例物流' };

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

// --- the seeded menu tree (docs/menu-tree.md) -------------------------------------------------------------------------
const FALLBACK_TREE = `
| name | route | path | component | parent | hidden | keepAlive | closeTab | title (zh) | title (en) | icon | buttons | activeName |
|---|---|---|---|---|---|---|---|---|---|---|---|---|
| home | /home | home | home/index | (root) |  |  |  | 首页 | Home | home |  |  |
| colony | /colony | colony | layout/routerHolder | (root) |  |  |  | 企业中心 | Enterprise | office-building |  |  |
| customerManage | /colony/customerManage | customerManage | colony/customerManage | colony |  | yes |  | 客户管理 | Customers | user-group | add,edit,delete,export |  |
| person | /person | person | person/profile | (root) | yes |  |  | 个人信息 | Profile | message |  |  |
| superAdmin | /superAdmin | superAdmin | layout/routerHolder | (root) |  |  |  | 超级管理员 | Super admin | user-filled |  |  |
| authority | /superAdmin/authority | authority | superAdmin/authority | superAdmin |  | yes |  | 角色管理 | Roles | avatar | add,edit,delete,copy |  |
| menu | /superAdmin/menu | menu | superAdmin/menu | superAdmin |  | yes |  | 菜单管理 | Menus | tickets | add,edit,delete |  |
| api | /superAdmin/api | api | superAdmin/api | superAdmin |  | yes |  | API 管理 | APIs | platform | add,edit,delete |  |
| user | /superAdmin/user | user | superAdmin/user | superAdmin |  | yes |  | 用户管理 | Users | coordinate | add,edit,delete,export |  |
| userDetail | /superAdmin/userDetail/:id | userDetail/:id | superAdmin/userDetail | superAdmin | yes |  | yes | 用户详情 | User detail | document | edit | user |
| dictionary | /superAdmin/dictionary | dictionary | superAdmin/dictionary | superAdmin |  | yes |  | 字典管理 | Dictionaries | notebook | add,edit,delete |  |
| dictionaryDetail | /superAdmin/dictionaryDetail/:id | dictionaryDetail/:id | superAdmin/dictionaryDetail | superAdmin | yes |  | yes | 字典详情 | Dictionary detail | list | add,edit,delete | dictionary |
| operation | /superAdmin/operation | operation | superAdmin/operation | superAdmin |  | yes |  | 操作历史 | Operation records | pie-chart | delete |  |
| file | /superAdmin/file | file | superAdmin/file | superAdmin |  | yes |  | 文件管理 | Files | upload | add,delete |  |
## Default role menus
| role | menus | buttons |
|---|---|---|
| 888 super admin | everything | all |
| 101 enterprise member | \`home\`, \`customerManage\`, \`person\` | \`export\` elsewhere |
| 777 visitor | \`home\`, \`customerManage\` | none |
`;

function parseMenuTree(md) {
  const menus = [];
  const roles = [];
  let section = 'menus';
  for (const line of md.split('\n')) {
    if (/^## Default role menus/.test(line)) section = 'roles';
    if (!line.startsWith('|') || /^\|\s*(name|role)\s*\|/.test(line) || /^\|[-|\s]+\|$/.test(line)) continue;
    const cells = line.split('|').slice(1, -1).map((c) => c.trim());
    if (section === 'menus' && cells.length >= 13) {
      const [name, , path, component, parent, hidden, keepAlive, closeTab, title, titleEn, icon, buttons, activeName] = cells;
      menus.push({ name, path, component, parent: parent === '(root)' ? null : parent, hidden: hidden === 'yes', keepAlive: keepAlive === 'yes', closeTab: closeTab === 'yes', title, titleEn, icon, buttons: buttons ? buttons.split(',').map((b) => b.trim()) : [], activeName });
    } else if (section === 'roles' && cells.length >= 3) {
      const id = Number(/^\d+/.exec(cells[0])?.[0]);
      const named = [...cells[1].matchAll(/`([^`]+)`/g)].map((m) => m[1]);
      roles.push({ id, label: cells[0].replace(/^\d+\s*/, ''), everything: /^everything/.test(cells[1]), except: /except/.test(cells[1]) ? named : [], menus: /except/.test(cells[1]) ? [] : named, buttons: cells[2] });
    }
  }
  return { menus, roles };
}

function loadMenuTree() {
  const file = resolve(repoRoot, 'docs/menu-tree.md');
  const parsed = existsSync(file) ? parseMenuTree(readFileSync(file, 'utf8')) : null;
  return parsed && parsed.menus.length > 0 ? parsed : parseMenuTree(FALLBACK_TREE);
}

export async function startMockHost() {
  const publicDir = resolve(repoRoot, 'public');
  const manifest = JSON.parse(readFileSync(resolve(repoRoot, 'app/dist/manifest.json'), 'utf8'));
  const context = vm.createContext({});
  vm.runInContext(readFileSync(resolve(repoRoot, 'app/dist/ssr.js'), 'utf8'), context);
  const password = randomBytes(9).toString('base64url');
  const now = () => new Date().toISOString();

  // --- data -----------------------------------------------------------------------------------------------------------
  const seeded = loadMenuTree();
  let nextId = 100;
  const baseMenus = seeded.menus.map((m, i) => ({
    ID: i + 1,
    name: m.name,
    path: m.path,
    component: m.component,
    parentName: m.parent,
    hidden: m.hidden,
    sort: i,
    meta: { title: m.title, titleEn: m.titleEn, icon: m.icon, keepAlive: m.keepAlive, closeTab: m.closeTab, hidden: m.hidden, activeName: m.activeName },
    menuBtn: m.buttons.map((b) => ({ ID: nextId++, name: b, desc: b })),
    parameters: [],
  }));
  for (const m of baseMenus) m.parentId = baseMenus.find((p) => p.name === m.parentName)?.ID ?? 0;
  const byName = new Map(baseMenus.map((m) => [m.name, m]));
  const subtree = (m) => [m, ...baseMenus.filter((c) => c.parentId === m.ID).flatMap(subtree)];
  const withAncestors = (ids) => {
    const out = new Set(ids);
    for (const id of ids) {
      let m = baseMenus.find((x) => x.ID === id);
      while (m && m.parentId) {
        out.add(m.parentId);
        m = baseMenus.find((x) => x.ID === m.parentId);
      }
    }
    return out;
  };

  const authorities = [
    { authorityId: 888, authorityName: '超级管理员', parentId: 0 },
    { authorityId: 999, authorityName: '平台运营', parentId: 0 },
    { authorityId: 666, authorityName: '平台支持', parentId: 0 },
    { authorityId: 100, authorityName: '企业管理员', parentId: 0 },
    { authorityId: 101, authorityName: '企业成员', parentId: 100 },
    { authorityId: 200, authorityName: '服务商', parentId: 0 },
    { authorityId: 300, authorityName: '集群监管', parentId: 0 },
    { authorityId: 777, authorityName: '访客', parentId: 0 },
  ].map((a) => ({ ...a, defaultRouter: 'home', dataAuthorityId: [{ authorityId: a.authorityId }] }));

  /** authorityId → Set of menu IDs; authorityId → Map(menuId → Set(btnId)). */
  const roleMenus = new Map();
  const roleBtns = new Map();
  /** authorityId → the enterprise's narrowed menu set (one enterprise in the mock); absent: the role's own. */
  const narrowed = new Map();
  for (const a of authorities) {
    const rule = seeded.roles.find((r) => r.id === a.authorityId);
    let ids = new Set();
    if (rule?.everything) {
      const excluded = new Set(rule.except.flatMap((n) => (byName.get(n) ? subtree(byName.get(n)).map((m) => m.ID) : [])));
      ids = new Set(baseMenus.filter((m) => !excluded.has(m.ID)).map((m) => m.ID));
    } else if (rule) {
      ids = withAncestors(rule.menus.flatMap((n) => (byName.get(n) ? subtree(byName.get(n)).map((m) => m.ID) : [])));
    }
    roleMenus.set(a.authorityId, ids);
    const btns = new Map();
    const onlyExport = rule && !/^all/.test(rule.buttons);
    if (rule && !/^none/.test(rule.buttons)) {
      for (const id of ids) {
        const m = baseMenus.find((x) => x.ID === id);
        btns.set(id, new Set(m.menuBtn.filter((b) => !onlyExport || b.name === 'export').map((b) => b.ID)));
      }
    }
    roleBtns.set(a.authorityId, btns);
  }

  const users = [
    { ID: 1, uuid: 'u-1', userName: 'admin', password, nickName: '超级管理员', realName: '', headerImg: '', phone: '13800000001', email: 'admin@example.com', country: 'CN', enable: 1, authorityId: 888, visitor: false, createdAt: now() },
    { ID: 2, uuid: 'u-visitor', userName: 'visitor', password: null, nickName: '访客', realName: '', headerImg: '', phone: '', email: '', country: 'CN', enable: 1, authorityId: 777, visitor: true, createdAt: now() },
  ];
  let nextUser = 3;

  const apiRows = [];
  const addApi = (method, path, apiGroup, description) => apiRows.push({ ID: apiRows.length + 1, method, path, apiGroup, description });
  for (const [m, p, g, d] of [
    ['POST', '/base/login', 'base', '登录'],
    ['GET', '/user/getUserInfo', 'user', '当前用户'],
    ['POST', '/user/getUserList_recons', 'user', '用户列表'],
    ['POST', '/user/admin_register', 'user', '新增用户'],
    ['PUT', '/user/setUserInfo', 'user', '编辑用户'],
    ['DELETE', '/user/deleteUser', 'user', '删除用户'],
    ['POST', '/user/resetPassword', 'user', '重置密码'],
    ['POST', '/authority/getAuthorityList', 'authority', '角色列表'],
    ['POST', '/authority/createAuthority', 'authority', '新增角色'],
    ['POST', '/menu/getMenuList', 'menu', '菜单列表'],
    ['POST', '/menu/addBaseMenu', 'menu', '新增菜单'],
    ['POST', '/api/getApiList', 'api', 'API 列表'],
    ['POST', '/api/createApi', 'api', '新增 API'],
    ['GET', '/sysDictionary/getSysDictionaryList', 'sysDictionary', '字典列表'],
    ['GET', '/sysOperationRecord/getSysOperationRecordList', 'sysOperationRecord', '操作记录'],
    ['GET', '/sysLoginRecord/getSysLoginRecordList', 'sysLoginRecord', '登录记录'],
    ['POST', '/fileUploadAndDownload/getFileList', 'fileUploadAndDownload', '文件列表'],
    ['POST', '/fileUploadAndDownload/upload', 'fileUploadAndDownload', '上传文件'],
  ]) {
    addApi(m, p, g, d);
  }
  for (let i = 0; i < 15; i += 1) addApi('POST', `/web/car/sample${i}`, 'car', `车辆接口 ${i}`);
  let nextApi = apiRows.length + 1;
  const policies = new Map(authorities.map((a) => [a.authorityId, a.authorityId === 888 ? apiRows.map((r) => ({ path: r.path, method: r.method })) : []]));

  // one seeded enumeration as the real server has it (docs/system-api.md), and one of the framework's examples
  const dictionaries = [
    { ID: 1, CreatedAt: now(), UpdatedAt: now(), name: '性别', type: 'gender', status: true, desc: '性别字典', parentID: null },
    { ID: 2, CreatedAt: now(), UpdatedAt: now(), name: '压力单位', type: 'pressure_unit', status: true, desc: 'Pressure units', parentID: null },
  ];
  const detail = (ID, label, labelEn, value, sort) => ({ ID, CreatedAt: now(), UpdatedAt: now(), label, labelEn, value, extend: '', status: true, disabled: false, sort, sysDictionaryID: 1, parentID: null, level: 0, path: '' });
  const details = [detail(1, '男', 'Male', '1', 1), detail(2, '女', 'Female', '2', 2)];
  let nextDict = 3;
  let nextDetail = 3;
  const records = [];
  let nextRecord = 1;
  // the sign-in audit: every password and visitor sign-in, with its outcome (as server/domain/src/signins.rs)
  const signIns = [];
  let nextSignIn = 1;
  const recordSignIn = (req, method, username, u, result) => {
    signIns.push({ ID: nextSignIn++, CreatedAt: now(), userId: u?.ID ?? null, username, ip: req.socket.remoteAddress ?? '', agent: String(req.headers['user-agent'] ?? '').slice(0, 256), method, result });
  };
  const files = [];
  const captchas = new Map();
  const failures = new Map();
  const qrKeys = new Map();
  const sessions = new Map(); // token → userId

  // --- helpers ----------------------------------------------------------------------------------------------------------
  const roleName = (id) => authorities.find((a) => a.authorityId === id)?.authorityName ?? String(id);
  const membership = (u) => [{ enterpriseId: ENTERPRISE.id, entName: ENTERPRISE.name, authorityId: u.authorityId, authorityName: roleName(u.authorityId) }];
  const userInfo = (u) => ({
    ID: u.ID,
    uuid: u.uuid,
    userName: u.userName,
    name: u.nickName,
    nickName: u.nickName,
    headerImg: u.headerImg,
    phone: u.phone,
    email: u.email,
    authorityId: u.authorityId,
    authority: { authorityId: u.authorityId, authorityName: roleName(u.authorityId), defaultRouter: 'home' },
    authorities: [{ enterpriseId: ENTERPRISE.id, authorityId: u.authorityId }],
    sideMode: u.sideMode ?? '',
    activeColor: u.activeColor ?? '',
    baseColor: u.baseColor ?? '',
    nowEntId: ENTERPRISE.id,
    current_enterprise_id: ENTERPRISE.id,
    current_cluster: null,
    visitor: u.visitor,
  });
  const userRow = (u) => ({
    ID: u.ID,
    uuid: u.uuid,
    userName: u.userName,
    nickName: u.nickName,
    realName: u.realName,
    headerImg: u.headerImg,
    phone: u.phone,
    email: u.email,
    country: u.country,
    enable: u.enable,
    authorityId: u.authorityId,
    authorityName: roleName(u.authorityId),
    authorities: membership(u),
    nowEntId: ENTERPRISE.id,
    visitor: u.visitor,
    createdAt: u.createdAt,
  });
  const authorityTree = (parentId = 0) =>
    authorities.filter((a) => a.parentId === parentId).map((a) => ({ ...a, children: authorityTree(a.authorityId) }));
  const baseMenuTree = (parentId = 0) =>
    baseMenus
      .filter((m) => m.parentId === parentId)
      .sort((a, b) => a.sort - b.sort)
      .map((m) => {
        const { parentName, ...rest } = m;
        void parentName;
        return { ...rest, children: baseMenuTree(m.ID) };
      });
  const roleMenuTree = (authorityId, parentId = 0) => {
    const own = roleMenus.get(authorityId) ?? new Set();
    const ids = narrowed.has(authorityId) ? withAncestors([...narrowed.get(authorityId)].filter((id) => own.has(id))) : own;
    const btns = roleBtns.get(authorityId) ?? new Map();
    return baseMenus
      .filter((m) => m.parentId === parentId && ids.has(m.ID))
      .sort((a, b) => a.sort - b.sort)
      .map((m) => {
        const granted = m.menuBtn.filter((b) => btns.get(m.ID)?.has(b.ID));
        return {
          ID: m.ID,
          name: m.name,
          path: m.path,
          component: m.component,
          sort: m.sort,
          parentId: m.parentId,
          hidden: m.hidden,
          keepAlive: m.meta.keepAlive,
          closeTab: m.meta.closeTab,
          meta: m.meta,
          btns: granted.length ? Object.fromEntries(granted.map((b) => [b.name, authorityId])) : null,
          children: roleMenuTree(authorityId, m.ID),
        };
      });
  };
  const page = (list, q) => {
    const p = Math.max(1, Number(q.page) || 1);
    const size = Math.max(1, Number(q.pageSize) || 10);
    return { list: list.slice((p - 1) * size, p * size), total: list.length, page: p, pageSize: size };
  };
  const like = (value, q) => !q || String(value ?? '').toLowerCase().includes(String(q).toLowerCase());
  const captchaSvg = (text) =>
    `data:image/svg+xml;base64,${Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="44"><rect width="120" height="44" fill="#eef2ff"/><text x="60" y="30" font-size="24" font-family="monospace" text-anchor="middle" fill="#2a41b8" letter-spacing="4">${text}</text></svg>`,
    ).toString('base64')}`;

  const ok = (data = {}, msg = '操作成功') => ({ status: 200, body: { code: 0, data, msg } });
  const fail = (msg, data = {}) => ({ status: 200, body: { code: 7, data, msg } });
  const signedOut = () => ({ status: 200, body: { code: 100, data: {}, msg: '未登录或登录已过期' } });
  const fleet = createFleetMock({ ok, fail, page, like, enterprise: ENTERPRISE });
  // `live` is made with the server below; pushes happen only once requests are served
  const rules = createRulesMock({ ok, fail, page, like, enterprise: ENTERPRISE, users, roleName, publishTo: (userId, frame) => live.publish(frame, userId) });

  function login(body, req) {
    const ip = req.socket.remoteAddress;
    if (body.type === 'visitorLogin') {
      const u = users.find((x) => x.visitor);
      recordSignIn(req, 'visitor', u.userName, u, 'ok');
      const token = randomBytes(16).toString('hex');
      sessions.set(token, u.ID);
      return ok({ token, user: userInfo(u), expiresAt: Date.now() + 86_400_000 }, '登录成功');
    }
    const name = String(body.username ?? '');
    const key = `${ip}|${name.toLowerCase()}`;
    const count = failures.get(key) ?? 0;
    if (count >= 3) {
      const answer = captchas.get(body.captchaId);
      captchas.delete(body.captchaId);
      if (!answer || answer !== String(body.captcha ?? '')) {
        recordSignIn(req, 'password', name, null, 'captcha');
        return fail('请输入正确的验证码', { needCaptcha: true });
      }
    }
    const u = users.find((x) => x.userName === name && !x.visitor);
    if (!u || u.password !== body.password) {
      failures.set(key, count + 1);
      recordSignIn(req, 'password', name, u, u ? 'bad_password' : 'unknown_user');
      return count + 1 >= 3 ? fail('用户名或密码错误', { needCaptcha: true }) : fail('用户名或密码错误');
    }
    if (u.enable !== 1) {
      recordSignIn(req, 'password', name, u, 'frozen');
      return fail('用户被禁止登录');
    }
    failures.delete(key);
    recordSignIn(req, 'password', name, u, 'ok');
    const token = randomBytes(16).toString('hex');
    sessions.set(token, u.ID);
    return ok({ token, user: userInfo(u), expiresAt: Date.now() + 86_400_000 }, '登录成功');
  }

  const OPEN = new Set(['/api/health', '/api/base/login', '/api/base/captcha', '/api/base/timeKey', '/api/base/scan', '/api/base/sendSms', '/api/base/register']);

  let nextFile = 1;
  const stored = new Map(); // key → bytes
  /** A multipart upload as the real server records it (the name kept, the object under a new key). */
  function storeUpload({ raw, buf }) {
    const name = /filename="([^"]+)"/.exec(raw ?? '')?.[1] ?? 'upload.bin';
    // the bytes of the `file` part: after its headers, up to the next boundary
    let bytes = Buffer.alloc(0);
    if (buf) {
      const boundary = Buffer.from(`\r\n--${/^--([^\r\n]+)/.exec(raw)?.[1] ?? ''}`);
      const at = buf.indexOf('filename="');
      const start = at === -1 ? -1 : buf.indexOf('\r\n\r\n', at) + 4;
      if (start > 3) bytes = buf.subarray(start, buf.indexOf(boundary, start));
    }
    const tag = name.includes('.') ? name.split('.').pop().toLowerCase() : '';
    const d = new Date();
    const key = `${d.getUTCFullYear()}/${String(d.getUTCMonth() + 1).padStart(2, '0')}/${randomBytes(8).toString('hex')}.${tag || 'bin'}`;
    const f = { ID: nextFile++, CreatedAt: now(), UpdatedAt: now(), name, classId: 0, url: `/uploads/${key}`, tag, key, size: bytes.length, mime: tag === 'png' ? 'image/png' : 'application/octet-stream' };
    files.push(f);
    stored.set(key, bytes);
    return f;
  }

  /** One call; `me` is the signed-in user (null for open calls without a token). */
  function handle(method, path, q, body, me, token, req) {
    const call = `${method} ${path}`;
    switch (call) {
      case 'GET /api/health':
        return ok({ ok: true });
      case 'POST /api/base/login':
        return login(body, req);
      case 'POST /api/base/captcha': {
        const id = randomBytes(8).toString('hex');
        const text = String(Math.floor(1000 + Math.random() * 9000));
        captchas.set(id, text);
        return ok({ captchaId: id, picPath: captchaSvg(text), captchaLength: 4, openCaptcha: false });
      }
      case 'POST /api/base/timeKey': {
        const key = randomBytes(8).toString('hex');
        qrKeys.set(key, { status: 'waiting', expiresAt: Date.now() + 120_000, userId: null });
        return ok({ key, qrUrl: `/qr-login?key=${key}`, expiresAt: Date.now() + 120_000 });
      }
      case 'POST /api/base/scan': {
        const entry = qrKeys.get(body.key);
        if (!entry) return ok({ status: 'failed' });
        if (Date.now() > entry.expiresAt) entry.status = 'expired';
        if (entry.status === 'confirmed') {
          const u = users.find((x) => x.ID === entry.userId) ?? users[0];
          const t = randomBytes(16).toString('hex');
          sessions.set(t, u.ID);
          qrKeys.delete(body.key);
          return ok({ status: 'confirmed', token: t, user: userInfo(u), expiresAt: Date.now() + 86_400_000 });
        }
        return ok({ status: entry.status });
      }
      case 'POST /api/base/sendSms': {
        const answer = captchas.get(body.captchaId);
        captchas.delete(body.captchaId);
        if (!answer || answer !== String(body.captcha ?? '')) return fail('验证码错误');
        if (users.some((u) => u.phone === body.phone)) return fail('手机号已注册');
        return ok({});
      }
      case 'POST /api/base/register': {
        if (body.smsCode !== '123456') return fail('短信验证码错误');
        const u = { ID: nextUser++, uuid: `u-${nextUser}`, userName: body.phone, password: body.password, nickName: body.nickName, realName: body.realName ?? '', headerImg: '', phone: body.phone, email: '', country: body.country, enable: 1, authorityId: 100, visitor: false, createdAt: now() };
        users.push(u);
        const t = randomBytes(16).toString('hex');
        sessions.set(t, u.ID);
        return ok({ token: t, user: userInfo(u), expiresAt: Date.now() + 86_400_000 });
      }
    }
    if (!me) return signedOut();
    switch (call) {
      case 'POST /api/user/recons': {
        // the phone's side of a QR sign-in, as the real server answers it
        const entry = qrKeys.get(body.key);
        if (me.visitor) return fail('访客不能扫码登录');
        if (!entry || Date.now() > entry.expiresAt || entry.status === 'expired') return fail('二维码已过期，请刷新');
        const from = entry.status;
        const allowed = (from === 'waiting' || from === 'scanned') && (body.action === 'scan' || body.action === 'cancel' || (body.action === 'confirm' && from === 'scanned' && entry.userId === me.ID));
        if (!allowed) return fail('二维码状态不允许此操作');
        entry.status = body.action === 'scan' ? 'scanned' : body.action === 'confirm' ? 'confirmed' : 'failed';
        if (body.action === 'scan') entry.userId = me.ID;
        return ok({ status: entry.status });
      }
      case 'POST /api/jwt/jsonInBlacklist':
        sessions.delete(token);
        return ok({}, 'jwt作废成功');
      case 'GET /api/user/getUserInfo':
        return ok({ userInfo: userInfo(me) });
      case 'POST /api/sysAuthorityMenusEnterprise/getMenu':
        return ok({ menus: roleMenuTree(me.authorityId) });
      // the mock knows one enterprise: the switch list has it alone, switching answers a fresh token for it, and
      // nobody has invitations
      case 'POST /api/web/ent/my_enterprise/toggleList':
        return me.visitor ? fail('无权限') : ok([{ label: ENTERPRISE.name, value: ENTERPRISE.id, logo: '', roleList: [me.authorityId], colonyId: null, current: true }]);
      case 'POST /api/web/ent/my_enterprise/cut': {
        if (Number(body.entId) !== ENTERPRISE.id) return fail(`不是企业 ${body.entId} 的成员`);
        const fresh = randomBytes(16).toString('hex');
        sessions.set(fresh, me.ID);
        return { ...ok({ token: fresh, user: userInfo(me), expiresAt: Date.now() + 86_400_000 }), headers: { 'new-token': fresh } };
      }
      case 'POST /api/web/ent/invitations':
        return ok(page([], body));
      case 'POST /api/user/getUserList_recons': {
        const list = users
          .filter((u) => !u.visitor)
          .filter((u) => like(u.userName, body.userName) && like(u.nickName, body.nickName) && like(u.phone, body.phone))
          .filter((u) => !body.authorityId || u.authorityId === Number(body.authorityId))
          .sort((a, b) => b.ID - a.ID)
          .map(userRow);
        return ok(page(list, body));
      }
      case 'POST /api/user/admin_register': {
        for (const f of ['userName', 'passWord', 'nickName', 'authorityId']) if (!body[f]) return fail(`${f} 不能为空`);
        if (users.some((u) => u.userName === body.userName)) return fail('用户名已注册');
        const u = { ID: nextUser++, uuid: `u-${nextUser}`, userName: body.userName, password: body.passWord, nickName: body.nickName, realName: '', headerImg: body.headerImg ?? '', phone: body.phone ?? '', email: body.email ?? '', country: 'CN', enable: body.enable ?? 1, authorityId: Number(body.authorityId), visitor: false, createdAt: now() };
        users.push(u);
        return ok({ user: userRow(u) }, '注册成功');
      }
      case 'PUT /api/user/setUserInfo':
      case 'PUT /api/user/setSelfInfo': {
        const u = users.find((x) => x.ID === (call.endsWith('setSelfInfo') ? me.ID : body.ID));
        if (!u) return fail('用户不存在');
        for (const f of ['nickName', 'headerImg', 'phone', 'email', 'enable', 'sideMode', 'activeColor', 'baseColor']) if (body[f] !== undefined && body[f] !== null) u[f] = body[f];
        if (Array.isArray(body.authorityIds) && body.authorityIds.length) u.authorityId = Number(body.authorityIds[0]);
        return ok({ user: userRow(u) });
      }
      case 'DELETE /api/user/deleteUser': {
        if (body.id === me.ID) return fail('不能删除自己');
        const i = users.findIndex((u) => u.ID === body.id);
        if (i === -1) return fail('用户不存在');
        users.splice(i, 1);
        return ok({});
      }
      case 'POST /api/user/resetPassword': {
        const u = users.find((x) => x.ID === body.ID);
        if (!u) return fail('用户不存在');
        u.password = body.password;
        return ok({});
      }
      case 'POST /api/user/resetUsername': {
        const u = users.find((x) => x.ID === body.ID);
        if (!u) return fail('用户不存在');
        if (users.some((x) => x.userName === body.userName && x !== u)) return fail('用户名已注册');
        u.userName = body.userName;
        return ok({ user: userRow(u) });
      }
      case 'POST /api/user/changePassword':
        if (me.password !== body.password) return fail('修改失败，原密码与当前账户不符');
        me.password = body.newPassword;
        return ok({});
      case 'POST /api/authority/getAuthorityList':
        return ok(authorityTree());
      case 'POST /api/sysAuthorityMenusEnterprise/getAuthorityList':
        return ok(
          authorities.map((a) => ({
            authorityId: a.authorityId,
            authorityName: a.authorityName,
            parentId: a.parentId,
            members: users.filter((u) => u.authorityId === a.authorityId).length,
            narrowed: narrowed.has(a.authorityId),
            menuCount: (narrowed.get(a.authorityId) ?? roleMenus.get(a.authorityId) ?? new Set()).size,
          })),
        );
      case 'POST /api/authority/createAuthority':
      case 'POST /api/authority/copyAuthority': {
        const a = call.endsWith('copyAuthority') ? body.authority : body;
        if (!a?.authorityId || !a.authorityName) return fail('角色 ID 和名称不能为空');
        if (authorities.some((x) => x.authorityId === Number(a.authorityId))) return fail('存在相同角色id');
        const row = { authorityId: Number(a.authorityId), authorityName: a.authorityName, parentId: Number(a.parentId) || 0, defaultRouter: 'home', dataAuthorityId: [] };
        authorities.push(row);
        const from = call.endsWith('copyAuthority') ? Number(body.oldAuthorityId) : null;
        roleMenus.set(row.authorityId, new Set(from ? roleMenus.get(from) : withAncestors([byName.get('home')?.ID].filter(Boolean))));
        roleBtns.set(row.authorityId, new Map(from ? roleBtns.get(from) : []));
        policies.set(row.authorityId, from ? [...(policies.get(from) ?? [])] : []);
        return ok({ authority: row });
      }
      case 'PUT /api/authority/updateAuthority': {
        const a = authorities.find((x) => x.authorityId === Number(body.authorityId));
        if (!a) return fail('角色不存在');
        a.authorityName = body.authorityName ?? a.authorityName;
        a.parentId = Number(body.parentId) || 0;
        return ok({ authority: a });
      }
      case 'POST /api/authority/deleteAuthority': {
        const id = Number(body.authorityId);
        if (users.some((u) => u.authorityId === id)) return fail('此角色有用户正在使用禁止删除');
        if (authorities.some((a) => a.parentId === id)) return fail('此角色存在子角色不允许删除');
        const i = authorities.findIndex((a) => a.authorityId === id);
        if (i === -1) return fail('角色不存在');
        authorities.splice(i, 1);
        return ok({});
      }
      case 'POST /api/authority/setDataAuthority': {
        const a = authorities.find((x) => x.authorityId === Number(body.authorityId));
        if (!a) return fail('角色不存在');
        a.dataAuthorityId = (body.dataAuthorityId ?? []).map((d) => ({ authorityId: Number(d.authorityId) }));
        return ok({});
      }
      case 'POST /api/menu/getMenuList':
        return ok(baseMenuTree());
      case 'POST /api/menu/getBaseMenuTree':
        return ok({ menus: baseMenuTree() });
      case 'GET /api/sysAuthorityMenusEnterprise/getBaseMenuTree': {
        // a role: its own menus with their ancestors; none given: every base menu
        if (!q.authorityId) return ok({ menus: baseMenuTree() });
        const own = roleMenus.get(Number(q.authorityId)) ?? new Set();
        const prune = (list) => list.filter((m) => own.has(m.ID)).map((m) => ({ ...m, children: prune(m.children) }));
        return ok({ menus: prune(baseMenuTree()) });
      }
      case 'POST /api/sysAuthorityMenusEnterprise/getMenuAuthority': {
        const id = Number(body.authorityId);
        const set = narrowed.get(id) ?? roleMenus.get(id) ?? new Set();
        const flat = baseMenus.filter((m) => set.has(m.ID)).map(({ parentName, ...m }) => (void parentName, { ...m, children: [] }));
        return ok({ menus: flat, narrowed: narrowed.has(id) });
      }
      case 'POST /api/menu/addMenuAuthority':
        roleMenus.set(Number(body.authorityId), withAncestors((body.menus ?? []).map((m) => Number(m.ID))));
        return ok({});
      case 'POST /api/sysAuthorityMenusEnterprise/addMenuAuthority': {
        const ids = (body.menus ?? []).map((m) => Number(m.ID));
        if (ids.length === 0) narrowed.delete(Number(body.authorityId));
        else narrowed.set(Number(body.authorityId), new Set(ids));
        return ok({});
      }
      case 'POST /api/menu/addBaseMenu':
      case 'POST /api/menu/updateBaseMenu': {
        if (!body.name || !body.path || !body.component || !body.meta?.title) return fail('name、path、component 和标题不能为空');
        const dup = baseMenus.find((m) => m.name === body.name && m.ID !== body.ID);
        if (dup) return fail('存在重复name，请修改name');
        const menuBtn = (body.menuBtn ?? []).map((b) => ({ ID: b.ID ?? nextId++, name: b.name, desc: b.desc }));
        if (call.endsWith('addBaseMenu')) {
          baseMenus.push({ ID: nextId++, parentId: Number(body.parentId) || 0, name: body.name, path: body.path, component: body.component, hidden: Boolean(body.hidden), sort: Number(body.sort) || 0, meta: body.meta, menuBtn, parameters: [] });
        } else {
          const m = baseMenus.find((x) => x.ID === body.ID);
          if (!m) return fail('菜单不存在');
          Object.assign(m, { parentId: Number(body.parentId) || 0, name: body.name, path: body.path, component: body.component, hidden: Boolean(body.hidden), sort: Number(body.sort) || 0, meta: body.meta, menuBtn });
        }
        return ok({});
      }
      case 'POST /api/menu/deleteBaseMenu': {
        if (baseMenus.some((m) => m.parentId === body.ID)) return fail('此菜单存在子菜单不可删除');
        const i = baseMenus.findIndex((m) => m.ID === body.ID);
        if (i === -1) return fail('菜单不存在');
        baseMenus.splice(i, 1);
        return ok({});
      }
      case 'POST /api/api/getApiList': {
        const list = apiRows
          .filter((a) => like(a.path, body.path) && like(a.description, body.description) && (!body.method || a.method === body.method) && (!body.apiGroup || a.apiGroup === body.apiGroup))
          .sort((a, b) => b.ID - a.ID);
        return ok(page(list, body));
      }
      case 'POST /api/api/getAllApis':
        return ok({ apis: apiRows });
      case 'POST /api/api/createApi':
      case 'POST /api/api/updateApi': {
        for (const f of ['path', 'description', 'apiGroup', 'method']) if (!body[f]) return fail(`${f} 不能为空`);
        if (apiRows.some((a) => a.path === body.path && a.method === body.method && a.ID !== body.ID)) return fail('存在相同api');
        if (call.endsWith('createApi')) apiRows.push({ ID: nextApi++, path: body.path, description: body.description, apiGroup: body.apiGroup, method: body.method });
        else Object.assign(apiRows.find((a) => a.ID === body.ID) ?? {}, { path: body.path, description: body.description, apiGroup: body.apiGroup, method: body.method });
        return ok({});
      }
      case 'POST /api/api/deleteApi':
      case 'DELETE /api/api/deleteApisByIds': {
        const ids = new Set(call.endsWith('deleteApi') ? [body.ID] : body.ids ?? []);
        for (let i = apiRows.length - 1; i >= 0; i -= 1) if (ids.has(apiRows[i].ID)) apiRows.splice(i, 1);
        return ok({});
      }
      case 'POST /api/casbin/getPolicyPathByAuthorityId':
        return ok({ paths: policies.get(Number(body.authorityId)) ?? [] });
      case 'POST /api/casbin/updateCasbin':
        policies.set(Number(body.authorityId), (body.casbinInfos ?? []).map((c) => ({ path: c.path, method: c.method })));
        return ok({});
      case 'POST /api/authorityBtn/getAuthorityBtn': {
        const set = roleBtns.get(Number(body.authorityId))?.get(Number(body.menuID));
        return ok({ selected: set && set.size ? [...set] : null });
      }
      case 'POST /api/authorityBtn/setAuthorityBtn': {
        const map = roleBtns.get(Number(body.authorityId)) ?? new Map();
        map.set(Number(body.menuID), new Set((body.selected ?? []).map(Number)));
        roleBtns.set(Number(body.authorityId), map);
        return ok({});
      }
      case 'GET /api/sysDictionary/getSysDictionaryList':
        return ok(dictionaries.filter((d) => like(d.name, q.name) || like(d.type, q.name)).map((d) => ({ ...d, children: dictionaries.filter((c) => c.parentID === d.ID) })));
      case 'GET /api/sysDictionary/findSysDictionary': {
        const status = q.status === undefined || q.status === '' ? true : q.status === 'true' || q.status === '1';
        const d = dictionaries.find((x) => (String(x.ID) === String(q.ID) || x.type === q.type) && x.status === status);
        return d ? ok({ resysDictionary: { ...d, sysDictionaryDetails: details.filter((x) => x.sysDictionaryID === d.ID) } }) : fail('字典未创建或未开启');
      }
      case 'POST /api/sysDictionary/createSysDictionary':
      case 'PUT /api/sysDictionary/updateSysDictionary': {
        if (!body.name || !body.type) return fail('名称和类型不能为空');
        if (dictionaries.some((d) => d.type === body.type && d.ID !== body.ID)) return fail('存在相同的type，不允许创建');
        const fields = { name: body.name, type: body.type, status: body.status !== false, desc: body.desc ?? '', parentID: body.parentID || null, UpdatedAt: now() };
        let row;
        if (call.startsWith('POST')) dictionaries.push((row = { ID: nextDict++, CreatedAt: now(), ...fields }));
        else row = Object.assign(dictionaries.find((d) => d.ID === body.ID) ?? {}, fields);
        return ok(row);
      }
      case 'DELETE /api/sysDictionary/deleteSysDictionary': {
        const i = dictionaries.findIndex((d) => d.ID === body.ID);
        if (i === -1) return fail('请不要搞事');
        dictionaries.splice(i, 1);
        return ok({});
      }
      case 'GET /api/sysDictionaryDetail/getSysDictionaryDetailList': {
        const list = details
          .filter((d) => String(d.sysDictionaryID) === String(q.sysDictionaryID))
          .filter((d) => like(d.label, q.label) && (!q.value || d.value === q.value) && (!q.status || String(d.status) === q.status))
          .sort((a, b) => a.sort - b.sort);
        return ok(page(list, q));
      }
      case 'POST /api/sysDictionaryDetail/createSysDictionaryDetail':
      case 'PUT /api/sysDictionaryDetail/updateSysDictionaryDetail': {
        if (!body.label || body.value === undefined || body.value === '') return fail('显示值和字典值不能为空');
        const parent = body.parentID ? details.find((d) => d.ID === body.parentID) : null;
        const fields = {
          label: body.label,
          labelEn: body.labelEn ?? '',
          value: String(body.value),
          extend: body.extend ?? '',
          status: body.status !== false,
          disabled: body.status === false,
          sort: Number(body.sort) || 0,
          sysDictionaryID: Number(body.sysDictionaryID),
          parentID: parent ? parent.ID : null,
          level: parent ? parent.level + 1 : 0,
          path: parent ? [parent.path, parent.ID].filter(Boolean).join(',') : '',
          UpdatedAt: now(),
        };
        let row;
        if (call.startsWith('POST')) details.push((row = { ID: nextDetail++, CreatedAt: now(), ...fields }));
        else row = Object.assign(details.find((d) => d.ID === body.ID) ?? {}, fields);
        return ok(row);
      }
      case 'DELETE /api/sysDictionaryDetail/deleteSysDictionaryDetail': {
        const i = details.findIndex((d) => d.ID === body.ID);
        if (i === -1) return fail('条目不存在');
        details.splice(i, 1);
        return ok({});
      }
      case 'GET /api/sysOperationRecord/getSysOperationRecordList': {
        const userId = q.userId ?? q.user_id;
        const from = q.startTime ? Date.parse(q.startTime) : null;
        const to = q.endTime ? Date.parse(q.endTime) + (/^\d{4}-\d{2}-\d{2}$/.test(q.endTime) ? 86_400_000 : 0) : null;
        const list = records
          .filter((r) => (!q.method || r.method === q.method.toUpperCase()) && like(r.path, q.path) && (!q.status || String(r.status) === String(q.status)))
          .filter((r) => (!userId || String(r.user_id) === String(userId)) && (from === null || Date.parse(r.CreatedAt) >= from) && (to === null || Date.parse(r.CreatedAt) < to))
          .slice()
          .reverse();
        return ok(page(list, q));
      }
      case 'GET /api/sysLoginRecord/getSysLoginRecordList': {
        const from = q.startTime ? Date.parse(q.startTime) : null;
        const to = q.endTime ? Date.parse(q.endTime) + (/^\d{4}-\d{2}-\d{2}$/.test(q.endTime) ? 86_400_000 : 0) : null;
        const list = signIns
          .filter((r) => like(r.username, q.username) && (!q.ip || r.ip === q.ip) && (!q.result || r.result === q.result))
          .filter((r) => (from === null || Date.parse(r.CreatedAt) >= from) && (to === null || Date.parse(r.CreatedAt) < to))
          .slice()
          .reverse()
          .map((r) => ({ ...r, nickName: users.find((u) => u.ID === r.userId)?.nickName ?? null }));
        return ok(page(list, q));
      }
      case 'DELETE /api/sysOperationRecord/deleteSysOperationRecordByIds': {
        // append-only below the super admin (as the server)
        if (me.authorityId !== 888) return fail('操作记录只有超级管理员可以删除');
        if (!Array.isArray(body.ids) || body.ids.length === 0) return fail('ids 不能为空');
        const before = records.length;
        for (const id of body.ids) {
          const i = records.findIndex((r) => r.ID === id);
          if (i !== -1) records.splice(i, 1);
        }
        return ok({ deleted: before - records.length });
      }
      case 'DELETE /api/fileUploadAndDownload/deleteFile': {
        const i = files.findIndex((f) => f.ID === body.ID);
        if (i === -1) return fail('文件不存在');
        files.splice(i, 1);
        return ok({});
      }
      case 'POST /api/web/tool/aliyun/uploading': {
        const f = storeUpload(body);
        return ok({ url: f.url, name: f.name, key: f.key, size: f.size, ID: f.ID });
      }
      case 'POST /api/fileUploadAndDownload/getFileList':
        return ok(page(files.filter((f) => like(f.name, body.keyword)).slice().reverse(), body));
      case 'POST /api/fileUploadAndDownload/upload':
        return ok({ file: storeUpload(body) });
    }
    const rulesAnswer = rules(call, body, me);
    if (rulesAnswer) return rulesAnswer;
    const fleetAnswer = fleet(call, body);
    if (fleetAnswer) return fleetAnswer;
    return { status: 404, body: { code: 7, data: {}, msg: `接口未注册，或路径与方法不匹配：${path}` } };
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url, 'http://mock');
    const path = url.pathname;
    const send = (status, body, headers = {}) => {
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(JSON.stringify(body));
    };

    // test hooks: move a QR key along (waiting → scanned → confirmed / failed)
    if (path === '/__mock/qr') {
      const entry = qrKeys.get(url.searchParams.get('key'));
      if (entry) entry.status = url.searchParams.get('status') ?? entry.status;
      return send(200, { ok: Boolean(entry), keys: [...qrKeys.keys()] });
    }

    // uploaded files, as the real host serves local uploads
    if (path.startsWith('/uploads/')) {
      const key = path.slice('/uploads/'.length);
      const f = files.find((x) => x.key === key);
      if (!f) return send(404, { code: 7, data: {}, msg: 'not found' });
      res.writeHead(200, { 'content-type': f.mime, 'x-content-type-options': 'nosniff' });
      return res.end(stored.get(key) ?? Buffer.alloc(0));
    }

    // test hooks: the live map (synthetic vehicles with positions; websocket frames, one or an array, to every
    // connection; drop the connections)
    if (path === '/__mock/fleet') return send(200, { added: fleet.synthesize(Number(url.searchParams.get('n') ?? 0)) });
    if (path === '/__mock/live-drop') {
      live.dropAll();
      return send(200, {});
    }
    // test hook: a message to a user as an alarm would push it (vehicle, kind, level), e.g. to mask it
    if (path === '/__mock/message') {
      const chunks = [];
      req.on('data', (c) => chunks.push(c));
      req.on('end', () => {
        const { userId, ...fields } = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        send(200, rules.deliver(userId, fields));
      });
      return undefined;
    }
    if (path === '/__mock/live') {
      const chunks = [];
      req.on('data', (c) => chunks.push(c));
      req.on('end', () => {
        const frames = [JSON.parse(Buffer.concat(chunks).toString('utf8'))].flat();
        send(200, frames.map((f) => live.publish(f)).at(-1) ?? {});
      });
      return undefined;
    }

    // test hook: the answer of a captcha (the real host never tells)
    if (path === '/__mock/captcha') return send(200, { answer: captchas.get(url.searchParams.get('id')) ?? null });

    if (path.startsWith('/api/')) {
      const chunks = [];
      req.on('data', (c) => chunks.push(c));
      req.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        let body = {};
        if ((req.headers['content-type'] ?? '').includes('application/json')) {
          try {
            body = raw ? JSON.parse(raw) : {};
          } catch {
            return send(200, { code: 7, data: {}, msg: 'bad JSON' });
          }
        } else if (raw) {
          body = { raw, buf: Buffer.concat(chunks) };
        }
        const q = Object.fromEntries(url.searchParams);
        const token = req.headers['x-token'] ?? '';
        const me = users.find((u) => u.ID === sessions.get(token)) ?? null;
        if (!OPEN.has(path) && !me) return send(200, { code: 100, data: {}, msg: '未登录或登录已过期' });
        const out = handle(req.method, path, q, body, me, token, req);
        if (me && req.method !== 'GET' && !path.startsWith('/api/base/') && !/get|list|find/i.test(path.split('/').pop())) {
          records.push({ ID: nextRecord++, CreatedAt: now(), ip: req.socket.remoteAddress, method: req.method, path, status: out.status, code: out.body?.code ?? null, latency_ms: 1, agent: req.headers['user-agent'] ?? '', body: raw.slice(0, 1024), resp: JSON.stringify(out.body).slice(0, 1024), user_id: me.ID, user: { ID: me.ID, userName: me.userName, nickName: me.nickName } });
        }
        return send(out.status, out.body, out.headers);
      });
      return undefined;
    }

    const file = normalize(join(publicDir, path));
    if (file.startsWith(publicDir) && path !== '/' && existsSync(file) && statSync(file).isFile()) {
      res.writeHead(200, { 'content-type': MIME[extname(file)] ?? 'application/octet-stream' });
      return res.end(readFileSync(file));
    }

    const jar = cookies(req);
    const lang = jar.lang === 'en' || jar.lang === 'zh' ? jar.lang : /^en/i.test(req.headers['accept-language'] ?? '') ? 'en' : 'zh';
    const u = users.find((x) => x.ID === sessions.get(jar['x-token']));
    const user = u && !u.visitor ? { id: u.ID, userName: u.userName, nickName: u.nickName, authorityId: u.authorityId, visitor: false } : null;
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

  const live = createLiveMock(server, (token) => sessions.get(token) ?? null);
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
