/**
 * Host APIs for a bare QuickJS context (docs/ssr-contract.md). Imported first by entry.server.tsx; each one is
 * installed only when the host does not already provide it.
 *
 * Verified by removing them one at a time and rendering every route in a bare context (scripts/check-ssr.mjs):
 * - required: URL (react-router calls `new URL('http://localhost')` at module scope and in <NavLink>'s
 *   encodeLocation) and URLSearchParams (useSearchParams); see ./url.ts.
 * - not reached by synchronous rendering, kept as inert stand-ins so an unexpected path fails with its real error
 *   instead of a ReferenceError: console (react-dom reports render errors with console.error), setTimeout /
 *   clearTimeout (a no-op scheduler: a render must not leave work behind), queueMicrotask, TextEncoder/TextDecoder.
 * React's streaming renderer (which needs TextEncoder and ReadableStream at module scope) is not in the bundle:
 * scripts/build.mjs takes renderToString from react-dom's legacy server build only.
 * Nothing here touches the network or the clock.
 */
import { URLPolyfill, URLSearchParamsPolyfill } from './url';

const g = globalThis as unknown as Record<string, unknown>;

function define(name: string, value: unknown): void {
  if (typeof g[name] === 'undefined') g[name] = value;
}

const noop = () => undefined;

define('console', { log: noop, info: noop, warn: noop, error: noop, debug: noop, trace: noop });

// A no-op scheduler: synchronous rendering never waits on timers, and a QuickJS render must not leave work behind.
let nextTimer = 1;
define('setTimeout', () => nextTimer++);
define('clearTimeout', noop);

define('queueMicrotask', (cb: () => void) => {
  void Promise.resolve().then(cb);
});

/** UTF-8 only, which is all TextEncoder does. */
class TextEncoderPolyfill {
  readonly encoding = 'utf-8';
  encode(input = ''): Uint8Array {
    const out: number[] = [];
    for (let i = 0; i < input.length; i++) {
      let c = input.charCodeAt(i);
      if (c >= 0xd800 && c <= 0xdbff && i + 1 < input.length) {
        const d = input.charCodeAt(i + 1);
        if (d >= 0xdc00 && d <= 0xdfff) {
          c = 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00);
          i++;
        }
      }
      if (c >= 0xd800 && c <= 0xdfff) c = 0xfffd; // lone surrogate
      if (c < 0x80) out.push(c);
      else if (c < 0x800) out.push(0xc0 | (c >> 6), 0x80 | (c & 63));
      else if (c < 0x10000) out.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
      else out.push(0xf0 | (c >> 18), 0x80 | ((c >> 12) & 63), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
    }
    return new Uint8Array(out);
  }
}

class TextDecoderPolyfill {
  readonly encoding = 'utf-8';
  decode(input?: ArrayBufferView | ArrayBuffer): string {
    if (!input) return '';
    const bytes = input instanceof ArrayBuffer ? new Uint8Array(input) : new Uint8Array(input.buffer, input.byteOffset, input.byteLength);
    let out = '';
    for (let i = 0; i < bytes.length; ) {
      const b = bytes[i++] ?? 0;
      let cp: number;
      if (b < 0x80) cp = b;
      else if (b >= 0xf0) cp = ((b & 7) << 18) | (((bytes[i++] ?? 0) & 63) << 12) | (((bytes[i++] ?? 0) & 63) << 6) | ((bytes[i++] ?? 0) & 63);
      else if (b >= 0xe0) cp = ((b & 15) << 12) | (((bytes[i++] ?? 0) & 63) << 6) | ((bytes[i++] ?? 0) & 63);
      else cp = ((b & 31) << 6) | ((bytes[i++] ?? 0) & 63);
      out += String.fromCodePoint(cp);
    }
    return out;
  }
}

define('TextEncoder', TextEncoderPolyfill);
define('URL', URLPolyfill);
define('URLSearchParams', URLSearchParamsPolyfill);
define('TextDecoder', TextDecoderPolyfill);

export { TextDecoderPolyfill, TextEncoderPolyfill };
