/** pt-BR texts of walk-ins and cash at the door (src/domain/door-sales.ts). */
export const doorSalesMessages = {
  open: 'Venda na porta',
  title: 'Venda na porta',
  name: 'Nome completo',
  cpfOrPhone: 'CPF ou telefone',
  cpfOrPhoneHelp: 'Um CPF válido ou um celular com DDD.',
  cpfOrPhoneInvalid: 'Informe um CPF válido ou um telefone com DDD.',
  tier: 'Lote',
  noTiers: 'Este evento não tem lote para vender na porta. Baixe a lista de inscritos de novo com internet.',
  free: 'Entrada gratuita',
  cashReceivedAmount: (amount: string) => `Dinheiro recebido: ${amount}`,
  cashNotConfirmed: 'Confirme que recebeu o dinheiro antes de admitir.',
  submit: 'Registrar e admitir',
  cancel: 'Cancelar',
  nameInvalid: 'Informe o nome e o sobrenome (até 120 caracteres).',
  tierInvalid: 'Escolha um lote deste evento.',
  amountInvalid: 'Valor inválido.',
  walkInAdmitted: (firstName: string) => `Checkin de ${firstName} feito! Venda na porta registrada.`,
  cashDue: (amount: string) => `Pagamento em dinheiro pendente — ${amount}`,
  cashReceived: 'Dinheiro recebido',
  cashAdmitted: (firstName: string, amount: string) =>
    `Checkin de ${firstName} feito! Dinheiro recebido: ${amount}.`,
  /** a walk-in whose CPF already had a registration in the event (kept with the doors' conflicts) */
  walkInConflict: (name: string, registered: string) =>
    `${name}: o CPF já tinha inscrição neste evento (${registered}); a venda na porta não criou outra.`,
  doorWalkInConflict: (name: string, device: string, at: string, registered: string) =>
    `Venda na porta de ${name} (${device} às ${at}): o CPF já tinha inscrição de ${registered}; não foi criada outra.`,
} as const;
