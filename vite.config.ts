import { readFileSync } from 'node:fs';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type HtmlTagDescriptor, type Plugin, type Rollup } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/**
 * The first load of a landing page (`/`, `/events/:id`) as one step instead of a chain
 * (docs/performance.md). In the built index.html:
 * - `src/first-read.ts`, an entry of its own with no imports, as `<script type="module" async>`:
 *   it starts the page's first API read at once, in parallel with the app's JS;
 * - `modulepreload` (and style preloads) for the route chunks of the main layout and the home, which
 *   the router would otherwise request only after the entry ran.
 */
const FIRST_READ = 'src/first-read.ts';

function firstLoad(): Plugin {
  const LAYOUT = 'src/routes/_main.tsx?tsr-split=component';
  // The home's own chunks too (≈ 4.6 KiB gzip that an event page fetches for nothing): it is the
  // page most visits start on. Not the event page's: they would count before the home's LCP.
  const HOME = 'src/routes/_main/index.tsx?tsr-split=component';
  return {
    name: 'congrega-first-load',
    apply: 'build',
    config: () => ({
      build: { rolldownOptions: { input: { index: 'index.html', 'first-read': FIRST_READ } } },
    }),
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const chunks = Object.values(ctx.bundle ?? {}).filter(
          (c): c is Rollup.OutputChunk => c.type === 'chunk',
        );
        const byModule = (id: string) => chunks.find((c) => c.facadeModuleId?.endsWith(id));
        const byFile = new Map(chunks.map((c) => [c.fileName, c]));
        const closure = (root: Rollup.OutputChunk | undefined, seen = new Set<Rollup.OutputChunk>()) => {
          const visit = (c: Rollup.OutputChunk | undefined) => {
            if (!c || seen.has(c)) return;
            seen.add(c);
            for (const f of c.imports) visit(byFile.get(f));
          };
          visit(root);
          return seen;
        };
        const firstRead = byModule(FIRST_READ);
        if (!firstRead || firstRead.imports.length)
          throw new Error(`${FIRST_READ} must build alone, importing nothing`);
        const inEntry = closure(byModule('index.html'));
        const preload = [...closure(byModule(LAYOUT)), ...closure(byModule(HOME))];
        const tags: HtmlTagDescriptor[] = [];
        const styles = new Set<string>();
        for (const c of new Set(preload)) {
          if (inEntry.has(c)) continue; // already a modulepreload of the entry
          tags.push({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${c.fileName}` },
            injectTo: 'head',
          });
          for (const css of c.viteMetadata?.importedCss ?? []) styles.add(css);
        }
        for (const css of styles)
          tags.push({
            tag: 'link',
            attrs: { rel: 'preload', as: 'style', crossorigin: true, href: `/${css}` },
            injectTo: 'head',
          });
        // Right after the title, ahead of the entry: requested first, at high priority (async is low).
        const script = `<script type="module" async fetchpriority="high" src="/${firstRead.fileName}"></script>`;
        return { html: html.replace('</title>', `</title>\n    ${script}`), tags };
      },
    },
  };
}

const manifest = JSON.parse(readFileSync(new URL('./manifest.webmanifest', import.meta.url), 'utf8'));

export default defineConfig({
  plugins: [
    tanstackRouter({ target: 'react', autoCodeSplitting: true }),
    react(),
    firstLoad(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      manifest,
      injectManifest: { globPatterns: ['**/*.{js,css,html,svg,png,woff2}'] },
    }),
  ],
  build: {
    target: 'es2022',
    sourcemap: false,
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // React, the router and zustand run on every page: one chunk instead of a dozen small ones
          // (each chunk compresses alone; the split cost ≈ 2 KiB gzip of the JS before LCP on /).
          groups: [
            {
              name: 'vendor',
              test: /node_modules[\\/](react|react-dom|scheduler|@tanstack[\\/](react-router|router-core|history|store|react-store)|zustand|use-sync-external-store)[\\/]/,
            },
            // Everything else the entry imports statically is needed before it runs anyway: one
            // chunk, not the dozen small shared ones rolldown cuts where lazy routes import the same
            // modules (1.7 KiB gzip and 11 requests less before LCP on /). first-read stays alone.
            {
              name: 'index',
              tags: ['$initial'],
              test: (id) => !id.endsWith(FIRST_READ),
            },
          ],
        },
      },
    },
  },
  server: { port: 5174 },
});
