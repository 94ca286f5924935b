import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { createHost, type Host, type HostOptions } from '../../server/host.ts';
import { testDatabaseOptions } from '../postgres/databases.ts';

/**
 * An in-memory host on a random port (no demo seed unless asked: faster, and tests own their data).
 * In the postgres vitest project it runs on a fresh database of the shared PostgreSQL instead.
 */
export async function startHost(opts: HostOptions = {}): Promise<Host> {
  const db = opts.dataDir || opts.databaseUrl ? {} : await testDatabaseOptions(opts.seed === true);
  return createHost({ dataDir: 'memory://', port: 0, seed: false, ...db, ...opts });
}

/** The real supabase-js client, configured like a server-side test (no storage, no timers). */
export function supabaseClient(url: string, key: string): SupabaseClient {
  return createClient(url, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    // Node 20 has no global WebSocket; realtime-js needs one at construction.
    realtime: { transport: WebSocket as never },
  });
}

export function client(host: Host, key = host.anonKey): SupabaseClient {
  return supabaseClient(host.url, key);
}

export function adminClient(host: Host): SupabaseClient {
  return client(host, host.serviceRoleKey);
}

/** The newest mail sent to `to` (the dev mailbox lists newest first). */
export async function lastMail(host: Host, to: string) {
  const [mail] = await host.mailbox.list({ to });
  if (!mail) throw new Error(`no mail for ${to}`);
  return mail;
}

/** Follows a link without following the redirect; returns Location and its fragment/query data. */
export async function openLink(link: string) {
  const res = await fetch(link, { redirect: 'manual' });
  const location = res.headers.get('location') ?? '';
  const url = new URL(location);
  return {
    status: res.status,
    location: url,
    fragment: Object.fromEntries(new URLSearchParams(url.hash.slice(1))),
    query: Object.fromEntries(url.searchParams),
  };
}

let n = 0;
/** A fresh e-mail per call so tests in one file never collide. */
export function newEmail(prefix = 'user'): string {
  n += 1;
  return `${prefix}.${n}.${Date.now()}@example.com`;
}
