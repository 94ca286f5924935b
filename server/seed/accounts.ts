import { randomBytes } from 'node:crypto';
import type { Db } from '../../functions/api/ports/db.ts';
import { DEMO_PASSWORD, DEMO_USERS } from './demo.ts';

interface Passwords {
  hashPassword(password: string): Promise<string>;
  checkPassword(password: string, hash: string | null): Promise<boolean>;
}

/**
 * Outside dev mode (a host others can reach) the demo accounts must not open with the password
 * printed in the README: any of them still on it gets a random one nobody knows. Returns how many.
 */
export async function lockDemoAccounts(db: Db, passwords: Passwords): Promise<number> {
  let locked = 0;
  for (const { id } of Object.values(DEMO_USERS)) {
    const [row] = await db.query<{ id: string; encrypted_password: string | null }>(
      'select id, encrypted_password from auth.users where id = $1',
      [id],
    );
    if (!row || !(await passwords.checkPassword(DEMO_PASSWORD, row.encrypted_password))) continue;
    const hash = await passwords.hashPassword(randomBytes(24).toString('base64url'));
    await db.query('update auth.users set encrypted_password = $2, updated_at = now() where id = $1', [
      row.id,
      hash,
    ]);
    locked++;
  }
  return locked;
}

/** Gives the `admin` role to the account with this e-mail, if it exists. True when it does. */
export async function grantAdmin(db: Db, email: string): Promise<boolean> {
  const rows = await db.query<{ id: string }>(
    `insert into public.user_roles (user_id, role)
     select id, 'admin' from auth.users where lower(email) = lower($1)
     on conflict do nothing returning user_id as id`,
    [email.trim()],
  );
  if (rows.length > 0) return true;
  const [existing] = await db.query('select 1 from auth.users where lower(email) = lower($1)', [
    email.trim(),
  ]);
  return Boolean(existing);
}
