/** The payer and description Mercado Pago gets for a checkout (shared by mp-card and mp-pix). */
import { qb, runOneOrNull } from '../../../db/kysely.ts';
import type { CreatePaymentInput } from '../../../ports/index.ts';
import type { MethodContext } from './method.ts';

export async function paymentBasics(
  ctx: MethodContext,
): Promise<Pick<CreatePaymentInput, 'payer' | 'description' | 'notificationUrl' | 'amountCents'>> {
  const profile = await runOneOrNull(
    ctx.ports.db,
    qb.selectFrom('profiles').select(['name', 'cpf']).where('id', '=', ctx.user.id),
  );
  const [firstName, ...rest] = (profile?.name ?? '').trim().split(/\s+/);
  return {
    // the value frozen on the registration: never an amount the browser sent
    amountCents: ctx.amount,
    description: `${ctx.event.title} — ${ctx.tier.name}`.slice(0, 250),
    notificationUrl: ctx.ports.env.mercadoPago?.notificationUrl,
    payer: {
      email: ctx.user.email,
      ...(firstName ? { firstName } : {}),
      ...(rest.length ? { lastName: rest.join(' ') } : {}),
      ...(profile?.cpf ? { identification: { type: 'CPF' as const, number: profile.cpf } } : {}),
    },
  };
}
