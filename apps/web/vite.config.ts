import react from '@vitejs/plugin-react';
import { build, defineConfig, type Plugin, type Rolldown, type UserConfig } from 'vite';

/**
 * Where `npm run dev` sends API calls: API_URL, else the server `npm run dev` starts on PORT
 * (scripts/dev.mjs passes both, after reading .env).
 */
const apiTarget = process.env.API_URL ?? `http://localhost:${process.env.PORT ?? 3000}`;
const proxy = { '/api': apiTarget, '/healthz': apiTarget };

/**
 * The route modules each first screen renders, as src/app/router.tsx and src/app/staff-routes.tsx
 * load them lazily: by pathname (a RegExp source), `www` for the landing host's `/`. Keep in step
 * with the route tables.
 */
const FIRST_SCREENS: { path: string; host?: 'www'; modules: string[] }[] = [
  { path: '^/$', host: 'www', modules: ['src/app/routes/landing/landing-pages.tsx'] },
  {
    path: '^/$',
    modules: ['src/app/layouts/customer-layout.tsx', 'src/app/routes/customer/home-page.tsx'],
  },
  {
    path: '^/(cart|checkout|orders)$',
    modules: ['src/app/layouts/customer-layout.tsx', 'src/app/routes/customer/$1-page.tsx'],
  },
  { path: '^/vendor:\\d+$', modules: ['src/app/routes/customer/vendor-route.tsx'] },
  { path: '^/welcome$', modules: ['src/app/routes/landing/landing-pages.tsx'] },
  {
    path: '^/(our-brands|franchising-info)$',
    modules: ['src/app/routes/landing/landing-pages.tsx', 'src/app/routes/landing/landing-info-pages.tsx'],
  },
  // The staff areas' pages come with their route table (src/app/staff-routes.tsx).
  {
    path: '^/stock$',
    modules: ['src/app/staff-routes.tsx', 'src/app/routes/stock/stock-ordering-pages.tsx'],
  },
  { path: '^/admin$', modules: ['src/app/staff-routes.tsx', 'src/app/routes/admin/admin-page.tsx'] },
];

const ROOT = `${process.cwd()}/`;

/** A build's chunks by file and by each module they hold. */
function chunkIndex(chunks: Rolldown.OutputChunk[]) {
  return {
    byFile: new Map(chunks.map((c) => [c.fileName, c])),
    byModule: new Map(chunks.flatMap((c) => c.moduleIds.map((id) => [id, c] as const))),
  };
}

/** The files these chunks import statically, themselves included. */
function importClosure(byFile: Map<string, Rolldown.OutputChunk>, files: string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...files];
  for (let file = stack.pop(); file !== undefined; file = stack.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    stack.push(...(byFile.get(file)?.imports ?? []));
  }
  return seen;
}

/** The phone-number library only serves the sign-in and profile dialogs: a chunk of its own. */
const PHONE_NUMBERS = { name: 'phone-numbers', test: /libphonenumber-js/ };

/**
 * Without help, a first screen's route chunks are requested only once the entry has downloaded and
 * run. This adds a tiny module script (a separate file: the CSP allows no inline script) that runs
 * first and asks for the current page's chunks with `<link rel="modulepreload">`, so they download
 * alongside the entry.
 */
function firstScreenPreload(): Plugin {
  return {
    name: 'kitchaco:first-screen-preload',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
      const { byFile, byModule } = chunkIndex(chunks);
      const entry = chunks.find((c) => c.isEntry);
      if (!entry) throw new Error('no entry chunk');
      const inEntry = importClosure(byFile, [entry.fileName]);
      const filesOf = (module: string) => {
        const chunk = byModule.get(ROOT + module);
        if (!chunk) throw new Error(`first-screen-preload: ${module} is not a chunk; update vite.config.ts`);
        return [...importClosure(byFile, [chunk.fileName])].filter((f) => !inEntry.has(f));
      };
      const routes = FIRST_SCREENS.flatMap(({ path, host, modules }) => {
        // `$1` in a module name: one rule per alternative of the path's group.
        const alternatives = modules.some((m) => m.includes('$1'))
          ? (/\(([^)]+)\)/.exec(path)?.[1]?.split('|') ?? [''])
          : [''];
        return alternatives.map((alt) => ({
          path: alt ? path.replace(/\([^)]+\)/, alt) : path,
          www: host === 'www',
          files: [...new Set(modules.flatMap((m) => filesOf(m.replace('$1', alt))))],
        }));
      });
      // Each file named once; a route lists indexes into that list.
      const files = [...new Set(routes.flatMap((r) => r.files))];
      const table = routes.map((r) => [r.path, r.www ? 1 : 0, r.files.map((f) => files.indexOf(f))]);
      const source = `const f=${JSON.stringify(files)},r=${JSON.stringify(table)},p=location.pathname,w=location.hostname.toLowerCase().startsWith('www.'),m=r.find(([x,y])=>new RegExp(x).test(p)&&(!y||w));for(const i of m?m[2]:[]){const l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href='/'+f[i];document.head.append(l)}\n`;
      const fileName = this.getFileName(this.emitFile({ type: 'asset', name: 'first-screen.js', source }));
      // What each first screen loads, for `npm run bench` (bench/web-size.mjs): the entry's files,
      // this preloader, and each address's route chunks.
      const report = {
        entry: [...inEntry, fileName],
        routes: routes.map((r) => ({ path: r.path, www: r.www, files: r.files })),
      };
      this.emitFile({
        type: 'asset',
        fileName: '.vite/first-screens.json',
        source: `${JSON.stringify(report, null, 2)}\n`,
      });
      const html = bundle['index.html'];
      if (html?.type !== 'asset' || typeof html.source !== 'string')
        throw new Error('first-screen-preload: index.html not found in the bundle');
      html.source = html.source.replace(
        '<script type="module"',
        `<script type="module" async src="/${fileName}"></script>\n    <script type="module"`,
      );
    },
  };
}

/**
 * The areas whose first screens get chunks of their own, by their first address: the two with a
 * 150 KiB budget (bench/web-size.mjs). Staff and back office keep the bundler's own split: grouping
 * them too put zod and their shared components in large chunks that the customer pages' later
 * imports (the contracts) then pulled in whole, 70 KiB more JavaScript on the customer home.
 */
const AREAS: Record<string, string> = { customer: '/', landing: '/welcome' };

/**
 * Left to itself, the bundler splits the modules the lazily loaded routes share into a chunk per set of
 * routes using them: the customer's first screen came in 44 files, and gzip compresses each alone, so
 * the same page weighed 10 KiB more than its code. This builds once in memory (write: false) to learn
 * which modules each area's first screen loads, then names a chunk group per module: `app` for what
 * the entry loads, `first-<areas>` for the areas whose first screens use it. An area's first screen
 * then loads only chunks made of its own modules, a handful of files. Sets of imports are closed
 * downwards (a module's imports are in every set the module is in), so the groups never import in a
 * cycle.
 */
async function firstScreenChunkGroups(config: UserConfig): Promise<Map<string, string>> {
  const result = await build({
    ...config,
    plugins: [react()],
    configFile: false,
    logLevel: 'silent',
    build: { ...config.build, write: false, manifest: false },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
  const chunks = outputs
    .flatMap((o) => o.output)
    .filter((c): c is Rolldown.OutputChunk => c.type === 'chunk');
  const { byFile, byModule } = chunkIndex(chunks);
  const entry = chunks.find((c) => c.isEntry);
  if (!entry) throw new Error('first-screen chunks: no entry chunk');
  const inEntry = importClosure(byFile, [entry.fileName]);
  const group = new Map<string, string>();
  for (const file of inEntry) for (const id of byFile.get(file)?.moduleIds ?? []) group.set(id, 'app');

  const areasOf = new Map<string, string[]>();
  for (const [area, address] of Object.entries(AREAS)) {
    const screen = FIRST_SCREENS.find((s) => !s.host && new RegExp(s.path).test(address));
    if (!screen) throw new Error(`first-screen chunks: no first screen for ${address}`);
    const files = screen.modules.map((m) => {
      const chunk = byModule.get(ROOT + m);
      if (!chunk) throw new Error(`first-screen chunks: ${m} is not in the build`);
      return chunk.fileName;
    });
    for (const file of importClosure(byFile, files)) {
      if (inEntry.has(file)) continue;
      for (const id of byFile.get(file)?.moduleIds ?? []) areasOf.set(id, [...(areasOf.get(id) ?? []), area]);
    }
  }
  for (const [id, areas] of areasOf) group.set(id, `first-${areas.join('-')}`);
  return group;
}

const shared = {
  plugins: [react(), firstScreenPreload()],
  resolve: {
    alias: [
      // wouter's shim for Reacts before 18: React 19's own hook (src/lib/use-sync-external-store.ts).
      {
        find: /^use-sync-external-store\/shim(\/index\.js)?$/,
        replacement: `${import.meta.dirname}/src/lib/use-sync-external-store.ts`,
      },
    ],
    // '@kitchaco/source' first: the domain package is read from its TypeScript sources, so the web app
    // never needs packages/domain/dist to be built. The rest are Vite's default client conditions.
    conditions: ['@kitchaco/source', 'module', 'browser', 'development|production'],
  },
  // The manifest lets `npm run bench` measure each area's initial JavaScript (bench/web-size.mjs).
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    // Every browser the site supports follows <link rel="modulepreload"> itself (docs/performance.md).
    modulePreload: { polyfill: false },
    rolldownOptions: { output: { codeSplitting: { groups: [PHONE_NUMBERS] } } },
  },
  server: { proxy },
  preview: { proxy },
} satisfies UserConfig;

export default defineConfig(async ({ command, isPreview }) => {
  if (command !== 'build' || isPreview) return shared;
  const group = await firstScreenChunkGroups(shared);
  return {
    ...shared,
    build: {
      ...shared.build,
      rolldownOptions: {
        output: {
          codeSplitting: {
            groups: [
              { ...PHONE_NUMBERS, priority: 2 },
              {
                name: (id: string) => group.get(id) ?? null,
                debugName: 'first screens',
                test: (id: string) => group.has(id),
                priority: 1,
                includeDependenciesRecursively: false,
              },
            ],
          },
        },
      },
    },
  };
});
