/**
 * The Notifier port over the WhatsApp Business Cloud API: an approved template per message,
 * `POST {apiUrl}/{version}/{phoneNumberId}/messages` with the system user's access token
 * (`Authorization: Bearer`). Configured by environment variables (`notifierFromEnv`, README
 * 'Reminders and notices'); the local host points `apiUrl` at its stand-in in dev mode.
 *
 * A 4xx answer (but 408 and 429) is permanent (a number without WhatsApp, a template not approved):
 * the outbox gives up on that message; anything else (5xx, 429, network, time limit) is retried.
 */
import {
  type Notifier,
  NotifierError,
  WHATSAPP_TEMPLATES,
  type WhatsAppMessage,
  type WhatsAppTemplate,
} from '../ports/notifier.ts';

export const GRAPH_API_URL = 'https://graph.facebook.com';
export const GRAPH_API_VERSION = 'v21.0';

export interface WhatsAppCloudConfig {
  accessToken: string;
  phoneNumberId: string;
  /** Default https://graph.facebook.com (the stand-in or a test server otherwise). */
  apiUrl?: string;
  /** Graph API version, e.g. v21.0. */
  apiVersion?: string;
  /** The templates' language as approved (default pt_BR). */
  language?: string;
  /** Another name for a template than WHATSAPP_TEMPLATES' (as it was approved). */
  templateNames?: Partial<Record<WhatsAppTemplate, string>>;
  fetch?: typeof fetch;
  describe?: string;
}

/**
 * WhatsApp refuses a parameter with a line break, a tab or more than four spaces in a row, and an
 * empty one: each becomes one line of plain text ('—' when empty), at most 1024 characters.
 */
export function templateParam(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim().slice(0, 1024);
  return flat === '' ? '—' : flat;
}

/** The request body of one template message (Cloud API "messages" endpoint). */
export function templateRequest(
  message: WhatsAppMessage,
  config: Pick<WhatsAppCloudConfig, 'language' | 'templateNames'>,
) {
  return {
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    to: message.to,
    type: 'template',
    template: {
      name: config.templateNames?.[message.template] || WHATSAPP_TEMPLATES[message.template].name,
      language: { code: config.language || 'pt_BR' },
      components: [
        {
          type: 'body',
          parameters: message.params.map((text) => ({ type: 'text', text: templateParam(text) })),
        },
      ],
    },
  };
}

export function createWhatsAppCloudNotifier(config: WhatsAppCloudConfig): Notifier {
  if (!config.accessToken || !config.phoneNumberId) {
    throw new Error('WhatsApp precisa de WHATSAPP_TOKEN e WHATSAPP_PHONE_NUMBER_ID');
  }
  const doFetch = config.fetch ?? fetch;
  const base = (config.apiUrl || GRAPH_API_URL).replace(/\/+$/, '');
  const url = `${base}/${config.apiVersion || GRAPH_API_VERSION}/${encodeURIComponent(config.phoneNumberId)}/messages`;
  return {
    describe: config.describe ?? 'whatsapp-cloud',
    async send(message, signal) {
      let response: Response;
      try {
        response = await doFetch(url, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${config.accessToken}`,
            'content-type': 'application/json',
          },
          body: JSON.stringify(templateRequest(message, config)),
          signal,
        });
      } catch (error) {
        throw new NotifierError(`whatsapp: ${(error as Error)?.message ?? String(error)}`);
      }
      if (response.ok) {
        await response.body?.cancel();
        return;
      }
      // Graph API errors: { error: { message, type, code, error_subcode, fbtrace_id } } — never the token
      const detail = await response
        .json()
        .then((b: { error?: { message?: string; code?: number } }) =>
          b?.error ? `${b.error.code ?? ''} ${b.error.message ?? ''}`.trim() : '',
        )
        .catch(() => '');
      const permanent =
        response.status >= 400 && response.status < 500 && ![408, 429].includes(response.status);
      throw new NotifierError(`whatsapp ${response.status}${detail ? `: ${detail}` : ''}`, permanent);
    },
  };
}

/**
 * From the environment (Deno entry, local host): WHATSAPP_TOKEN, WHATSAPP_PHONE_NUMBER_ID and the
 * optional WHATSAPP_API_URL, WHATSAPP_API_VERSION, WHATSAPP_TEMPLATE_LANGUAGE and
 * WHATSAPP_TEMPLATE_EVENT_REMINDER / _PAYMENT_REMINDER / _CARAVAN_PAID. Without a token: null (the
 * WhatsApp rows wait in the outbox).
 */
export function notifierFromEnv(get: (name: string) => string | undefined): Notifier | null {
  const accessToken = get('WHATSAPP_TOKEN')?.trim();
  if (!accessToken) return null;
  const templateNames: Partial<Record<WhatsAppTemplate, string>> = {};
  for (const key of Object.keys(WHATSAPP_TEMPLATES) as WhatsAppTemplate[]) {
    const name = get(`WHATSAPP_TEMPLATE_${key.toUpperCase()}`)?.trim();
    if (name) templateNames[key] = name;
  }
  return createWhatsAppCloudNotifier({
    accessToken,
    phoneNumberId: get('WHATSAPP_PHONE_NUMBER_ID')?.trim() ?? '',
    apiUrl: get('WHATSAPP_API_URL')?.trim() || undefined,
    apiVersion: get('WHATSAPP_API_VERSION')?.trim() || undefined,
    language: get('WHATSAPP_TEMPLATE_LANGUAGE')?.trim() || undefined,
    templateNames,
  });
}
