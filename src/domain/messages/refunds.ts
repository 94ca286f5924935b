/** pt-BR texts of refunds, chargebacks and the right of withdrawal (docs/product-spec.md §4, 'Reembolsos'). */
export const refundMessages = {
  /** Shown before payment (checkout) and on the registration. */
  rule: (days: number) =>
    days > 0
      ? `Direito de arrependimento: você pode cancelar e receber o valor de volta em até ${days} ${days === 1 ? 'dia' : 'dias'} após o pagamento, desde que antes do início do evento.`
      : 'Este evento não aceita cancelamento com reembolso pelo app. Fale com a equipe se precisar.',
  memberAction: 'Cancelar e pedir reembolso',
  memberConfirm: (value: string) =>
    `Cancelar sua inscrição e receber ${value} de volta? Sua vaga será liberada para outra pessoa.`,
  memberConfirmYes: 'Sim, cancelar e reembolsar',
  memberConfirmNo: 'Voltar',
  memberDone: 'Reembolso solicitado! O valor volta pela mesma forma de pagamento.',
  memberOffline: 'Fale com a equipe do evento para pedir o reembolso do pagamento feito fora do app.',
  refunded: (value: string, date: string) => `Reembolsado: ${value} em ${date}.`,
  chargedBack: 'O pagamento foi contestado junto ao banco (estorno). Este ingresso não vale mais.',
  staffAction: 'Reembolsar',
  staffTitle: 'Reembolsar inscrição',
  staffLeadProvider: (value: string) =>
    `${value} voltam ao pagador pelo Mercado Pago (reembolso total). A vaga é liberada.`,
  staffLeadManual: (value: string) =>
    `Registre aqui o reembolso de ${value} feito fora do app (PIX ou dinheiro). A vaga é liberada.`,
  staffReason: 'Motivo do reembolso',
  staffConfirm: 'Confirmar reembolso',
  staffRecorded: 'Reembolso registrado',
  staffRecordedBy: (who: string, when: string, value: string) => `${value} · por ${who} em ${when}`,
  chargebackBy: 'Estorno (chargeback) informado pelo Mercado Pago',
  origins: { member: 'o inscrito', staff: 'a equipe', provider: 'Mercado Pago' },
  /** Staff e-mail about a chargeback. */
  chargebackMailSubject: (title: string) => `Estorno de pagamento: ${title}`,
} as const;

/** Error codes of refunds. */
export const refundApiErrors = {
  NOT_REFUNDABLE: 'Esta inscrição não pode ser reembolsada.',
  WITHDRAWAL_CLOSED: 'O prazo para cancelar com reembolso já passou.',
  REFUND_OFFLINE_METHOD:
    'Pagamentos por comprovante, presencial ou link são reembolsados pela equipe. Fale com a equipe do evento.',
  PAID_NEEDS_REFUND:
    'Esta inscrição está paga: use Reembolsar para devolver o valor (ou registrar a devolução) e liberar a vaga.',
  REFUND_FAIL: 'Não foi possível pedir o reembolso ao Mercado Pago agora. Tente novamente em alguns minutos.',
} as const;
