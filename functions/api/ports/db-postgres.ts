import type postgres from 'postgres';
import type { Db } from './db.ts';

type Sql = postgres.Sql | postgres.TransactionSql;

/** Db over postgres.js: used by the Edge Function on Supabase and by the local host with DATABASE_URL. */
export function createPostgresDb(sql: Sql, inTx = false): Db {
  return {
    async query<T>(text: string, params: unknown[] = []) {
      // biome-ignore lint/suspicious/noExplicitAny: postgres.js parameter typing is narrower than unknown[]
      const rows = await sql.unsafe(text, params as any[]);
      return rows as unknown as T[];
    },
    transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
      if (inTx) return fn(this);
      return (sql as postgres.Sql).begin((tx) => fn(createPostgresDb(tx, true))) as Promise<T>;
    },
  };
}
