/** The database as the API sees it: parameterised SQL and transactions. */
export interface Db {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Runs fn in one transaction; inside a transaction, fn simply runs on the same one. */
  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T>;
}
