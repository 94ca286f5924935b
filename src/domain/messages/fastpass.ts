/** The /fastpass explainer (product-spec.md §1 rules; the wording of the page is ours). */
export const fastpassMessages = {
  title: 'Fastpass',
  lead: 'O Fastpass é uma reserva gratuita de lugar para vigílias e eventos.',
  rulesTitle: 'Como funciona',
  rules: [
    'A reserva vale até o início do evento.',
    'Cada Fastpass vale para uma pessoa e as crianças que a acompanham.',
    'Cada participante com mais de 12 anos emite o seu próprio Fastpass.',
    'O Fastpass pode ser emitido até 1 hora antes do início do evento.',
    'A organização pode suspender ou cancelar o Fastpass.',
    'Os eventos continuam abertos ao público em geral, mesmo sem reserva.',
  ],
  support: 'Dúvidas? Escreva para',
  toEvents: 'Ver eventos »',
} as const;
