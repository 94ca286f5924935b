/** pt-BR texts of the e-mails members get about their registrations (our wording: the spec gives none). */
export const emailMessages = {
  greeting: (firstName: string) => (firstName ? `Olá, ${firstName}!` : 'Olá!'),
  subjects: {
    confirmed: (title: string) => `Inscrição confirmada: ${title}`,
    received: (title: string) => `Inscrição recebida: ${title}`,
    approved: (title: string) => `Pagamento aprovado: ${title}`,
    rejected: (title: string) => `Pagamento recusado: ${title}`,
    pixExpired: (title: string) => `PIX expirado: ${title}`,
    eventRemoved: (title: string) => `Evento removido: ${title}`,
    refunded: (title: string) => `Reembolso: ${title}`,
    chargeback: (title: string) => `Estorno de pagamento: ${title}`,
  },
  refunded: (title: string, value: string, method: string) =>
    `Sua inscrição em ${title} foi cancelada e ${value} ${method ? `(${method}) ` : ''}foram reembolsados. O prazo para o valor aparecer depende do seu banco ou cartão.`,
  refundedPlace: 'A vaga voltou para o lote. O ingresso desta inscrição não vale mais.',
  chargeback: (title: string, name: string, code: string) =>
    `O pagamento da inscrição de ${name} em ${title} (código ${code}) foi contestado junto ao banco (estorno). O ingresso foi invalidado e a vaga voltou para o lote.`,
  chargebackHint: 'Confira a inscrição em Todas as Inscrições e, se for o caso, fale com a pessoa.',
  adminLink: 'Ver inscrições',
  confirmed: (title: string) => `Sua inscrição em ${title} está confirmada.`,
  received: (title: string, method: string) =>
    `Recebemos sua inscrição em ${title}. Ela fica confirmada quando o pagamento (${method}) for aprovado; avisaremos por e-mail.`,
  approved: (title: string, method: string) =>
    `O pagamento da sua inscrição em ${title} (${method}) foi aprovado. Sua inscrição está confirmada.`,
  rejected: (title: string, method: string) =>
    `O pagamento da sua inscrição em ${title} (${method}) foi recusado.`,
  reason: (reason: string) => `Motivo: ${reason}`,
  tryAgain: 'Se quiser, faça uma nova inscrição pela página do evento:',
  pixExpired: (title: string) =>
    `O PIX da sua inscrição em ${title} expirou sem pagamento, e a vaga voltou para o lote.`,
  pixTryAgain: 'Para participar, faça uma nova inscrição pela página do evento:',
  eventRemoved: (title: string, when: string) =>
    `O evento ${title}, marcado para ${when}, foi removido pela organização.`,
  eventRemovedKept:
    'Sua inscrição continua registrada, com os pagamentos feitos. Em caso de dúvida, fale com a organização.',
  ticketHint: (code: string) =>
    `Na entrada, apresente o QR code do seu ingresso ou informe o código ${code}.`,
  calendarHint: 'O arquivo anexo (.ics) adiciona o evento à sua agenda.',
  calendarRemovedHint: 'O arquivo anexo (.ics) remove o evento da sua agenda.',
  details: {
    event: 'Evento',
    when: 'Data',
    where: 'Local',
    tier: 'Lote',
    price: 'Valor',
    method: 'Forma de pagamento',
    code: 'Código do ingresso',
  },
  ticketLink: 'Ver meu ingresso',
  registrationLink: 'Ver minha inscrição',
  eventLink: 'Ver o evento',
  footer: 'Você recebeu este e-mail porque tem uma inscrição no Congrega.',
  calendarFile: 'evento.ics',
} as const;
