/**
 * Where the API's WhatsApp messages go (runtime-neutral: Web APIs only). WhatsApp lets a business
 * start a conversation only with a template Meta approved beforehand, so a message here is a
 * template (by what it tells) and its body's variables, never free text. Adapters: the WhatsApp
 * Business Cloud API (adapters/whatsapp-cloud.ts), pointed by the local host at its stand-in
 * (/_dev/whatsapp) in dev mode. What to send and when (the outbox, retries, backoff) is
 * functions/api/mail/outbox.ts, as for e-mail.
 */

/** The WhatsApp templates (README 'Reminders and notices' lists them to submit to Meta). */
export type WhatsAppTemplate = 'event_reminder' | 'payment_reminder' | 'caravan_paid';

/**
 * Each template's body as submitted (category UTILITY, language pt_BR), {{n}} being the n-th
 * parameter. The default names are `congrega_<key>`; WHATSAPP_TEMPLATE_<KEY> renames one.
 */
export const WHATSAPP_TEMPLATES: Record<WhatsAppTemplate, { name: string; body: string; example: string[] }> =
  {
    event_reminder: {
      name: 'congrega_lembrete_evento',
      body:
        'Olá, {{1}}! Lembrete: {{2}} começa {{3}}.\nLocal: {{4}}\nRecado da organização: {{5}}\n' +
        'Seu ingresso: {{6}}\nPara não receber mais lembretes: {{7}}',
      example: [
        'Ana',
        'Retiro de Jovens',
        'sábado, 12 de dezembro às 19:30',
        'Templo Central — Rua das Flores, 100',
        'Traga sua Bíblia.',
        'https://congrega.example/my-registrations/…',
        'https://congrega.example/lembretes/sair/…',
      ],
    },
    payment_reminder: {
      name: 'congrega_pagamento_pendente',
      body:
        'Olá, {{1}}! Sua inscrição em {{2}} ainda espera o pagamento ({{3}}), que vence {{4}}.\n' +
        'Ver inscrição: {{5}}\nPara não receber mais lembretes: {{6}}',
      example: [
        'Ana',
        'Retiro de Jovens',
        'PIX',
        'hoje às 18:30',
        'https://congrega.example/my-registrations/…',
        'https://congrega.example/lembretes/sair/…',
      ],
    },
    caravan_paid: {
      name: 'congrega_caravana_paga',
      body:
        'Olá, {{1}}! Todas as {{2}} pessoas da sua caravana para {{3}} estão com o pagamento confirmado.\n' +
        'Ver caravana: {{4}}\nPara não receber mais lembretes: {{5}}',
      example: [
        'Ana',
        '5',
        'Retiro de Jovens',
        'https://congrega.example/my-registrations/…',
        'https://congrega.example/lembretes/sair/…',
      ],
    },
  };

/** The body a template's parameters make (what the member reads; the dev stand-in shows it). */
export function whatsAppText(template: WhatsAppTemplate, params: readonly string[]): string {
  return WHATSAPP_TEMPLATES[template].body.replace(/\{\{(\d+)\}\}/g, (_, n) => params[Number(n) - 1] ?? '');
}

export interface WhatsAppMessage {
  /** The outbox row's id: stable across retries (the stand-in keeps a message once per id). */
  id: string;
  /** The number with its country code, digits only (e.g. 5511987654321). */
  to: string;
  template: WhatsAppTemplate;
  /** The body's variables in order ({{1}}, {{2}}, …); WhatsApp refuses empty ones. */
  params: string[];
}

export interface Notifier {
  /** Where messages go, without secrets, for logs (e.g. 'whatsapp-cloud', 'whatsapp-stand-in'). */
  readonly describe: string;
  /** Resolves once WhatsApp accepted the message; throws a NotifierError otherwise. */
  send(message: WhatsAppMessage, signal: AbortSignal): Promise<void>;
}

/** A send that failed; `permanent` ones (a number or a template WhatsApp refuses) are not retried. */
export class NotifierError extends Error {
  constructor(
    message: string,
    readonly permanent = false,
  ) {
    super(message);
    this.name = 'NotifierError';
  }
}
