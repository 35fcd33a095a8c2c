#!/usr/bin/env node
// The import graph of the backend and the frontend, as docs/architecture.md describes it:
// modules (a top-level folder of `src/`), their floors, the imports that run back up, and the
// circles between files. Run: `node scripts/import-graph.mjs` (add `--json` for the raw figures).
// Tests are left out: a spec may import across floors to set a scene. It exits 1 when production
// code has an import circle (between files or modules) or an import running back up: CI runs it.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const isTest = (file) => /\.(spec|e2e-spec|test)\.tsx?$/.test(file) || /\/test(-utils)?(\/|\.tsx?$)/.test(file);

function sourceFiles(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...sourceFiles(path));
    else if (/\.tsx?$/.test(name) && !name.endsWith('.d.ts') && !isTest(path)) out.push(path);
  }
  return out;
}

function resolveImport(from, spec) {
  if (!spec.startsWith('.')) return null;
  const base = resolve(dirname(from), spec.replace(/\.js$/, ''));
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** Strongly connected components (Tarjan), as arrays of nodes. */
function components(nodes, edges) {
  let index = 0;
  const stack = [];
  const info = new Map();
  const out = [];
  const visit = (v) => {
    info.set(v, { index, low: index, on: true });
    index++;
    stack.push(v);
    for (const w of edges.get(v) ?? []) {
      if (!info.has(w)) {
        visit(w);
        info.get(v).low = Math.min(info.get(v).low, info.get(w).low);
      } else if (info.get(w).on) info.get(v).low = Math.min(info.get(v).low, info.get(w).index);
    }
    if (info.get(v).low === info.get(v).index) {
      const component = [];
      let w;
      do {
        w = stack.pop();
        info.get(w).on = false;
        component.push(w);
      } while (w !== v);
      out.push(component);
    }
  };
  for (const v of nodes) if (!info.has(v)) visit(v);
  return out;
}

/**
 * Floors: a module stands one floor above the highest module it imports. Within a circle the
 * imports are ordered by a depth-first walk from the entry point; those that close a circle are
 * the ones "running back up" and are left out of the floors.
 */
function floors(nodes, edges, entry) {
  const state = new Map();
  const backUp = [];
  const walk = (v) => {
    state.set(v, 'open');
    for (const w of [...(edges.get(v) ?? [])].sort()) {
      if (!state.has(w)) walk(w);
      else if (state.get(w) === 'open') backUp.push([v, w]);
    }
    state.set(v, 'done');
  };
  if (nodes.includes(entry)) walk(entry);
  for (const v of [...nodes].sort()) if (!state.has(v)) walk(v);
  const skip = new Set(backUp.map(([a, b]) => `${a}>${b}`));
  const floor = new Map();
  const height = (v) => {
    if (floor.has(v)) return floor.get(v);
    floor.set(v, 0);
    let h = 0;
    for (const w of edges.get(v) ?? []) if (!skip.has(`${v}>${w}`)) h = Math.max(h, height(w) + 1);
    floor.set(v, h);
    return h;
  };
  for (const v of nodes) height(v);
  return { floor, backUp };
}

export function importGraph(srcDir, entryModule) {
  const files = sourceFiles(srcDir);
  const fileEdges = new Map();
  const moduleOf = (file) => {
    const rel = relative(srcDir, file).split('/');
    if (rel.length === 1) return rel[0].replace(/\..*$/, '');
    // A frontend feature is a module of its own: features never import each other.
    return rel[0] === 'features' && rel.length > 2 ? `features/${rel[1]}` : rel[0];
  };
  const moduleEdges = new Map();
  const moduleImports = new Map();
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const targets = new Set();
    for (const match of text.matchAll(/(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|^import\s+['"]([^'"]+)['"]/gm)) {
      const target = resolveImport(file, match[1] ?? match[2] ?? match[3]);
      if (target && !isTest(target)) targets.add(target);
    }
    fileEdges.set(file, targets);
    const from = moduleOf(file);
    for (const target of targets) {
      const to = moduleOf(target);
      if (to === from) continue;
      if (!moduleEdges.has(from)) moduleEdges.set(from, new Set());
      moduleEdges.get(from).add(to);
      const key = `${from}>${to}`;
      moduleImports.set(key, [...(moduleImports.get(key) ?? []), `${relative(srcDir, file)} → ${relative(srcDir, target)}`]);
    }
  }
  const modules = [...new Set(files.map(moduleOf))].sort();
  const { floor, backUp } = floors(modules, moduleEdges, entryModule);
  const fileCircles = components(files, fileEdges)
    .filter((c) => c.length > 1)
    .map((c) => c.map((f) => relative(srcDir, f)).sort());
  const moduleCircles = components(modules, moduleEdges).filter((c) => c.length > 1);
  return {
    files: files.length,
    modules: modules.length,
    moduleImports: [...moduleEdges.values()].reduce((n, s) => n + s.size, 0),
    floors: Math.max(0, ...floor.values()) + 1,
    floorOf: Object.fromEntries([...floor.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))),
    backUp: backUp.map(([a, b]) => ({ from: a, to: b, via: moduleImports.get(`${a}>${b}`) })),
    moduleCircles,
    fileCircles,
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const report = {
    backend: importGraph(join(root, 'backend/src'), 'main'),
    frontend: importGraph(join(root, 'frontend/src'), 'main'),
  };
  if (process.argv.includes('--json')) {
    console.log(JSON.stringify(report, null, 2));
  } else {
    for (const [side, r] of Object.entries(report)) {
      console.log(`${side}: ${r.files} files, ${r.modules} modules, ${r.moduleImports} module imports`);
      console.log(`  floors: ${r.floors}; imports running back up: ${r.backUp.length}; module circles: ${r.moduleCircles.length}; file circles: ${r.fileCircles.length}`);
      for (const [name, f] of Object.entries(r.floorOf)) console.log(`    floor ${f}: ${name}`);
      for (const b of r.backUp) console.log(`  back up: ${b.from} → ${b.to} (${b.via[0]}${b.via.length > 1 ? `, +${b.via.length - 1}` : ''})`);
      for (const c of r.fileCircles) console.log(`  file circle: ${c.join(' ⇄ ')}`);
    }
  }
  const broken = Object.entries(report).filter(([, r]) => r.backUp.length || r.moduleCircles.length || r.fileCircles.length);
  for (const [side, r] of broken) {
    console.error(
      `import-graph: ${side} has ${r.backUp.length} import(s) running back up, ${r.moduleCircles.length} module circle(s) and ${r.fileCircles.length} file circle(s): ` +
        'a module imports only the floors below it (docs/architecture.md).',
    );
  }
  if (broken.length) process.exitCode = 1;
}
