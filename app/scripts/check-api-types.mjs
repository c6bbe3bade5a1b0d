// The request and response types in src/lib/api-types are generated from the committed contract
// (../openapi.json) by @hey-api/openapi-ts. This regenerates them into a temporary folder and fails
// when the committed ones differ: run `npm run api-types` after changing the contract.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const committed = 'src/lib/api-types';
const fresh = mkdtempSync(join(tmpdir(), 'api-types-'));
try {
  execFileSync('npx', ['openapi-ts', '-i', '../openapi.json', '-o', fresh, '-p', '@hey-api/typescript', '--no-log-file', '--silent'], {
    stdio: 'inherit',
  });
  const names = readdirSync(fresh).sort();
  const stale = names.filter((name) => {
    try {
      return readFileSync(join(fresh, name), 'utf8') !== readFileSync(join(committed, name), 'utf8');
    } catch {
      return true;
    }
  });
  const extra = readdirSync(committed).filter((name) => !names.includes(name));
  if (stale.length || extra.length) {
    console.error(`src/lib/api-types is out of date with openapi.json (${[...stale, ...extra].join(', ')}): run \`npm run api-types\``);
    process.exit(1);
  }
  console.log(`api types match the contract (${names.length} files)`);
} finally {
  rmSync(fresh, { recursive: true, force: true });
}
