// The server bundle's <Link>, <NavLink> and <Routes> (src/ssr/react-router.tsx) against react-router's own: the same
// markup for every kind of target, class, location and route tree, rendered twice (the second time from what they
// remember).
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { createElement as h, Fragment } from 'react';
import { renderToString } from 'react-dom/server';
import * as router from 'react-router';

import { load } from './load.mjs';

const server = await load('src/ssr/react-router.tsx');

test('the server module replaces Link, NavLink and Routes and re-exports the rest', () => {
  for (const name of ['Link', 'NavLink', 'Routes']) assert.notEqual(server[name], router[name], name);
  for (const name of ['Route', 'Outlet', 'useLocation', 'StaticRouter', 'matchPath']) assert.equal(server[name], router[name], name);
});

const at = (location, node) => renderToString(h(router.StaticRouter, { location }, node));

/** Renders `make(lib)` with react-router's components and with the server's, twice, and compares. */
function same(location, make, label) {
  const expected = at(location, make(router));
  for (let i = 0; i < 2; i++) assert.equal(at(location, make(server)), expected, `${label} at ${location}`);
  return expected;
}

const TARGETS = [
  '/about',
  '/about#contact',
  '/about?x=1&y=<2>',
  '/solution/',
  '/a//b',
  '/a/./b/../c',
  '/a b',
  '/中文/路径',
  '/%E4%B8%AD',
  '/',
  'relative',
  '../up',
  '.',
  '?only=query',
  '#only-hash',
  '',
  'https://example.com/x',
  '//example.com/x',
  '/\\example.com',
  'mailto:a@b.c',
  { pathname: '/obj', search: '?s=1', hash: '#h' },
];

test('Link renders what react-router renders', () => {
  for (const location of ['/solution', '/a/b/', '/about']) {
    for (const to of TARGETS) {
      const label = `Link to=${JSON.stringify(to)}`;
      same(location, (lib) => h(lib.Link, { to, className: 'c', title: 'x"y' }, 'text'), label);
      same(location, (lib) => h(lib.Link, { to, target: '_blank', reloadDocument: true, rel: 'noopener' }, 'text'), `${label} target`);
      same(location, (lib) => h(lib.Link, { to, discover: 'none', replace: true, state: { a: 1 } }, 'text'), `${label} discover`);
      same(location, (lib) => h(lib.Link, { to, prefetch: 'intent', onClick() {} }, 'text'), `${label} prefetch`);
    }
  }
});

test('NavLink renders what react-router renders', () => {
  const className = ({ isActive, isPending }) => `nav ${isActive ? 'on' : 'off'} ${isPending ? 'p' : ''}`;
  const style = ({ isActive }) => ({ color: isActive ? 'red' : 'blue' });
  for (const location of ['/about', '/about/team', '/About', '/abouts', '/', '/中文/路径', '/a%20b']) {
    for (const to of [...TARGETS.filter((t) => typeof t === 'string'), '/About', '/about/team/']) {
      const label = `NavLink to=${JSON.stringify(to)}`;
      same(location, (lib) => h(lib.NavLink, { to }, 'text'), label);
      same(location, (lib) => h(lib.NavLink, { to, className, style, end: true }, ({ isActive }) => (isActive ? 'on' : 'off')), `${label} fns`);
      same(location, (lib) => h(lib.NavLink, { to, className: 'x', 'aria-current': 'step', caseSensitive: true }, 'text'), `${label} case`);
    }
  }
});

function Show({ name }) {
  const params = router.useParams();
  const location = router.useLocation();
  const resolved = router.useResolvedPath('child');
  return h('p', null, `${name} ${JSON.stringify(params)} ${location.pathname} ${resolved.pathname}`, h(router.Outlet));
}

const show = (name) => h(Show, { name });

/** A tree with layouts, params, optional segments, splats, index routes and case-sensitive paths. */
const tree = (lib) =>
  h(
    lib.Routes,
    null,
    h(router.Route, { path: '/login', element: show('login') }),
    h(
      router.Route,
      { element: show('layout') },
      h(Fragment, null, h(router.Route, { path: '/solution', element: show('solution') }), h(router.Route, { path: '/about', element: show('about') })),
      h(router.Route, { path: '/mf/:id', element: show('share') }),
      h(router.Route, { path: '/opt/:a?/x', element: show('optional') }),
      h(router.Route, { path: '/Case', caseSensitive: true, element: show('case') }),
      h(router.Route, { path: '/files/*', element: show('files') }),
      h(router.Route, { path: '*', element: show('notFound') }),
    ),
    h(router.Route, { path: '/g/:group', element: show('group') }, h(router.Route, { index: true, element: show('index') }), h(router.Route, { path: 'm/:member', element: show('member') })),
    h(router.Route, { path: '/nested/*', element: h(lib.Routes, null, h(router.Route, { path: 'inner', element: show('inner') })) }),
  );

test('Routes renders what react-router renders', () => {
  const paths = ['/login', '/solution', '/SOLUTION/', '/about', '/mf/abc', '/mf/a%20b', '/opt/x', '/opt/1/x', '/Case', '/case', '/files/a/b', '/nope', '/', '/g/7', '/g/7/', '/g/7/m/9', '/nested/inner', '/nested/other'];
  for (const path of paths) same(path, tree, 'tree');
  // a tree of another shape at the same path is matched afresh
  const other = (lib) =>
    h(
      lib.Routes,
      null,
      h(router.Route, { path: '/solution/*', element: show('splat') }),
      h(router.Route, { element: show('layout2') }, h(router.Route, { path: '/x', element: show('x') }), h(router.Route, { path: '/solution', element: show('exact') })),
    );
  for (const path of ['/solution', '/solution/x', '/x']) same(path, other, 'other tree');
  // with a location of its own
  same('/about', (lib) => h(lib.Routes, { location: '/mf/1' }, h(router.Route, { path: '/mf/:id', element: show('located') })), 'location');
  // no match (react-router's development build warns about it)
  const warn = console.warn;
  console.warn = () => {};
  try {
    same('/none', (lib) => h(lib.Routes, null, h(router.Route, { path: '/x', element: show('x') })), 'no match');
  } finally {
    console.warn = warn;
  }
});
