#!/usr/bin/env node
// Builds the feature → feature import graph of src/ (static imports, `export … from`, type-only imports and import())
// and fails when features import each other in a cycle, naming one import of every edge on it. It also checks the
// one boundary ESLint's no-restricted-imports cannot see: import() of another feature may only load its lazy/ modules.
// Usage: node scripts/check-feature-cycles.mjs   (part of npm test)
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const appDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const srcDir = join(appDir, 'src');
const SKIP = new Set([join(srcDir, 'lib/api-types')]);

function sources(dir, out = []) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (SKIP.has(path)) continue;
    if (statSync(path).isDirectory()) sources(path, out);
    else if (/\.tsx?$/.test(name)) out.push(path);
  }
  return out;
}

/** The src file an import names (relative or '@/…'), or null for packages and assets. */
function resolveImport(from, spec) {
  let base;
  if (spec.startsWith('@/')) base = join(srcDir, spec.slice(2));
  else if (spec.startsWith('.')) base = resolve(dirname(from), spec);
  else return null;
  for (const ext of ['', '.ts', '.tsx', '/index.ts', '/index.tsx']) {
    const path = base + ext;
    if (existsSync(path) && statSync(path).isFile()) return path;
  }
  return null;
}

/** `features/<name>/…` → name; anything else (lib, components, routes, the entries) → null. */
function featureOf(path) {
  const parts = relative(srcDir, path).split('/');
  return parts[0] === 'features' && parts.length > 2 ? parts[1] : null;
}

// comments out, strings kept: `import x from '…'`, `export { y } from '…'`, `import '…'`, `import('…')`
const IMPORT = /(?:\bimport\s+(?:type\s+)?(?:[\w*${}\s,]+?\s+from\s+)?|\bexport\s+(?:type\s+)?(?:\*(?:\s+as\s+\w+)?|\{[^}]*\})\s+from\s+)(['"])([^'"]+)\1|\bimport\s*\(\s*(['"])([^'"]+)\3\s*\)/g;
const stripComments = (text) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');

/** feature → Map(feature → the first import seen on that edge) */
const graph = new Map();
const problems = [];
const files = sources(srcDir);
for (const file of files) {
  const from = featureOf(file);
  const text = stripComments(readFileSync(file, 'utf8'));
  for (const m of text.matchAll(IMPORT)) {
    const dynamic = m[4] !== undefined;
    const spec = dynamic ? m[4] : m[2];
    const target = resolveImport(file, spec);
    if (!target) continue;
    const to = featureOf(target);
    if (to === null || to === from) continue;
    if (dynamic && !relative(join(srcDir, 'features', to), target).split('/').includes('lazy')) {
      problems.push(`${relative(appDir, file)}: import('${spec}') loads a module of features/${to} outside its lazy/ folders`);
    }
    if (from === null) continue;
    const edges = graph.get(from) ?? new Map();
    graph.set(from, edges);
    if (!edges.has(to)) edges.set(to, `${relative(appDir, file)} → ${spec}`);
  }
}

// Tarjan's strongly connected components: every component of more than one feature is a cycle.
const index = new Map();
const low = new Map();
const stack = [];
const onStack = new Set();
const components = [];
let counter = 0;
function visit(v) {
  index.set(v, counter);
  low.set(v, counter);
  counter += 1;
  stack.push(v);
  onStack.add(v);
  for (const w of graph.get(v)?.keys() ?? []) {
    if (!index.has(w)) {
      visit(w);
      low.set(v, Math.min(low.get(v), low.get(w)));
    } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
  }
  if (low.get(v) === index.get(v)) {
    const component = [];
    let w;
    do {
      w = stack.pop();
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1) components.push(component.sort());
  }
}
for (const v of [...graph.keys()].sort()) if (!index.has(v)) visit(v);

/** One cycle through `start` inside its component (breadth-first back to start), as a list of features. */
function cycleThrough(start, members) {
  const previous = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const v = queue.shift();
    for (const w of graph.get(v)?.keys() ?? []) {
      if (!members.has(w)) continue;
      if (w === start) {
        const path = [v];
        for (let p = previous.get(v); p !== null; p = previous.get(p)) path.unshift(p);
        return [...path, start];
      }
      if (!previous.has(w)) {
        previous.set(w, v);
        queue.push(w);
      }
    }
  }
  return [start];
}

for (const component of components) {
  // the shortest cycle through each member, each cycle once
  const seen = new Set();
  const lines = [];
  for (const start of component) {
    const cycle = cycleThrough(start, new Set(component));
    const ring = cycle.slice(0, -1);
    const first = ring.indexOf([...ring].sort()[0]);
    const key = [...ring.slice(first), ...ring.slice(0, first)].join(' → ');
    if (seen.has(key)) continue;
    seen.add(key);
    lines.push(`  ${cycle.join(' → ')}`, ...cycle.slice(1).map((to, i) => `      ${cycle[i]} → ${to}: ${graph.get(cycle[i]).get(to)}`));
  }
  problems.push(`features import each other in a cycle (${component.join(', ')}):\n${lines.join('\n')}`);
}

if (problems.length > 0) {
  for (const p of problems) console.error(`check-feature-cycles: ${p}`);
  process.exit(1);
}
const edgeCount = [...graph.values()].reduce((n, edges) => n + edges.size, 0);
console.log(`check-feature-cycles: ok (${String(graph.size)} importing features, ${String(edgeCount)} feature → feature edges, no cycle)`);
