/**
 * `npm start`: the local Supabase-compatible host plus the built app on one port.
 * Env: PORT (5173), HOST (127.0.0.1: this machine only), DATA_DIR (.data), DATABASE_URL (optional
 * real PostgreSQL), PUBLIC_URL (the address phones on the LAN use; default http://localhost:PORT),
 * DEV_HELPERS (1/0: dev mailbox, simulated Google and payments; default on only on loopback),
 * SMTP_URL / SMTP_FROM (real e-mail; turns the dev mailbox off), MP_ACCESS_TOKEN / MP_PUBLIC_KEY /
 * MP_WEBHOOK_SECRET / MP_API_URL / MP_NOTIFICATION_URL (real Mercado Pago; without a token in dev mode,
 * the local fake), WHATSAPP_TOKEN / WHATSAPP_PHONE_NUMBER_ID / WHATSAPP_* (real WhatsApp Cloud API;
 * without a token in dev mode, the stand-in at /_dev/whatsapp), TRUST_PROXY (the reverse proxy's address: client address from its X-Forwarded-For),
 * PASSWORD_WORKERS (bcrypt threads), GEOCODER / NOMINATIM_URL (the event editor's address search),
 * TLS=local or TLS_CERT / TLS_KEY (HTTPS: phones give the camera and offline mode only to secure
 * pages; server/tls.ts).
 * README lists them.
 * `--dev` serves the app through Vite's dev middleware (hot reload) instead of `dist`.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { parseTrustProxy, type TrustProxy } from './auth/client-ip.ts';
import { devModeFor, isLoopbackInterface, parseDevHelpers } from './dev/mode.ts';
import { createHost, type Host } from './host.ts';
import { DataDirLockedError } from './lock.ts';
import { DEMO_PASSWORD, DEMO_USERS } from './seed/demo.ts';
import { CA_PATH, hostOf, type TlsFiles, tlsFromEnv } from './tls.ts';

const dev = process.argv.includes('--dev');

/** GEOCODER=nominatim|fixed (unset: fixed in dev mode, Nominatim otherwise). */
function parseGeocoder(value: string | undefined): 'fixed' | 'nominatim' | undefined {
  const v = value?.trim().toLowerCase();
  return v === 'fixed' || v === 'nominatim' ? v : undefined;
}
const port = Number(process.env.PORT ?? 5173);
const bindHost = process.env.HOST || '127.0.0.1';

type Middleware = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;
type ViteServer = { middlewares: Middleware; close(): Promise<void> };

let vite: ViteServer | null = null;
let host: Host;
let tls: TlsFiles | null = null;
let trustProxy: TrustProxy = false;
try {
  trustProxy = parseTrustProxy(process.env.TRUST_PROXY);
  tls = await tlsFromEnv(process.env, {
    dataDir: process.env.DATA_DIR ?? '.data',
    hosts: [hostOf(process.env.PUBLIC_URL), bindHost],
  });
  if (process.env.DEMO_GOOGLE !== undefined) {
    console.warn('⚠ DEMO_GOOGLE não existe mais: o login Google simulado segue DEV_HELPERS (veja o README).');
  }
  host = await createHost({
    port,
    host: bindHost,
    dataDir: process.env.DATA_DIR ?? '.data',
    databaseUrl: process.env.DATABASE_URL || undefined,
    publicUrl: process.env.PUBLIC_URL || undefined,
    devHelpers: devModeFor(bindHost, parseDevHelpers(process.env.DEV_HELPERS)),
    smtpUrl: process.env.SMTP_URL || undefined,
    smtpFrom: process.env.SMTP_FROM || undefined,
    supabaseUrl: process.env.VITE_SUPABASE_URL || undefined,
    adminEmail: process.env.ADMIN_EMAIL || undefined,
    privacyEmail: process.env.PRIVACY_EMAIL || undefined,
    receiptRetentionDays: process.env.RECEIPT_RETENTION_DAYS
      ? Number(process.env.RECEIPT_RETENTION_DAYS)
      : undefined,
    signupLimit: process.env.SIGNUP_LIMIT ? Number(process.env.SIGNUP_LIMIT) : undefined,
    mercadoPago: {
      apiUrl: process.env.MP_API_URL || undefined,
      accessToken: process.env.MP_ACCESS_TOKEN || undefined,
      publicKey: process.env.MP_PUBLIC_KEY || undefined,
      webhookSecret: process.env.MP_WEBHOOK_SECRET || undefined,
      notificationUrl: process.env.MP_NOTIFICATION_URL || undefined,
    },
    whatsapp: Object.fromEntries(
      Object.entries(process.env).filter(([name]) => name.startsWith('WHATSAPP_')),
    ),
    geocoder: parseGeocoder(process.env.GEOCODER),
    nominatimUrl: process.env.NOMINATIM_URL || undefined,
    tls,
    legacyHosts: (process.env.LEGACY_HOSTS ?? '').split(',').filter((h) => h.trim()),
    trustProxy,
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
  } else if (err instanceof Error && err.message.startsWith('TRUST_PROXY=')) {
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
const network = !isLoopbackInterface(bindHost);
const lines = [
  `Congrega rodando em ${host.url}${dev ? ' (modo dev, Vite)' : ''}  (pronto em ${seconds} s)`,
  `  Escutando em ${bindHost}:${port}${network ? ' — ABERTO NA REDE' : ' (só este computador)'}`,
  '',
  host.devHelpers
    ? `  Contas de demonstração (senha: ${DEMO_PASSWORD}):\n${accounts}`
    : `  Contas de demonstração bloqueadas fora do modo dev${host.demoAccountsLocked ? ` (${host.demoAccountsLocked} senhas trocadas agora)` : ''}.`,
  '',
  host.devHelpers
    ? `  Modo dev LIGADO, só para acessos deste computador: login Google simulado${host.mail === 'mailbox' ? `, e-mails em ${host.url}/_dev/mail` : ''}`
    : '  Modo dev desligado: sem caixa de e-mails local nem login Google simulado (DEV_HELPERS=1 liga).',
  host.mercadoPagoFake
    ? `  Mercado Pago simulado: pague ou expire PIX em ${host.url}/_dev/mercadopago (MP_ACCESS_TOKEN usa o real).`
    : process.env.MP_ACCESS_TOKEN
      ? '  Mercado Pago: credenciais reais (MP_ACCESS_TOKEN).'
      : '  ⚠ Mercado Pago sem credenciais: cartão e PIX falham. Configure MP_ACCESS_TOKEN, MP_PUBLIC_KEY e MP_WEBHOOK_SECRET.',
  host.whatsAppStandIn
    ? `  WhatsApp local: as mensagens aparecem em ${host.url}/_dev/whatsapp (WHATSAPP_TOKEN usa a API real).`
    : host.whatsapp
      ? '  WhatsApp: API Cloud real (WHATSAPP_TOKEN).'
      : '  WhatsApp sem credenciais: as mensagens esperam na fila. Configure WHATSAPP_TOKEN e WHATSAPP_PHONE_NUMBER_ID.',
  host.mail === 'mailbox'
    ? host.devHelpers
      ? '  E-mails (cadastro, senha, inscrições e pagamentos) ficam na caixa local; SMTP_URL envia de verdade.'
      : '  ⚠ E-mails não são entregues: os links aparecem só neste console. Configure SMTP_URL.'
    : `  E-mails enviados por SMTP: ${host.mail}`,
  `  Banco: ${process.env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `PGlite em ${process.env.DATA_DIR ?? '.data'}`}`,
];
if (trustProxy === true) {
  lines.push(
    '',
    '  ⚠ TRUST_PROXY=1: qualquer um que alcance esta porta diretamente escolhe o próprio endereço',
    '    (X-Forwarded-For) e escapa dos limites por cliente. Use o endereço do proxy: TRUST_PROXY=10.0.0.5.',
  );
} else if (trustProxy) {
  lines.push(`  Proxy reverso confiável: ${trustProxy.join(', ')} (X-Forwarded-For só dele).`);
}
if (network) {
  lines.push(
    '',
    `  ⚠ HOST=${bindHost}: qualquer aparelho da rede alcança o app e a API.`,
    host.devHelpers
      ? `    DEV_HELPERS=1 na rede: as contas de demonstração (senha ${DEMO_PASSWORD}) valem para qualquer um.`
      : '    Primeiro administrador: crie sua conta e reinicie com ADMIN_EMAIL=seu@email.',
  );
  if (!process.env.PUBLIC_URL) {
    lines.push(
      `    PUBLIC_URL não definida: links de e-mail apontam para ${host.url}, que outro aparelho não abre.`,
    );
  }
  if (host.devHelpers) {
    lines.push('    DEV_HELPERS=1: as páginas de desenvolvimento seguem respondendo só a este computador.');
  }
}
if (tls) {
  const lan = tls.names.filter((n) => /^\d+\.\d+\.\d+\.\d+$/.test(n) && !n.startsWith('127.'));
  const example = process.env.PUBLIC_URL || (lan[0] ? `https://${lan[0]}:${port}` : host.url);
  lines.push(
    '',
    `  HTTPS ligado (${tls.caCert ? 'TLS=local' : 'TLS_CERT/TLS_KEY'}): câmera e modo offline funcionam nos celulares.`,
    `    Certificado válido para: ${tls.names.join(', ')}`,
  );
  if (tls.caCert) {
    lines.push(
      `    Autoridade local ${tls.dir ? `em ${tls.dir}` : '(só na memória: DATA_DIR=memory://)'}${tls.createdAuthority ? ' — criada agora' : ''}`,
      `    SHA-256 da autoridade: ${tls.fingerprint}`,
      '    Para o celular confiar (uma vez por aparelho):',
      `      1. No celular, abra http://${lan[0] ?? 'IP-DESTE-COMPUTADOR'}:${port}${CA_PATH} e baixe o certificado;`,
      '         confira que o SHA-256 mostrado no aparelho é o de cima.',
      '      2. Android: Configurações › Segurança › Criptografia e credenciais › Instalar certificado › Certificado de CA.',
      '         iPhone: Ajustes › Geral › VPN e Gerenciamento de Dispositivo › instalar o perfil; depois',
      '         Ajustes › Geral › Sobre › Ajustes de Confiança de Certificados › ligar "Congrega (autoridade local)".',
      `      3. Abra ${example}/admin/checkin`,
    );
  } else {
    lines.push(`    SHA-256 do certificado: ${tls.fingerprint}`);
  }
  if (!process.env.PUBLIC_URL && network) {
    lines.push(`    Defina PUBLIC_URL=${example} para os links de e-mail.`);
  }
}
if (host.adminGranted !== null) {
  lines.push(
    host.adminGranted
      ? `  ADMIN_EMAIL: ${process.env.ADMIN_EMAIL} é administrador.`
      : `  ⚠ ADMIN_EMAIL: nenhuma conta com ${process.env.ADMIN_EMAIL}; crie a conta e reinicie.`,
  );
}
console.log(`\n${lines.join('\n')}\n`);

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
