import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const apiTarget = 'http://localhost:3000';
const proxy = { '/api': apiTarget, '/healthz': apiTarget };

/**
 * The route modules each first screen renders, as src/app/router.tsx loads them lazily: by pathname
 * (a RegExp source), `www` for the landing host's `/`. Keep in step with the router.
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
  {
    path: '^/(welcome|our-brands|franchising-info)$',
    modules: ['src/app/routes/landing/landing-pages.tsx'],
  },
];

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
      const byModule = new Map(chunks.map((c) => [c.facadeModuleId, c]));
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const closure = (file: string, seen: Set<string>) => {
        if (seen.has(file)) return seen;
        seen.add(file);
        for (const imported of byFile.get(file)?.imports ?? []) closure(imported, seen);
        return seen;
      };
      const entry = chunks.find((c) => c.isEntry);
      if (!entry) throw new Error('no entry chunk');
      const inEntry = closure(entry.fileName, new Set());
      const root = `${process.cwd()}/`;
      const filesOf = (module: string) => {
        const chunk = byModule.get(root + module);
        if (!chunk) throw new Error(`first-screen-preload: ${module} is not a chunk; update vite.config.ts`);
        return [...closure(chunk.fileName, new Set())].filter((f) => !inEntry.has(f));
      };
      const routes = FIRST_SCREENS.flatMap(({ path, host, modules }) => {
        // `$1` in a module name: one rule per alternative of the path's group.
        const alternatives = /\(([^)]+)\)/.exec(path)?.[1]?.split('|') ?? [''];
        return alternatives.map((alt) => ({
          path: modules.some((m) => m.includes('$1')) ? path.replace(/\([^)]+\)/, alt) : path,
          www: host === 'www',
          files: [...new Set(modules.flatMap((m) => filesOf(m.replace('$1', alt))))],
        }));
      });
      // Each file named once; a route lists indexes into that list.
      const files = [...new Set(routes.flatMap((r) => r.files))];
      const table = routes.map((r) => [r.path, r.www ? 1 : 0, r.files.map((f) => files.indexOf(f))]);
      const source = `const f=${JSON.stringify(files)},r=${JSON.stringify(table)},p=location.pathname,w=location.hostname.toLowerCase().startsWith('www.'),m=r.find(([x,y])=>new RegExp(x).test(p)&&(!y||w));for(const i of m?m[2]:[]){const l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href='/'+f[i];document.head.append(l)}\n`;
      const fileName = this.getFileName(this.emitFile({ type: 'asset', name: 'first-screen.js', source }));
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

export default defineConfig({
  plugins: [react(), firstScreenPreload()],
  resolve: {
    // '@kitchaco/source' first: the domain package is read from its TypeScript sources, so the web app
    // never needs packages/domain/dist to be built. The rest are Vite's default client conditions.
    conditions: ['@kitchaco/source', 'module', 'browser', 'development|production'],
  },
  // The manifest lets `npm run bench` measure each area's initial JavaScript (bench/web-size.mjs).
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    rolldownOptions: {
      // The phone-number library only serves the sign-in and profile dialogs: its own chunk, so it
      // is not merged into a chunk the first screen loads.
      output: { advancedChunks: { groups: [{ name: 'phone-numbers', test: /libphonenumber-js/ }] } },
    },
  },
  server: { proxy },
  preview: { proxy },
});
