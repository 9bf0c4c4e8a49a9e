import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * The project's import graph, read from the source as text: every `import … from`, `export …
 * from` and `import()` of a relative path, type-only imports included (a type cycle is still a
 * cycle a reader has to hold in their head). Packages are kept by name.
 */
export type ImportGraph = Map<string, { files: string[]; packages: string[] }>;

const SOURCE = /\.(ts|tsx|mts)$/;
const SPECIFIER =
  /(?:^|\n)\s*(?:import|export)\s[^;'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|(?:^|\n)\s*import\s*['"]([^'"]+)['"]/g;

function sourceFiles(dir: string, root: string, out: string[] = []): string[] {
  for (const name of readdirSync(path.join(root, dir))) {
    if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) continue;
    const rel = path.posix.join(dir, name);
    if (statSync(path.join(root, rel)).isDirectory()) sourceFiles(rel, root, out);
    else if (SOURCE.test(name) && !name.endsWith('.d.ts')) out.push(rel);
  }
  return out;
}

function resolve(root: string, from: string, specifier: string): string | null {
  const base = path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
  const candidates = [
    base,
    ...['.ts', '.tsx', '.mts'].map((ext) => `${base}${ext}`),
    ...['index.ts', 'index.tsx'].map((index) => path.posix.join(base, index)),
  ];
  return candidates.find((c) => SOURCE.test(c) && existsSync(path.join(root, c))) ?? null;
}

export function importGraph(root: string, dirs: string[]): ImportGraph {
  const graph: ImportGraph = new Map();
  for (const file of dirs.flatMap((dir) => sourceFiles(dir, root))) {
    const text = readFileSync(path.join(root, file), 'utf8');
    const files: string[] = [];
    const packages: string[] = [];
    for (const match of text.matchAll(SPECIFIER)) {
      const specifier = match[1] ?? match[2] ?? match[3]!;
      if (specifier.startsWith('.')) {
        const target = resolve(root, file, specifier);
        if (target) files.push(target);
      } else {
        packages.push(specifier);
      }
    }
    graph.set(file, { files, packages });
  }
  return graph;
}

/** Strongly connected components with more than one file (or a file importing itself). */
export function cycles(graph: ImportGraph): string[][] {
  let index = 0;
  const stack: string[] = [];
  const onStack = new Set<string>();
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const found: string[][] = [];

  const visit = (node: string) => {
    order.set(node, index);
    low.set(node, index);
    index += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node)?.files ?? []) {
      if (!graph.has(next)) continue;
      if (!order.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, order.get(next)!));
      }
    }
    if (low.get(node) === order.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      const selfImport = graph.get(node)?.files.includes(node);
      if (component.length > 1 || selfImport) found.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!order.has(node)) visit(node);
  return found;
}
