/**
 * `npm start`: the local Supabase-compatible host plus the built app on one port.
 * Env: PORT (5173), HOST (0.0.0.0), DATA_DIR (.data), DATABASE_URL (optional real PostgreSQL),
 * PUBLIC_URL (the address phones on the LAN use; default http://localhost:PORT), DEMO_GOOGLE=0 (no fake Google).
 * `--dev` serves the app through Vite's dev middleware (hot reload) instead of `dist`.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createHost, type Host } from './host.ts';
import { DataDirLockedError } from './lock.ts';
import { DEMO_PASSWORD, DEMO_USERS } from './seed/demo.ts';

const dev = process.argv.includes('--dev');
const port = Number(process.env.PORT ?? 5173);

type Middleware = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;
type ViteServer = { middlewares: Middleware; close(): Promise<void> };

let vite: ViteServer | null = null;
let host: Host;
try {
  host = await createHost({
    port,
    host: process.env.HOST ?? '0.0.0.0',
    dataDir: process.env.DATA_DIR ?? '.data',
    databaseUrl: process.env.DATABASE_URL || undefined,
    publicUrl: process.env.PUBLIC_URL || undefined,
    // The fake Google page signs anyone in as any e-mail: turn it off on a shared install.
    demoOAuth: process.env.DEMO_GOOGLE !== '0',
    log: true,
    // --dev: the app comes from Vite (created below, once the HTTP server exists for its HMR socket).
    appMiddleware: dev ? (req, res, next) => (vite ? vite.middlewares(req, res, next) : next()) : undefined,
  });
  if (dev) {
    const { createServer } = await import('vite');
    vite = await createServer({
      server: { middlewareMode: true, ws: { server: host.httpServer } },
      appType: 'spa',
    });
  }
} catch (err) {
  if (err instanceof DataDirLockedError) {
    console.error(`\n✖ ${err.message}\n`);
  } else if ((err as NodeJS.ErrnoException).code === 'EADDRINUSE') {
    console.error(`\n✖ A porta ${port} já está em uso. Use outra: PORT=5174 npm start\n`);
  } else {
    console.error(err);
  }
  process.exit(1);
}

// performance.now() counts from process start, so this includes loading the modules.
const seconds = (performance.now() / 1000).toFixed(1);
const accounts = Object.values(DEMO_USERS)
  .map((u) => `    ${u.email}`)
  .join('\n');
console.log(`
Congrega rodando em ${host.url}${dev ? ' (modo dev, Vite)' : ''}  (pronto em ${seconds} s)

  Contas de demonstração (senha: ${DEMO_PASSWORD}):
${accounts}

  E-mails enviados (confirmação, senha): ${host.url}/_dev/mail
  Banco: ${process.env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `PGlite em ${process.env.DATA_DIR ?? '.data'}`}
`);

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  console.log(`\n${signal}: encerrando…`);
  await vite?.close();
  await host.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
