import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { cycles, type ImportGraph, importGraph } from './import-graph';

/**
 * The structure, enforced: like the route-table test for access, these rules cover every file,
 * new ones included, without anyone remembering to add them. Each failure names its rule.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const graph = importGraph(root, ['domain', 'server', 'web/src', 'e2e', 'bench', 'scripts']);
const edges = [...graph].flatMap(([from, { files }]) => files.map((to) => ({ from, to })));
const under = (dir: string) => (file: string) => file.startsWith(`${dir}/`);
/** Tests may reach across (a server test reads the web build's config) and use test tools. */
const isTest = (file: string) => /\.test\.tsx?$/.test(file);
const show = (list: { from: string; to: string }[]) => list.map((e) => `${e.from} -> ${e.to}`);

describe('architecture', () => {
  it('reads the whole tree', () => {
    expect(graph.size).toBeGreaterThan(200);
    expect(edges.length).toBeGreaterThan(500);
  });

  it('domain-is-pure: domain/ imports only zod and itself', () => {
    const packages = [...graph]
      .filter(([file]) => under('domain')(file) && !isTest(file))
      .flatMap(([file, { packages }]) =>
        packages.filter((p) => p !== 'zod').map((p) => `${file} -> ${p}`),
      );
    const outside = edges.filter((e) => under('domain')(e.from) && !under('domain')(e.to));
    expect([...packages, ...show(outside)], 'domain-is-pure').toEqual([]);
  });

  it('web-and-server-apart: web/ never imports server/, nor server/ web/', () => {
    const crossing = edges.filter(
      (e) =>
        !isTest(e.from) &&
        ((under('web')(e.from) && under('server')(e.to)) ||
          (under('server')(e.from) && under('web')(e.to))),
    );
    expect(show(crossing), 'web-and-server-apart').toEqual([]);
  });

  it('no-cycles: no import cycle anywhere (type-only imports count)', () => {
    expect(cycles(graph), 'no-cycles').toEqual([]);
  });

  it('ui-and-lib-below-features: components/ui and lib never import a feature or a page', () => {
    const upward = edges.filter(
      (e) =>
        (under('web/src/components')(e.from) || under('web/src/lib')(e.from)) &&
        (under('web/src/features')(e.to) || under('web/src/pages')(e.to)),
    );
    expect(show(upward), 'ui-and-lib-below-features').toEqual([]);
  });

  it('server-modules-one-way: no server modules import each other, directly or round a loop', () => {
    // Module-level, tests left out: a file-level cycle is caught above, but two modules can
    // import each other through different files (flights and crew did, until flights took its
    // membership in). A module's area has one owner; the others call it.
    const moduleOf = (file: string) => /^server\/modules\/([^/]+)\//.exec(file)?.[1];
    const modules: ImportGraph = new Map();
    for (const { from, to } of edges) {
      const a = moduleOf(from);
      const b = moduleOf(to);
      if (!a || isTest(from)) continue;
      const node = modules.get(a) ?? { files: [], packages: [] };
      modules.set(a, node);
      if (b && b !== a && !node.files.includes(b)) node.files.push(b);
    }
    expect(modules.size).toBeGreaterThan(10);
    expect(cycles(modules), 'server-modules-one-way').toEqual([]);
  });

  it('server-plugins-below-modules: plugins, sessions, lib, db and jobs never import a module', () => {
    const below = ['server/plugins', 'server/sessions', 'server/lib', 'server/db', 'server/jobs'];
    const upward = edges.filter(
      (e) =>
        !isTest(e.from) && below.some((dir) => under(dir)(e.from)) && under('server/modules')(e.to),
    );
    expect(show(upward), 'server-plugins-below-modules').toEqual([]);
  });

  it('pages-on-top: no feature imports a page', () => {
    const upward = edges.filter(
      (e) => under('web/src/features')(e.from) && under('web/src/pages')(e.to),
    );
    expect(show(upward), 'pages-on-top').toEqual([]);
  });

  it('features-through-index: outside features/<area>/, a feature is imported only through its index.ts', () => {
    const areaOf = (file: string) => /^web\/src\/features\/([^/]+)\//.exec(file)?.[1];
    const internal = edges.filter((e) => {
      const area = areaOf(e.to);
      return (
        area !== undefined &&
        !isTest(e.from) &&
        areaOf(e.from) !== area &&
        e.to !== `web/src/features/${area}/index.ts`
      );
    });
    expect(show(internal), 'features-through-index').toEqual([]);
  });

  it('features-through-index: every feature has an index.ts', () => {
    const areas = new Set(
      [...graph.keys()].flatMap((file) => /^web\/src\/features\/([^/]+)\//.exec(file)?.[1] ?? []),
    );
    const missing = [...areas].filter((area) => !graph.has(`web/src/features/${area}/index.ts`));
    expect(missing, 'features-through-index').toEqual([]);
  });

  it('features-through-index: an index.ts only re-exports (web/vite.config.ts treats it as free of side effects)', () => {
    const code = [...graph.keys()]
      .filter((file) => /^web\/src\/features\/[^/]+\/index\.ts$/.test(file))
      .flatMap((file) =>
        readFileSync(path.join(root, file), 'utf8')
          .replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '')
          .split(';')
          .map((statement) => statement.trim())
          .filter(
            (statement) =>
              statement && !/^export (type )?\{[^}]*\} from '\.\/[^']+'$/.test(statement),
          )
          .map((statement) => `${file}: ${statement}`),
      );
    expect(code, 'features-through-index').toEqual([]);
  });
});
