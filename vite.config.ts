import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { defineConfig, type Plugin, type Rollup } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { FirstPaint } from './src/features/shell/first-paint.tsx';

/**
 * The first load of a landing page (`/`, `/events/:id`) as one step instead of a chain
 * (docs/performance.md). In the built index.html:
 * - the header, painted before any JS has run (src/features/shell/first-paint.tsx);
 * - `src/first-read.ts`, an entry of its own with no imports, as `<script type="module" async>`:
 *   it starts the page's first API read at once, in parallel with the app's JS.
 * The landing pages and their layout are not split from the entry (`LANDING`): each split chunk is
 * one more request, and a round trip, before the first card on a phone (a dozen of them cost
 * ≈ 0.8 s on Slow 4G), for ≈ 7 KiB gzip that other pages fetch for nothing.
 */
const FIRST_READ = 'src/first-read.ts';
const LANDING = new Set<string>(['/_main', '/_main/', '/_main/events/$id']);

function firstLoad(): Plugin {
  return {
    name: 'congrega-first-load',
    apply: 'build',
    config: () => ({
      build: { rolldownOptions: { input: { index: 'index.html', 'first-read': FIRST_READ } } },
    }),
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const firstRead = Object.values(ctx.bundle ?? {}).find(
          (c): c is Rollup.OutputChunk => c.type === 'chunk' && !!c.facadeModuleId?.endsWith(FIRST_READ),
        );
        if (!firstRead || firstRead.imports.length)
          throw new Error(`${FIRST_READ} must build alone, importing nothing`);
        // Right after the title, ahead of the entry: requested first, at high priority (async is low).
        const script = `<script type="module" async fetchpriority="high" src="/${firstRead.fileName}"></script>`;
        if (!html.includes('<div id="root"></div>')) throw new Error('index.html must hold an empty #root');
        const firstPaint = renderToStaticMarkup(createElement(FirstPaint));
        return html
          .replace('</title>', `</title>\n    ${script}`)
          .replace('<div id="root"></div>', `<div id="root">${firstPaint}</div>`);
      },
    },
  };
}

/**
 * What the service worker precaches (on install, for every visitor): the app as a guest or a member
 * uses it offline. Left to the runtime cache (src/sw.ts caches /assets/* when first fetched) are the
 * chunks reachable only through a lazy import of these modules: the staff's screens (editor, rich
 * text, cropper, door scanner, review) and the screens that need the network anyway (sign-in, sign-up,
 * checkout, a caravan's registration and its claim, their payment methods; the profile's forms; the
 * badge pages; a guardian's consent and a reminder's unsubscribe, opened from a message's link; the
 * privacy notice, read online). Not the parts of a registration's detail beside its ticket (paying,
 * cancelling, a refund, the answers): lazy so the ticket does not wait for them, precached so the
 * detail opens offline. Budget: 300 KiB gzip precached (`npm run bench`).
 */
const RUNTIME_ONLY =
  /src\/routes\/_main\/admin|src\/routes\/admin\.|src\/features\/admin-|rich-text-editor|circle-cropper|qr-scanner|src\/routes\/auth|src\/routes\/_main\/checkout|pending-voucher|mercadopago|caravan|claim|profile-forms|responsavel|lembretes|privacidade/;
let runtimeOnly = new Set<string>();
/** The chunks of the last build, by file name (for `modulePreload.resolveDependencies`). */
let chunksByName = new Map<string, Rollup.OutputChunk>();
/** The registration detail's route (the ticket), whose files the service worker announces in the page. */
const TICKET_ROUTE = 'src/routes/_main/my-registrations.$registrationId.tsx';
/**
 * The files the ticket's route needs beyond what the page loads itself (its chunks, then their CSS),
 * for the service worker (`src/sw.ts`): written into the page it serves for a ticket, they are
 * fetched and compiled while the entry still runs, not after the router asks for the route.
 */
let ticketFiles: string[] = [];

function precacheAudience(): Plugin {
  return {
    name: 'congrega-precache-audience',
    apply: 'build',
    generateBundle(_, bundle) {
      const chunks = Object.values(bundle).filter((c): c is Rollup.OutputChunk => c.type === 'chunk');
      const byName = new Map(chunks.map((c) => [c.fileName, c]));
      chunksByName = byName;
      const reached = new Set<string>();
      const stack = chunks.filter((c) => c.isEntry).map((c) => c.fileName);
      while (stack.length) {
        const name = stack.pop()!;
        if (reached.has(name)) continue;
        reached.add(name);
        const chunk = byName.get(name);
        if (!chunk) continue;
        for (const css of chunk.viteMetadata?.importedCss ?? []) reached.add(css);
        stack.push(...chunk.imports);
        for (const lazy of chunk.dynamicImports) {
          const target = byName.get(lazy);
          if (!target?.facadeModuleId || !RUNTIME_ONLY.test(target.facadeModuleId)) stack.push(lazy);
        }
      }
      const route = chunks.find((c) => c.facadeModuleId?.includes(`${TICKET_ROUTE}?tsr-split=component`));
      if (route) {
        const loaded = new Set(
          chunks.filter((c) => c.isEntry).flatMap((c) => [...staticClosure(c.fileName)]),
        );
        const needed = [...staticClosure(route.fileName)].filter((f) => !loaded.has(f));
        const css = needed.flatMap((f) => [...(byName.get(f)?.viteMetadata?.importedCss ?? [])]);
        ticketFiles = [...needed, ...css];
      }
      runtimeOnly = new Set(
        Object.keys(bundle).filter(
          (f) => /\.(js|css)$/.test(f) && f.startsWith('assets/') && !reached.has(f),
        ),
      );
    },
  };
}

/**
 * Brotli and gzip copies of the built text files, beside them (`x.js.br`, `x.js.gz`): the host's
 * serveStatic sends the one the browser accepts (server/static.ts), compressed once per build
 * instead of per request. Files under 1 KiB are not worth it.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  const compress = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const file = join(dir, name);
      if (statSync(file).isDirectory()) compress(file);
      else if (/\.(js|css|html|svg|json|webmanifest|txt)$/.test(name) && statSync(file).size >= 1024) {
        const body = readFileSync(file);
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
        writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
      }
    }
  };
  return {
    name: 'congrega-precompress',
    apply: 'build',
    enforce: 'post',
    configResolved: (config) => {
      outDir = resolve(config.root, config.build.outDir);
    },
    // after the service worker is written (vite-plugin-pwa writes it when the bundle closes)
    closeBundle: { order: 'post', sequential: true, handler: () => compress(outDir) },
  };
}

const manifest = JSON.parse(readFileSync(new URL('./manifest.webmanifest', import.meta.url), 'utf8'));

/**
 * Screens whose lazy import lists no chunks to preload (the lists are written into the entry, so
 * every guest's first load carried them): the staff's screens (runtime-cached on a staff device the
 * first time they open: one round trip more, once), and the signed-in member's profile and welcome
 * (precached: on the device before a member can sign in and open them). Not the registrations: their
 * chunks are four imports deep, and a ticket opened offline on a slow phone waited for each level
 * in turn (docs/performance.md, "Late morning of 2026-11-27").
 */
const NO_PRELOAD_LIST = /src\/routes\/(_main\/admin|admin\.|_main\/(profile|event-welcome)[.\w$]*\.tsx)/;

/** The chunks `name` imports statically, itself included: all loaded before its code runs. */
function staticClosure(name: string): Set<string> {
  const seen = new Set<string>();
  const stack = [name];
  while (stack.length) {
    const next = stack.pop()!;
    if (seen.has(next)) continue;
    seen.add(next);
    stack.push(...(chunksByName.get(next)?.imports ?? []));
  }
  return seen;
}

/**
 * What a lazy import preloads beside the imported chunk (`modulePreload.resolveDependencies`). Vite
 * lists every chunk the target needs, and each list ends up in the importer's code: the route tree
 * is in the entry, so the lists of every screen counted before the first paint (docs/performance.md,
 * "JS before LCP"). A chunk the importer statically imports is already loaded when the import runs,
 * so it is left out (the browser skipped it anyway); a list left with the target alone is dropped
 * (the import fetches it itself); the screens of `NO_PRELOAD_LIST` get none.
 */
function preloadDependencies(target: string, deps: string[], { hostId }: { hostId: string }): string[] {
  if (NO_PRELOAD_LIST.test(chunksByName.get(target)?.facadeModuleId ?? '')) return [];
  const loaded = staticClosure(hostId);
  const needed = deps.filter((d) => !loaded.has(d));
  return needed.length === 1 && needed[0] === target ? [] : needed;
}

export default defineConfig({
  resolve: {
    // React 19 has useSyncExternalStore: the router's store (and the editor) need no shim of it
    alias: [
      {
        find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/,
        replacement: 'use-sync-external-store/with-selector.js',
      },
      { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: 'use-sync-external-store' },
    ],
  },
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      codeSplittingOptions: { splitBehavior: ({ routeId }) => (LANDING.has(routeId) ? [] : undefined) },
    }),
    react(),
    firstLoad(),
    precacheAudience(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      manifest,
      injectManifest: {
        buildPlugins: {
          vite: [
            {
              name: 'congrega-ticket-files',
              config: () => ({ define: { TICKET_FILES: JSON.stringify(ticketFiles) } }),
            },
          ],
        },
        globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
        manifestTransforms: [
          (entries) => {
            const seen = new Set<string>();
            const manifest = entries.filter((e) => {
              if (runtimeOnly.has(e.url) || seen.has(e.url)) return false;
              seen.add(e.url);
              return true;
            });
            return { manifest, warnings: [] };
          },
        ],
        // the staff reports' charts (nivo, ≈ 90 KiB gzip): online-only, fetched when a report opens,
        // never precached for every guest and member
        globIgnores: ['**/assets/charts-*.js'],
      },
    }),
    precompress(),
  ],
  build: {
    target: 'es2022',
    // every browser the app supports preloads modules itself (Safari from 17; an older one just
    // fetches them when imported): the polyfill would be ≈ 0.5 KiB more before the first paint
    modulePreload: { polyfill: false, resolveDependencies: preloadDependencies },
    sourcemap: false,
    manifest: true,
    rolldownOptions: {
      output: {
        // seven hash characters, not eight (the fewest rolldown allows for this many chunks): the
        // names are in every preload list and import (42 bits still tell a build's files apart;
        // ≈ 0.2 KiB gzip less before the first paint)
        entryFileNames: 'assets/[name]-[hash:7].js',
        chunkFileNames: 'assets/[name]-[hash:7].js',
        assetFileNames: 'assets/[name]-[hash:7][extname]',
        codeSplitting: {
          // React, the router and zustand run on every page: one chunk instead of a dozen small ones
          // (each chunk compresses alone; the split cost ≈ 2 KiB gzip of the JS before LCP on /).
          groups: [
            {
              name: 'vendor',
              tags: ['$initial'],
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
