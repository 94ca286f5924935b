import type { Db } from './db.ts';
import type { Geocoder } from './geocoder.ts';

/** What the API needs from outside, built once at start (Deno entry from env; local host in-process). */
export interface Ports {
  db: Db;
  authAdmin: AuthAdmin;
  storage: Storage;
  clock: Clock;
  geocoder: Geocoder;
  env: ApiEnv;
}

export interface ApiEnv {
  /** Public URL of the Supabase surface (auth, storage, functions), without trailing slash. */
  supabaseUrl: string;
  anonKey: string;
  serviceRoleKey: string;
}

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** The GoTrue user as the admin API returns it. */
export interface AuthUser {
  id: string;
  email: string;
  email_confirmed_at: string | null;
  user_metadata: Record<string, unknown>;
  app_metadata: Record<string, unknown>;
  identities?: unknown[];
}

export interface AuthAdmin {
  /** Public signup: GoTrue sends the confirmation e-mail. Returns null when the e-mail is already registered. */
  signUp(input: {
    email: string;
    password: string;
    data: Record<string, unknown>;
    redirectTo?: string;
  }): Promise<AuthUser | null>;
  createUser(input: {
    email: string;
    password: string;
    emailConfirm: boolean;
    userMetadata?: Record<string, unknown>;
  }): Promise<AuthUser>;
  updateUser(
    id: string,
    patch: { password?: string; userMetadata?: Record<string, unknown>; emailConfirm?: boolean },
  ): Promise<AuthUser>;
  findUserByEmail(email: string): Promise<AuthUser | null>;
}

export interface Storage {
  upload(bucket: string, path: string, body: Blob | Uint8Array, contentType: string): Promise<void>;
  remove(bucket: string, path: string): Promise<void>;
  /** An absolute URL that serves the object for expiresIn seconds. */
  signedUrl(bucket: string, path: string, expiresIn: number): Promise<string>;
}
