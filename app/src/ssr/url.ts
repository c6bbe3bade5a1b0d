/**
 * A compact WHATWG-style URL and URLSearchParams for the QuickJS render (which has neither). react-router needs them:
 * `new URL('http://localhost')` at module scope, `encodeLocation` for <NavLink>, and URLSearchParams for
 * useSearchParams. It covers what a router needs (absolute and relative parsing, dot segments, percent-encoding of
 * path/query/fragment, default ports, form-urlencoded params); not IDNA/punycode hosts or IPv6 normalisation.
 * tests/unit/url-polyfill.test.mjs compares it with Node's URL.
 */

const SPECIAL_PORTS: Record<string, string> = { 'http:': '80', 'https:': '443', 'ws:': '80', 'wss:': '443', 'ftp:': '21', 'file:': '' };

function utf8PercentEncode(ch: string): string {
  try {
    return encodeURIComponent(ch);
  } catch {
    return '%EF%BF%BD'; // lone surrogate → U+FFFD
  }
}

/** Percent-encodes C0 controls, non-ASCII and the characters of `set` (null: C0 control percent-encode set only). */
function encodeSet(value: string, set: RegExp | null): string {
  let out = '';
  for (const ch of value) {
    const code = ch.codePointAt(0) ?? 0;
    out += code < 0x20 || code > 0x7e || set?.test(ch) ? utf8PercentEncode(ch) : ch;
  }
  return out;
}

// WHATWG percent-encode sets (minus C0/non-ASCII, handled above).
const PATH_SET = /[ "#<>?`{}]/;
const QUERY_SET_SPECIAL = /[ "#<>']/;
const QUERY_SET = /[ "#<>]/;
const FRAGMENT_SET = /[ "<>`]/;

function removeDotSegments(path: string): string {
  const input = path.split('/');
  const output: string[] = [];
  for (let i = 0; i < input.length; i++) {
    const seg = input[i] ?? '';
    const last = i === input.length - 1;
    const lower = seg.toLowerCase();
    if (seg === '..' || lower === '.%2e' || lower === '%2e.' || lower === '%2e%2e') {
      if (output.length > 1) output.pop();
      if (last) output.push('');
    } else if (seg === '.' || lower === '%2e') {
      if (last) output.push('');
    } else {
      output.push(seg);
    }
  }
  const joined = output.join('/');
  return joined.startsWith('/') ? joined : `/${joined}`;
}

interface Parts {
  protocol: string;
  username: string;
  password: string;
  hostname: string;
  port: string;
  pathname: string;
  search: string;
  hash: string;
  opaque: boolean;
}

function splitTail(rest: string): { path: string; search: string; hash: string } {
  let hash = '';
  const h = rest.indexOf('#');
  if (h !== -1) {
    hash = rest.slice(h);
    rest = rest.slice(0, h);
  }
  let search = '';
  const q = rest.indexOf('?');
  if (q !== -1) {
    search = rest.slice(q);
    rest = rest.slice(0, q);
  }
  return { path: rest, search, hash };
}

function invalid(input: string): TypeError {
  return new TypeError(`Invalid URL: ${input}`);
}

function parseAbsolute(input: string): Parts | null {
  const m = /^([a-zA-Z][a-zA-Z\d+.-]*):(.*)$/s.exec(input);
  if (!m) return null;
  const protocol = `${(m[1] ?? '').toLowerCase()}:`;
  let rest = m[2] ?? '';
  const special = protocol in SPECIAL_PORTS;
  if (!special) {
    const tail = splitTail(rest);
    const hasAuthority = tail.path.startsWith('//');
    if (!hasAuthority) {
      return { protocol, username: '', password: '', hostname: '', port: '', pathname: tail.path, search: tail.search, hash: tail.hash, opaque: true };
    }
  }
  // special schemes accept backslashes and any number of slashes before the host; others have exactly `//`
  rest = special ? rest.replace(/\\/g, '/').replace(/^\/*/, '') : rest.slice(2);
  const end = rest.search(/[/?#]/);
  const authority = end === -1 ? rest : rest.slice(0, end);
  const tail = splitTail(end === -1 ? '' : rest.slice(end));
  let username = '';
  let password = '';
  let hostPort = authority;
  const at = authority.lastIndexOf('@');
  if (at !== -1) {
    const cred = authority.slice(0, at);
    hostPort = authority.slice(at + 1);
    const colon = cred.indexOf(':');
    username = colon === -1 ? cred : cred.slice(0, colon);
    password = colon === -1 ? '' : cred.slice(colon + 1);
  }
  let hostname = hostPort;
  let port = '';
  const pm = /^(.*):(\d*)$/.exec(hostPort);
  if (pm && !hostPort.endsWith(']')) {
    hostname = pm[1] ?? '';
    port = pm[2] ?? '';
  }
  if (port !== '') {
    const n = Number(port);
    if (n > 65535) return null;
    port = String(n);
  }
  if (special && protocol !== 'file:' && hostname === '') return null;
  if (/[\s<>^|%]/.test(hostname) && !/^\[.*\]$/.test(hostname)) return null;
  if (SPECIAL_PORTS[protocol] === port) port = '';
  return {
    protocol,
    username,
    password,
    hostname: hostname.toLowerCase(),
    port,
    pathname: special ? removeDotSegments(tail.path || '/') : tail.path === '' ? '' : removeDotSegments(tail.path),
    search: tail.search,
    hash: tail.hash,
    opaque: false,
  };
}

function resolveRelative(input: string, base: Parts): Parts | null {
  if (base.opaque) {
    if (input.startsWith('#')) return { ...base, hash: input };
    return null;
  }
  const special = base.protocol in SPECIAL_PORTS;
  if (special) input = input.replace(/\\/g, '/');
  if (input.startsWith('//')) return parseAbsolute(`${base.protocol}${input}`);
  if (input === '') return { ...base, hash: '' };
  if (input.startsWith('#')) return { ...base, hash: input };
  if (input.startsWith('?')) {
    const tail = splitTail(input);
    return { ...base, search: tail.search, hash: tail.hash };
  }
  const tail = splitTail(input);
  let path: string;
  if (tail.path.startsWith('/')) path = tail.path;
  else {
    const dir = base.pathname.slice(0, base.pathname.lastIndexOf('/') + 1);
    path = `${dir || '/'}${tail.path}`;
  }
  return { ...base, pathname: removeDotSegments(path), search: tail.search, hash: tail.hash };
}

/** Web APIs coerce their arguments with ToString. */
function str(value: unknown): string {
  return typeof value === 'string' ? value : String(value);
}

function isIterable(value: object): value is Iterable<readonly unknown[]> {
  return typeof (value as { [Symbol.iterator]?: unknown })[Symbol.iterator] === 'function';
}

/** Strips leading/trailing C0 controls and spaces, and removes tabs and newlines (URL parser pre-processing). */
function preprocess(input: string): string {
  let start = 0;
  let end = input.length;
  while (start < end && input.charCodeAt(start) <= 0x20) start++;
  while (end > start && input.charCodeAt(end - 1) <= 0x20) end--;
  return input.slice(start, end).replace(/[\t\n\r]/g, '');
}

export class URLSearchParamsPolyfill {
  private list: [string, string][] = [];

  constructor(init?: string | Iterable<readonly unknown[]> | Record<string, unknown> | URLSearchParamsPolyfill | null) {
    if (init == null) return;
    if (typeof init === 'string') {
      this.list = parseQuery(init);
    } else if (init instanceof URLSearchParamsPolyfill) {
      this.list = init.list.map(([k, v]) => [k, v]);
    } else if (isIterable(init)) {
      for (const pair of init) {
        if (pair.length !== 2) throw new TypeError('URLSearchParams: each pair needs exactly two values');
        this.list.push([str(pair[0]), str(pair[1])]);
      }
    } else {
      for (const key of Object.keys(init)) this.list.push([key, str(init[key])]);
    }
  }

  get size(): number {
    return this.list.length;
  }
  append(name: unknown, value: unknown): void {
    this.list.push([str(name), str(value)]);
  }
  delete(name: string, value?: string): void {
    this.list = this.list.filter(([k, v]) => !(k === name && (value === undefined || v === value)));
  }
  get(name: string): string | null {
    return this.list.find(([k]) => k === name)?.[1] ?? null;
  }
  getAll(name: string): string[] {
    return this.list.filter(([k]) => k === name).map(([, v]) => v);
  }
  has(name: string, value?: string): boolean {
    return this.list.some(([k, v]) => k === name && (value === undefined || v === value));
  }
  set(name: unknown, value: unknown): void {
    const key = str(name);
    const i = this.list.findIndex(([k]) => k === key);
    if (i === -1) {
      this.list.push([key, str(value)]);
      return;
    }
    this.list[i] = [key, str(value)];
    this.list = this.list.filter(([k], j) => j <= i || k !== key);
  }
  sort(): void {
    this.list.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  }
  forEach(cb: (value: string, key: string, parent: URLSearchParamsPolyfill) => void): void {
    for (const [k, v] of this.list) cb(v, k, this);
  }
  keys(): IterableIterator<string> {
    return this.list.map(([k]) => k)[Symbol.iterator]();
  }
  values(): IterableIterator<string> {
    return this.list.map(([, v]) => v)[Symbol.iterator]();
  }
  entries(): IterableIterator<[string, string]> {
    return this.list.map(([k, v]): [string, string] => [k, v])[Symbol.iterator]();
  }
  [Symbol.iterator](): IterableIterator<[string, string]> {
    return this.entries();
  }
  toString(): string {
    return this.list.map(([k, v]) => `${formEncode(k)}=${formEncode(v)}`).join('&');
  }
}

function formDecode(s: string): string {
  const plus = s.replace(/\+/g, ' ');
  try {
    return decodeURIComponent(plus);
  } catch {
    return plus.replace(/(%[0-9a-fA-F]{2})+/g, (m) => {
      try {
        return decodeURIComponent(m);
      } catch {
        return m;
      }
    });
  }
}

function formEncode(s: string): string {
  let out = '';
  for (const ch of s) {
    if (/[A-Za-z0-9*\-._]/.test(ch)) out += ch;
    else if (ch === ' ') out += '+';
    else out += utf8PercentEncode(ch).replace(/[!'()~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  }
  return out;
}

function parseQuery(query: string): [string, string][] {
  return query
    .replace(/^\?/, '')
    .split('&')
    .filter((part) => part !== '')
    .map((part) => {
      const eq = part.indexOf('=');
      return eq === -1 ? [formDecode(part), ''] : [formDecode(part.slice(0, eq)), formDecode(part.slice(eq + 1))];
    });
}

export class URLPolyfill {
  private parts: Parts;

  constructor(url: string | URLPolyfill, base?: string | URLPolyfill) {
    const input = preprocess(str(url));
    let parts = parseAbsolute(input);
    if (!parts) {
      if (base === undefined) throw invalid(input);
      const baseParts = base instanceof URLPolyfill ? base.parts : new URLPolyfill(base).parts;
      parts = resolveRelative(input, baseParts);
      if (!parts) throw invalid(input);
    }
    const special = parts.protocol in SPECIAL_PORTS;
    // `search`/`hash` keep a lone '?'/'#' (an empty but present query/fragment: part of href, '' from the getters)
    this.parts = {
      ...parts,
      pathname: parts.opaque ? encodeSet(parts.pathname, null) : encodeSet(parts.pathname, PATH_SET),
      search: parts.search === '' ? '' : `?${encodeSet(parts.search.slice(1), special ? QUERY_SET_SPECIAL : QUERY_SET)}`,
      hash: parts.hash === '' ? '' : `#${encodeSet(parts.hash.slice(1), FRAGMENT_SET)}`,
    };
  }

  get protocol(): string {
    return this.parts.protocol;
  }
  get username(): string {
    return this.parts.username;
  }
  get password(): string {
    return this.parts.password;
  }
  get hostname(): string {
    return this.parts.hostname;
  }
  get port(): string {
    return this.parts.port;
  }
  get host(): string {
    return this.parts.port ? `${this.parts.hostname}:${this.parts.port}` : this.parts.hostname;
  }
  get origin(): string {
    const p = this.parts.protocol;
    return p in SPECIAL_PORTS && p !== 'file:' ? `${p}//${this.host}` : 'null';
  }
  get pathname(): string {
    return this.parts.pathname;
  }
  get search(): string {
    return this.parts.search === '?' ? '' : this.parts.search;
  }
  get hash(): string {
    return this.parts.hash === '#' ? '' : this.parts.hash;
  }
  get searchParams(): URLSearchParamsPolyfill {
    return new URLSearchParamsPolyfill(this.search);
  }
  get href(): string {
    const p = this.parts;
    if (p.opaque) return `${p.protocol}${p.pathname}${p.search}${p.hash}`;
    const cred = p.username || p.password ? `${p.username}${p.password ? `:${p.password}` : ''}@` : '';
    return `${p.protocol}//${cred}${this.host}${p.pathname}${p.search}${p.hash}`;
  }
  toString(): string {
    return this.href;
  }
  toJSON(): string {
    return this.href;
  }
}
