/** What the host hands the demo seed (`server/seed/index.ts`). */
export interface SeedContext {
  /** bcrypt hash as the auth server stores it (cost 10). */
  hashPassword(password: string): Promise<string>;
  /** Stores a storage object (replacing any existing one). */
  putObject(bucket: string, path: string, body: Uint8Array | string, contentType: string): Promise<void>;
  /** The seed's "now": dates are relative to it. */
  now: Date;
}
