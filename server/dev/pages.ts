import type { Hono } from 'hono';
import { avatarSvg } from '../auth/oauth.ts';
import { type Mailbox, mailboxRoutes } from '../mailbox.ts';
import type { RequestEnv } from '../request-env.ts';
import { isPicker } from '../surface.ts';
import type { MercadoPagoFake } from './mercadopago.ts';
import { devOnly } from './mode.ts';
import type { WhatsAppStandIn } from './whatsapp.ts';

/**
 * The host's own pages under /_dev (and the simulated Google sign-in's guard): registered before the
 * auth routes, so the guard runs first.
 */
export function mountDevPages(
  app: Hono<{ Bindings: RequestEnv }>,
  opts: {
    devHelpers: boolean;
    publicUrl: string;
    /** The dev mailbox; null when mail goes out by SMTP (no mailbox pages then). */
    mailbox: Mailbox | null;
    mercadoPagoFake: MercadoPagoFake | null;
    whatsAppStandIn: WhatsAppStandIn | null;
  },
): void {
  // The initials avatar is not a dev helper: Google users' avatar_url points here (the app shows
  // it as the profile photo, also to phones on the LAN). It only draws the initials of `name`.
  app.get('/_dev/avatar.svg', (c) =>
    c.body(avatarSvg(c.req.query('name') ?? ''), 200, {
      'content-type': 'image/svg+xml',
      'cache-control': 'public, max-age=86400',
    }),
  );
  // Dev helpers: gone when dev mode is off, and only for this machine when on.
  const devGuard = devOnly({ enabled: opts.devHelpers, publicUrl: opts.publicUrl });
  app.use('/_dev/*', devGuard);
  app.use('/auth/v1/*', (c, next) =>
    isPicker(c.req.path, c.req.query('provider')) ? devGuard(c, next) : next(),
  );
  if (opts.devHelpers && opts.mailbox) app.route('/_dev', mailboxRoutes(opts.mailbox));
  if (opts.mercadoPagoFake) app.route('/_dev/mercadopago', opts.mercadoPagoFake.routes);
  if (opts.whatsAppStandIn) app.route('/_dev/whatsapp', opts.whatsAppStandIn.routes);
}
