/**
 * The layer rules of docs/architecture.md, checked by `npm run lint`:
 * domain ← lib/ui ← data ← features ← routes; features never import each other; the API imports
 * only src/domain from the browser code; server/ reaches the API only through app, ports and
 * adapters. (data imports lib because its queries call the one API client.)
 */
module.exports = {
  forbidden: [
    {
      name: 'domain-is-pure',
      comment: 'src/domain is shared by the browser and the API: it imports nothing of the app.',
      severity: 'error',
      from: { path: '^src/domain/' },
      to: { path: '^(src/(?!domain/)|functions/|server/)' },
    },
    {
      name: 'domain-no-platform',
      comment:
        'src/domain runs in the browser, Node and Deno: no React, no DOM libraries, no Node built-ins.',
      severity: 'error',
      from: { path: '^src/domain/' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'lib-and-ui-only-domain',
      comment: 'src/lib and src/ui are the app’s plumbing: they import src/domain and nothing above it.',
      severity: 'error',
      from: { path: '^src/(lib|ui)/' },
      to: { path: '^src/(data|features|routes)/' },
    },
    {
      name: 'data-below-features',
      comment: 'src/data (the query client, Dexie stores) never imports screens or routes.',
      severity: 'error',
      from: { path: '^src/data/' },
      to: { path: '^src/(features|routes)/' },
    },
    {
      name: 'data-react-only-in-hooks',
      comment: 'src/data outside use-*.ts stays React-free, so the service worker can import it.',
      severity: 'error',
      from: { path: '^src/data/', pathNot: '(^|/)use-[^/]+\\.tsx?$' },
      // (^|/): node_modules may be a symlink, and then resolves to e.g. ../main/node_modules/react/
      to: { path: '(^|/)node_modules/(react|react-dom|dexie-react-hooks)/' },
    },
    {
      name: 'domain-only-valibot',
      comment: 'src/domain is shared by the browser, Node and Deno: of the npm packages, only valibot.',
      severity: 'error',
      from: { path: '^src/domain/', pathNot: '\\.test\\.ts$' },
      to: { path: '(^|/)node_modules/', pathNot: '(^|/)node_modules/valibot/' },
    },
    {
      name: 'screens-call-api-client',
      comment:
        'Screens call the API through lib/api.ts (apiClient, and getPublic, its public mode), never its plumbing.',
      severity: 'error',
      from: { path: '^src/(features|routes)/' },
      to: { path: '^src/lib/api-fetch\\.ts$' },
    },
    {
      name: 'browser-no-api-code',
      comment: 'The browser never bundles the API: from functions/ it may only import types (import type).',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^functions/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'browser-api-type-from-app',
      comment: 'The browser’s client is typed from the app’s type alone (AppType in functions/api/app.ts).',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^functions/', pathNot: '^functions/api/app\\.ts$' },
    },
    {
      name: 'features-are-independent',
      comment: 'A feature never imports another feature; shared pieces move to ui, lib, data or domain.',
      severity: 'error',
      from: { path: '^src/features/([^/]+)/' },
      to: { path: '^src/features/', pathNot: '^src/features/$1/' },
    },
    {
      name: 'api-imports-only-domain',
      comment: 'The Edge Function imports src/domain and nothing else from the browser code or the host.',
      severity: 'error',
      // Tests may start the whole host; functions/api/testing/ holds the harness that does.
      from: { path: '^functions/', pathNot: '(\\.test\\.ts$|^functions/api/testing/)' },
      to: { path: '^(src/(?!domain/)|server/|tests/)' },
    },
    {
      name: 'host-through-api-ports',
      comment: 'server/ mounts the API’s app and uses its ports and adapters, never its internals.',
      severity: 'error',
      from: { path: '^server/' },
      to: {
        path: '^functions/api/',
        pathNot: '^functions/api/(app\\.ts|ports/|adapters/)',
      },
    },
    {
      name: 'host-not-browser',
      comment: 'server/ may share src/domain rules, not the browser app.',
      severity: 'error',
      from: { path: '^server/', pathNot: '\\.test\\.ts$' },
      to: { path: '^src/(?!domain/)' },
    },
    {
      name: 'no-circular',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^dist/|routeTree\\.gen\\.ts$' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
    },
  },
};
