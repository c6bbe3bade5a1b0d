// Starts the server binary for the browser tests.
//   WHEELEND_BIN            the binary (default: target/debug/wheelend under the repo root)
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

const STARTUP_TIMEOUT_MS = 60_000;

function freePort() {
  return new Promise((res, rej) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', rej);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => res(port));
    });
  });
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function waitHealthy(url, child, output) {
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) {
      throw new Error(`server exited with ${child.exitCode} before it was healthy:\n${output().slice(-4000)}`);
    }
    try {
      const res = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2000) });
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  throw new Error(`server not healthy after ${STARTUP_TIMEOUT_MS / 1000} s:\n${output().slice(-4000)}`);
}

/**
 * Spawns the server on a free port with a fresh data directory and a random admin password, and waits until
 * GET /api/health answers 200. Returns {url, password, stop()}.
 */
/** `mqttPort`: run the embedded MQTT broker on this (free) port; off by default. */
export async function startServer({ mqttPort = 0 } = {}) {
  const bin = resolve(repoRoot, process.env.WHEELEND_BIN ?? 'target/debug/wheelend');
  if (!existsSync(bin)) throw new Error(`server binary not found: ${bin} (build it, or set WHEELEND_BIN)`);
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'wheelend-browser-'));
  const password = randomBytes(12).toString('base64url');
  const url = `http://127.0.0.1:${port}`;
  let log = '';
  const child = spawn(bin, [], {
    cwd: repoRoot,
    env: {
      ...process.env,
      WHEELEND_ADDR: `127.0.0.1:${port}`,
      WHEELEND_DATA_DIR: dataDir,
      WHEELEND_ADMIN_PASSWORD: password,
      // simulation off: tests make their own vehicles report
      WHEELEND_SIMULATE: process.env.WHEELEND_SIMULATE ?? '0',
      // no embedded MQTT broker unless asked for on a free port: its fixed port would clash between servers
      WHEELEND_MQTT_PORT: String(mqttPort),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const collect = (chunk) => {
    log = (log + chunk.toString()).slice(-20_000);
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    await waitHealthy(url, child, () => log);
  } catch (err) {
    await stop();
    throw err;
  }
  return { url, password, stop, log: () => log };
}
