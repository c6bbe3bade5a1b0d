// Permission helpers (console-spec §6), phone masking (§5), paging rules (§9), checkbox trees, form validation, the
// session's role list, and the operation log's helpers (who may delete, sign-in labels and tones).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { load } from './load.mjs';

const { hasPermission, isPlatformStaff, authVisible } = await load('src/features/auth/permissions.ts');
const { maskPhone, orUndefined, formatBytes } = await load('src/lib/format.ts');
const { isValidPhone, normalizePhone, USERNAME_PATTERN } = await load('src/lib/account-rules.ts');
const paging = await load('src/components/crud/paging.ts');
const tree = await load('src/components/crud/tree.ts');
const { validateValues } = await load('src/components/crud/form.tsx');
const { rolesOf, isVisitorUser } = await load('src/lib/session.ts');
const { phoneError } = await load('src/features/auth/components/register-page.tsx');
const { toCsv } = await load('src/components/crud/export.ts');
const { formatLatency, mayDeleteOperations } = await load('src/features/system/operations/lazy/operation-view.tsx');
const signIns = await load('src/features/system/operations/lazy/sign-in-records.tsx');
const { resources } = await load('src/locales/index.ts');
const { SIGN_IN_METHODS, SIGN_IN_RESULTS } = await load('src/features/system/types.ts');

describe('permissions', () => {
  const roles = [{ authorityId: 100, enterpriseId: 5 }, { authorityId: 888 }];

  test('has-permission: any given number equals one of the stored authorityIds', () => {
    assert.equal(hasPermission([888, 999], roles), true);
    assert.equal(hasPermission(100, roles), true);
    assert.equal(hasPermission([999, 666], roles), false);
    assert.equal(hasPermission([], roles), false);
    assert.equal(hasPermission(888, []), false);
  });

  test('platform staff: role 999 or 666 and enterprise 1013', () => {
    assert.equal(isPlatformStaff([{ authorityId: 999 }], 1013), true);
    assert.equal(isPlatformStaff([{ authorityId: 666 }], 1013), true);
    assert.equal(isPlatformStaff([{ authorityId: 999 }], 1012), false);
    assert.equal(isPlatformStaff([{ authorityId: 888 }], 1013), false);
    assert.equal(isPlatformStaff([{ authorityId: 999 }], null), false);
  });

  test('<Auth ids not>: shown only when the authorityId is listed; negation inverts', () => {
    assert.equal(authVisible([888, 999], 888), true);
    assert.equal(authVisible([888, 999], 100), false);
    assert.equal(authVisible([888, 999], 888, true), false);
    assert.equal(authVisible([888, 999], 100, true), true);
    assert.equal(authVisible(888, null), false);
    assert.equal(authVisible(888, undefined, true), true);
  });

  test('the role list is every enterprise role plus the active one; visitors are recognised', () => {
    assert.deepEqual(
      rolesOf({ authorityId: 888, authorities: [{ enterpriseId: 1, authorityId: 100 }, { enterpriseId: 2, authorityId: 888 }, { enterpriseId: 2, authorityId: 888 }] }),
      [
        { authorityId: 100, enterpriseId: 1 },
        { authorityId: 888, enterpriseId: 2 },
        { authorityId: 888 },
      ],
    );
    assert.equal(isVisitorUser({ visitor: true }), true);
    assert.equal(isVisitorUser({ nickName: '访客7f3a' }), true);
    assert.equal(isVisitorUser({ userName: 'visitor-1' }), true);
    assert.equal(isVisitorUser({ userName: 'admin' }), false);
    assert.equal(isVisitorUser(null), false);
  });
});

describe('phone numbers', () => {
  test('masked showing the first 3 and the last 4 digits', () => {
    assert.equal(maskPhone('13812345678'), '138****5678');
    assert.equal(maskPhone(13812345678), '138****5678');
    assert.equal(maskPhone('+8613812345678'), '+86*******5678');
    assert.equal(maskPhone('12345678'), '123*5678');
    assert.equal(maskPhone('1234567'), '1234567', 'too short to hide anything');
    assert.equal(maskPhone(''), '');
    assert.equal(maskPhone(null), '');
  });

  test('register: an absent number is "not registered", a malformed one "enter the correct phone number"', () => {
    assert.equal(phoneError(''), 'missing');
    assert.equal(phoneError('  '), 'missing');
    assert.equal(phoneError('12345'), 'invalid');
    assert.equal(phoneError('23812345678'), 'invalid');
    assert.equal(phoneError('13812345678'), null);
    assert.equal(phoneError('12812345678'), 'invalid', 'the server takes 13x–19x only');
  });

  test('phone and username rules are the server’s', () => {
    assert.equal(isValidPhone('+86 138-1234-5678'), true);
    assert.equal(normalizePhone('+86 138-1234-5678'), '+8613812345678');
    assert.equal(isValidPhone('8613812345678'), false, 'without + only an 11-digit mainland number');
    assert.equal(isValidPhone('+0123456789'), false);
    assert.equal(isValidPhone('+123456'), false, 'at least 7 digits after +');
    assert.equal(isValidPhone('+1234567'), true);
    assert.equal(isValidPhone('+1234567890123456'), false, 'at most 15 digits');
    assert.equal(USERNAME_PATTERN.test('ab'), false);
    assert.equal(USERNAME_PATTERN.test('fleet.admin@01'), true);
    assert.equal(USERNAME_PATTERN.test('张三_01'), true);
    assert.equal(USERNAME_PATTERN.test('has space'), false);
    assert.equal(USERNAME_PATTERN.test('x'.repeat(33)), false);
  });
});

describe('paging', () => {
  test('default 10; choices 10/50/100/500', () => {
    assert.equal(paging.DEFAULT_PAGE_SIZE, 10);
    assert.deepEqual([...paging.PAGE_SIZES], [10, 50, 100, 500]);
    assert.equal(paging.normalizePageSize(50), 50);
    assert.equal(paging.normalizePageSize(20), 10);
    assert.equal(paging.normalizePageSize('50'), 10);
  });

  test('no pager when the total fits one page', () => {
    assert.equal(paging.showPager(0, 10), false);
    assert.equal(paging.showPager(10, 10), false);
    assert.equal(paging.showPager(11, 10), true);
    assert.equal(paging.showPager(500, 500), false);
  });

  test('page counts, clamping, ranges and the page window', () => {
    assert.equal(paging.pageCount(0, 10), 1);
    assert.equal(paging.pageCount(57, 10), 6);
    assert.equal(paging.clampPage(9, 57, 10), 6);
    assert.equal(paging.clampPage(0, 57, 10), 1);
    assert.deepEqual(paging.pageRange(2, 10, 57), { from: 11, to: 20 });
    assert.deepEqual(paging.pageRange(6, 10, 57), { from: 51, to: 57 });
    assert.deepEqual(paging.pageRange(1, 10, 0), { from: 0, to: 0 });
    assert.deepEqual(paging.pageWindow(1, 1), [1]);
    assert.deepEqual(paging.pageWindow(5, 20), [1, 'gap', 4, 5, 6, 'gap', 20]);
    assert.deepEqual(paging.pageWindow(2, 5), [1, 2, 3, 4, 5]);
    assert.deepEqual(paging.pageWindow(1, 6), [1, 2, 'gap', 6]);
  });
});

describe('checkbox trees', () => {
  const nodes = [
    { id: 'a', label: 'A', children: [{ id: 'a1', label: 'A1' }, { id: 'a2', label: 'A2', children: [{ id: 'a2x', label: 'X' }] }] },
    { id: 'b', label: 'B' },
  ];

  test('parents are checked, mixed or clear from their leaves; toggling takes the subtree', () => {
    assert.equal(tree.nodeState(nodes[0], new Set(['a1'])), 'mixed');
    assert.equal(tree.nodeState(nodes[0], new Set(['a1', 'a2x'])), 'checked');
    const on = tree.toggleNode(nodes[0], new Set());
    assert.deepEqual([...on].sort(), ['a', 'a1', 'a2', 'a2x']);
    assert.equal(tree.toggleNode(nodes[0], on).size, 0);
  });

  test('stored sets (parents listed too) load correctly and save with their ancestors', () => {
    const loaded = tree.normalizeChecked(nodes, new Set(['a', 'a1']));
    assert.equal(tree.nodeState(nodes[0], loaded), 'mixed', 'a parent with a checked child is not the whole subtree');
    const whole = tree.normalizeChecked(nodes, new Set(['a']));
    assert.equal(tree.nodeState(nodes[0], whole), 'checked', 'a parent alone stands for its subtree');
    assert.deepEqual(tree.effectiveIds(nodes, new Set(['a2x'])), ['a', 'a2', 'a2x']);
    assert.deepEqual(tree.filterTree(nodes, 'x').map((n) => n.id), ['a']);
  });
});

describe('forms', () => {
  const msg = { required: (l) => `${l}!`, minLength: (n) => `>=${n}`, maxLength: (n) => `<=${n}` };
  const fields = [
    { name: 'user', label: 'User', type: 'text', required: true },
    { name: 'pass', label: 'Pass', type: 'password', minLength: 6 },
    { name: 'roles', label: 'Roles', type: 'multiselect', required: true },
    { name: 'mail', label: 'Mail', type: 'email', pattern: { re: /@/, message: 'bad mail' } },
    { name: 'again', label: 'Again', type: 'password', validate: (v, all) => (v === all.pass ? null : 'mismatch') },
    { name: 'hidden', label: 'H', type: 'text', required: true, hidden: () => true },
  ];

  test('required, lengths, patterns, custom rules; hidden fields skipped', () => {
    const errors = validateValues(fields, { user: '', pass: '123', roles: [], mail: 'x', again: '1', hidden: '' }, msg);
    assert.deepEqual(errors, { user: 'User!', pass: '>=6', roles: 'Roles!', mail: 'bad mail', again: 'mismatch' });
    assert.deepEqual(validateValues(fields, { user: 'a', pass: '123456', roles: [1], mail: 'a@b', again: '123456' }, msg), {});
  });

  test('empty optional values are not checked', () => {
    assert.deepEqual(validateValues(fields, { user: 'a', pass: '', roles: [1], mail: '', again: '' }, msg), {});
    assert.equal(orUndefined('  '), undefined);
    assert.equal(orUndefined('a'), 'a');
  });
});

test('CSV export escapes quotes, commas and newlines', () => {
  assert.equal(toCsv(['a', 'b'], [['x,y', 'say "hi"'], [1, null]]), 'a,b\r\n"x,y","say ""hi"""\r\n1,');
});

test('file sizes for people', () => {
  assert.equal(formatBytes(68), '68 B');
  assert.equal(formatBytes(1536), '1.5 KB');
  assert.equal(formatBytes(20 * 1024 * 1024), '20 MB');
  assert.equal(formatBytes(undefined), '');
});

test('operation latency: the server’s latency_ms', () => {
  assert.equal(formatLatency(12), '12 ms');
  assert.equal(formatLatency(0), '0 ms');
  assert.equal(formatLatency(1500), '1.50 s');
  assert.equal(formatLatency(undefined), '—');
});

test('operation log: deleting is offered only with the delete button and the super admin’s role (888)', () => {
  assert.equal(mayDeleteOperations(true, 888), true);
  assert.equal(mayDeleteOperations(false, 888), false, 'the button not granted');
  assert.equal(mayDeleteOperations(true, 999), false, 'platform staff below the super admin: append-only');
  assert.equal(mayDeleteOperations(true, 100), false);
  assert.equal(mayDeleteOperations(true, undefined), false, 'no user');
  assert.equal(mayDeleteOperations(true, null), false);
});

test('sign-ins: green only for ok, every known method and outcome has a label in both languages', () => {
  assert.equal(signIns.signInTone('ok'), 'green');
  for (const r of SIGN_IN_RESULTS.filter((r) => r !== 'ok')) assert.equal(signIns.signInTone(r), 'red', r);
  assert.equal(signIns.signInTone('something_new'), 'red');
  assert.equal(signIns.asSignInMethod('qr'), 'qr');
  assert.equal(signIns.asSignInMethod('QR'), null, 'exact names');
  assert.equal(signIns.asSignInResult('bad_password'), 'bad_password');
  assert.equal(signIns.asSignInResult('nope'), null);
  for (const lang of ['zh', 'en']) {
    const s = resources[lang].system.operations.signIns;
    assert.deepEqual(Object.keys(s.methods).sort(), [...SIGN_IN_METHODS].sort(), `${lang} method labels`);
    assert.deepEqual(Object.keys(s.results).sort(), [...SIGN_IN_RESULTS].sort(), `${lang} result labels`);
  }
});

test('sign-ins: the account shows the display name, with the name given below it when different', () => {
  assert.deepEqual(signIns.signInAccount({ username: 'admin', nickName: '超级管理员' }), { name: '超级管理员', detail: 'admin' });
  assert.deepEqual(signIns.signInAccount({ username: 'admin', nickName: 'admin' }), { name: 'admin', detail: null });
  assert.deepEqual(signIns.signInAccount({ username: 'nobody.here', nickName: null }), { name: 'nobody.here', detail: null });
  assert.deepEqual(signIns.signInAccount({ username: '', nickName: '' }), { name: '—', detail: null });
});
