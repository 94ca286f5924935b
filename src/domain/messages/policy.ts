/**
 * 'Detalhes' of the event overlay: the registration and check-in policy (product-spec.md §2 names the policy
 * text but gives no wording; these are ours).
 */
export const policyMessages = {
  registration: {
    open: 'Entrada livre: não é preciso se inscrever.',
    allows: 'Inscrição opcional: você pode participar sem se inscrever, mas a inscrição garante a sua vaga.',
    requires: 'Inscrição obrigatória: só participa quem tiver a inscrição confirmada.',
  },
  checkin: {
    requires: 'Check-in obrigatório na entrada: apresente o QR code da sua inscrição ou informe o código.',
    none: 'Não é preciso fazer check-in.',
  },
  checkinWindow: (from: string, to: string) => `Check-in aberto de ${from} até ${to}.`,
  checkinFrom: (from: string) => `Check-in aberto a partir de ${from}.`,
  checkinUntil: (to: string) => `Check-in aberto até ${to}.`,
} as const;
