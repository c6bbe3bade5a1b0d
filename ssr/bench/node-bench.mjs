// Renders the SSR bundle in Node as the baseline for `cargo run -p ssr --example bench`.
// Usage: node ssr/bench/node-bench.mjs <bundle.js> <requests> <concurrency> [input.json]
// Prints one JSON line: {startup_ms, sequential: {rps, p50_ms, p99_ms}, parallel: {threads, rps, p50_ms, p99_ms}}.
// "parallel" uses `concurrency` worker_threads (each its own isolate), like the QuickJS pool.
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import vm from 'node:vm';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';

const DEFAULT_INPUT = {
  url: '/solution',
  origin: 'http://127.0.0.1:8080',
  brand: {
    appName: 'Wheelend',
    desc: 'Wheel-end safety for commercial fleets: tyre pressure and temperature (TPMS), axle temperature and fire prevention.',
    appLogo: '/brand/default.svg',
    wsUrl: '/ws',
    appDomain: 'localhost',
  },
  lang: 'zh',
  user: null,
  data: {},
};

function load(bundlePath) {
  const started = performance.now();
  vm.runInThisContext(readFileSync(bundlePath, 'utf8'), { filename: 'ssr.js' });
  if (typeof globalThis.__wheelendRender !== 'function') {
    throw new Error('the bundle did not define globalThis.__wheelendRender');
  }
  return performance.now() - started;
}

/** Renders `count` times; returns the latencies in ms. */
function run(count, input) {
  const latencies = new Array(count);
  for (let i = 0; i < count; i++) {
    const t = performance.now();
    const out = globalThis.__wheelendRender(input);
    latencies[i] = performance.now() - t;
    if (i === 0 && typeof out.status !== 'number') throw new Error('bad output');
  }
  return latencies;
}

function summary(latencies, wallMs) {
  const sorted = Float64Array.from(latencies).sort();
  const pick = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return {
    rps: (latencies.length * 1000) / wallMs,
    p50_ms: pick(0.5),
    p99_ms: pick(0.99),
  };
}

if (!isMainThread) {
  const { bundle, count, input } = workerData;
  load(bundle);
  run(Math.min(count, 50), input); // warm-up, like the first renders of a pool worker
  parentPort.postMessage('ready');
  parentPort.once('message', () => {
    const latencies = run(count, input);
    parentPort.postMessage(latencies);
  });
} else {
  const [bundle, n = '2000', c = '4', inputPath] = process.argv.slice(2);
  if (!bundle) {
    console.error('usage: node-bench.mjs <bundle.js> <requests> <concurrency> [input.json]');
    process.exit(2);
  }
  const requests = Number(n);
  const threads = Math.max(1, Number(c));
  const input = inputPath ? readFileSync(inputPath, 'utf8') : JSON.stringify(DEFAULT_INPUT);

  const startup_ms = load(bundle);
  run(Math.min(requests, 50), input); // warm-up (JIT)
  let t = performance.now();
  const sequential = summary(run(requests, input), performance.now() - t);

  // Split the same total over the threads; start them together once all are warm.
  const per = Array.from({ length: threads }, (_, i) =>
    Math.floor(requests / threads) + (i < requests % threads ? 1 : 0),
  );
  const workers = per.map(
    (count) => new Worker(new URL(import.meta.url), { workerData: { bundle, count, input } }),
  );
  await Promise.all(workers.map((w) => new Promise((ok) => w.once('message', ok))));
  t = performance.now();
  const results = await Promise.all(
    workers.map(
      (w) =>
        new Promise((ok, fail) => {
          w.once('message', ok);
          w.once('error', fail);
          w.postMessage('go');
        }),
    ),
  );
  const wall = performance.now() - t;
  await Promise.all(workers.map((w) => w.terminate()));
  const parallel = { threads, ...summary(results.flat(), wall) };

  console.log(JSON.stringify({ startup_ms, sequential, parallel }));
  process.exit(0); // the bundle may leave handles open (e.g. React's MessageChannel)
}
