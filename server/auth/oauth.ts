import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { initialsOf } from '../../src/domain/people.ts';
import { html, htmlResponse, page } from '../html.ts';
import type { AuthContext } from './context.ts';
import { errors } from './errors.ts';
import { safeRedirect, withFragment } from './redirect.ts';
import type { AuthEnv } from './routes.ts';
import { createSession } from './sessions.ts';
import { findUserByEmail, findUserById, type IdentityRow, normalizeEmail, type UserRow } from './users.ts';

/** Three ready-made Google accounts for demos; any other name + e-mail can be typed on the page. */
export const DEMO_GOOGLE_IDENTITIES = [
  { name: 'Ana Clara Souza', email: 'ana.souza@example.com' },
  { name: 'Pedro Henrique Lima', email: 'pedro.lima@example.com' },
  { name: 'Juliana Ferreira', email: 'juliana.ferreira@example.com' },
];

const STATE_TTL = 600;

/** Google's `sub` is a long number; derive a stable one from the e-mail. */
function googleSub(email: string): string {
  const digest = createHash('sha256').update(`google:${email}`).digest();
  return `1${digest.readBigUInt64BE(0).toString().padStart(20, '0')}`;
}

export function avatarUrl(ctx: AuthContext, name: string): string {
  return `${ctx.url}/_dev/avatar.svg?${new URLSearchParams({ name })}`;
}

/** A generated initials avatar, so demo Google users have a picture without the internet. */
export function avatarSvg(name: string): string {
  const initials = initialsOf(name);
  const hue = createHash('sha256').update(name).digest()[0]! * 1.4;
  return String(html`<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">
<circle cx="48" cy="48" r="48" fill="hsl(${hue.toFixed(0)} 55% 45%)"/>
<text x="48" y="60" font-family="system-ui,sans-serif" font-size="36" fill="#fff" text-anchor="middle">${initials}</text>
</svg>`);
}

function chooserPage(ctx: AuthContext, state: string) {
  const callback = `${ctx.url}/auth/v1/callback`;
  const accounts = DEMO_GOOGLE_IDENTITIES.map(
    (
      a,
    ) => html`<form class="card" method="get" action="${callback}" style="display:flex;gap:12px;align-items:center">
  <input type="hidden" name="state" value="${state}">
  <input type="hidden" name="name" value="${a.name}">
  <input type="hidden" name="email" value="${a.email}">
  <img src="${avatarUrl(ctx, a.name)}" alt="" width="40" height="40" style="border-radius:50%">
  <div style="flex:1"><strong>${a.name}</strong><div class="muted">${a.email}</div></div>
  <button class="primary" type="submit">Continuar</button>
</form>`,
  );
  return page(
    'Entrar com Google (simulado)',
    html`<h1>Escolha uma conta</h1>
<p class="sub">Login com Google simulado pelo servidor local do Congrega: nenhuma conta real do Google é usada.</p>
${accounts}
<form class="card" method="get" action="${callback}">
  <input type="hidden" name="state" value="${state}">
  <h2 style="font-size:1.1rem;margin:0 0 4px">Usar outra conta</h2>
  <label for="name">Nome</label><input id="name" name="name" required autocomplete="name">
  <label for="email">E-mail</label><input id="email" name="email" type="email" required autocomplete="email">
  <p><button class="primary" type="submit">Entrar</button></p>
</form>
<p><a href="${`${callback}?${new URLSearchParams({ state, error: 'access_denied' })}`}">Cancelar</a></p>`,
  );
}

/** Why the picker will not sign in as an account (the callback answers it as an OAuth error). */
class PickerRefused extends Error {}

/**
 * Signs in as the demo Google identity for this e-mail, creating its user the first time. The picker
 * lets anyone type any e-mail, so it must never become a password bypass:
 * - it links only to users it created (a Google identity already there): an existing password
 *   account is refused, and so is anyone holding a role (e.g. admin@congrega.local);
 * - an unconfirmed password account with the e-mail (perhaps an attacker's pre-registration) is
 *   taken over the way GoTrue does (RemoveUnconfirmedIdentities): its password, e-mail identity,
 *   pending link, sessions and metadata are dropped, so the attacker's password opens nothing.
 */
async function upsertGoogleUser(ctx: AuthContext, name: string, email: string): Promise<UserRow> {
  const sub = googleSub(email);
  const picture = avatarUrl(ctx, name);
  const identityData = {
    iss: 'https://accounts.google.com',
    sub,
    provider_id: sub,
    name,
    full_name: name,
    email,
    email_verified: true,
    phone_verified: false,
    avatar_url: picture,
    picture,
  };
  // jsonb parameters are objects (see users.ts).
  return ctx.db.transaction(async (tx) => {
    const [identity] = await tx.query<IdentityRow>(
      `select * from auth.identities where provider = 'google' and provider_id = $1 for update`,
      [sub],
    );
    let userId = identity?.user_id;
    const existing = userId ? await findUserById(tx, userId) : await findUserByEmail(tx, email);
    if (existing) {
      const [role] = await tx.query('select 1 from public.user_roles where user_id = $1 limit 1', [
        existing.id,
      ]);
      if (role) throw new PickerRefused('role');
      if (existing.email_confirmed_at && (existing.encrypted_password || !identity)) {
        throw new PickerRefused('password account');
      }
    }
    if (existing && !identity) {
      // Unconfirmed, not ours: drop everything its creator chose before Google vouches for the e-mail.
      userId = existing.id;
      await tx.query(
        `update auth.users set encrypted_password = null, confirmation_token = null, recovery_token = null,
           raw_user_meta_data = '{}', raw_app_meta_data = $2::jsonb, updated_at = now() where id = $1`,
        [userId, { provider: 'google', providers: ['google'] }],
      );
      await tx.query('delete from auth.identities where user_id = $1', [userId]);
      await tx.query('delete from auth.sessions where user_id = $1', [userId]);
    } else if (!existing) {
      userId = randomUUID();
      await tx.query(
        `insert into auth.users (id, email, email_confirmed_at, raw_app_meta_data, raw_user_meta_data)
         values ($1, $2, now(), $3::jsonb, '{}')`,
        [userId, email, { provider: 'google', providers: ['google'] }],
      );
    }
    if (identity) {
      await tx.query(
        `update auth.identities set identity_data = $2::jsonb, last_sign_in_at = now(), updated_at = now()
         where id = $1`,
        [identity.id, identityData],
      );
    } else {
      await tx.query(
        `insert into auth.identities (user_id, provider, provider_id, identity_data, last_sign_in_at)
         values ($1, 'google', $2, $3::jsonb, now())`,
        [userId, sub, identityData],
      );
    }
    // Google vouches for the e-mail, so the account counts as confirmed; metadata follows the identity.
    await tx.query(
      `update auth.users set
         email_confirmed_at = coalesce(email_confirmed_at, now()),
         raw_user_meta_data = raw_user_meta_data || $2::jsonb,
         raw_app_meta_data = jsonb_set(raw_app_meta_data, '{providers}',
           (select coalesce(jsonb_agg(distinct p), '[]') from jsonb_array_elements_text(
             coalesce(raw_app_meta_data->'providers', '[]') || '["google"]') p)),
         updated_at = now()
       where id = $1`,
      [userId, { name, full_name: name, avatar_url: picture, email, email_verified: true }],
    );
    return (await findUserById(tx, userId!))!;
  });
}

/** GET /authorize?provider=google → a local account chooser; GET /callback → session in the fragment. */
export function oauthRoutes(ctx: AuthContext) {
  const app = new Hono<AuthEnv>();

  app.get('/authorize', async (c) => {
    const provider = c.req.query('provider');
    if (provider !== 'google' || !ctx.demoOAuth) {
      throw errors.validation(`Unsupported provider: Provider ${provider ?? ''} could not be found`);
    }
    const redirectTo = safeRedirect(ctx, c.req.query('redirect_to'));
    // Signed like GoTrue's OAuth state, so the callback only trusts what this page started.
    const state = await ctx.keys.sign(
      { purpose: 'oauth_state', provider, redirect_to: redirectTo },
      STATE_TTL,
    );
    return htmlResponse(chooserPage(ctx, state));
  });

  app.get('/callback', async (c) => {
    const fail = (to: string, code: string, description: string) => {
      const data = { error: 'access_denied', error_code: code, error_description: description };
      const url = new URL(withFragment(to, data));
      for (const [k, v] of Object.entries(data)) url.searchParams.set(k, v);
      return c.redirect(url.toString(), 302);
    };
    let redirectTo: string;
    try {
      const claims = await ctx.keys.verify(c.req.query('state') ?? '');
      if (claims.purpose !== 'oauth_state') throw new Error('wrong token');
      redirectTo = safeRedirect(ctx, String(claims.redirect_to ?? ''));
    } catch {
      return fail(ctx.siteUrl, 'bad_oauth_state', 'OAuth state parameter is invalid');
    }
    if (c.req.query('error')) return fail(redirectTo, 'provider_error', 'Login com Google cancelado');
    const email = normalizeEmail(c.req.query('email'));
    if (!email) return fail(redirectTo, 'provider_email_needs_verification', 'E-mail inválido');
    const name = (c.req.query('name') ?? '').trim().slice(0, 120) || email.split('@')[0]!;

    let user: UserRow;
    try {
      user = await upsertGoogleUser(ctx, name, email);
    } catch (err) {
      if (!(err instanceof PickerRefused)) throw err;
      return fail(
        redirectTo,
        'identity_already_exists',
        'Este e-mail já tem uma conta: entre com e-mail e senha. O login Google simulado só entra em contas criadas por ele.',
      );
    }
    const session = await createSession(ctx, user, 'oauth');
    return c.redirect(
      withFragment(redirectTo, {
        access_token: session.access_token,
        expires_at: session.expires_at,
        expires_in: session.expires_in,
        provider_token: `local-google-${randomBytes(16).toString('base64url')}`,
        refresh_token: session.refresh_token,
        token_type: 'bearer',
      }),
      302,
    );
  });

  return app;
}
