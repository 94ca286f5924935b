/** pt-BR texts of the e-mails members get about their registrations (our wording: the spec gives none). */
export const emailMessages = {
  greeting: (firstName: string) => (firstName ? `Olá, ${firstName}!` : 'Olá!'),
  subjects: {
    confirmed: (title: string) => `Inscrição confirmada: ${title}`,
    received: (title: string) => `Inscrição recebida: ${title}`,
    approved: (title: string) => `Pagamento aprovado: ${title}`,
    rejected: (title: string) => `Pagamento recusado: ${title}`,
    pixExpired: (title: string) => `PIX expirado: ${title}`,
    cashExpired: (title: string) => `Vaga liberada: ${title}`,
    eventRemoved: (title: string) => `Evento removido: ${title}`,
    caravanSummary: (title: string, status: string) => `Resumo da caravana (${status}): ${title}`,
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
  tryAgain:
    'Sua inscrição continua guardada: tente novamente nela, enviando outro comprovante ou escolhendo outra forma de pagamento.',
  tryAgainLink: 'Tentar novamente',
  pixExpired: (title: string) =>
    `O PIX da sua inscrição em ${title} expirou sem pagamento, e a vaga voltou para o lote.`,
  pixTryAgain: 'Sua inscrição continua guardada: gere um novo PIX para ela e pague dentro do novo prazo.',
  newPixLink: 'Gerar novo PIX',
  guestAskLeader: 'Fale com quem inscreveu você na caravana: só essa pessoa pode refazer o pagamento.',
  caravanSummary: (title: string, people: number, total: string, status: string) =>
    `Resumo da caravana que você inscreveu em ${title}: ${people} pessoas, total ${total}. Pagamento: ${status}.`,
  caravanPaid:
    'Pagamento confirmado: cada pessoa tem o seu ingresso. Os ingressos e o QR da caravana estão em Minhas inscrições.',
  caravanPending:
    'Os ingressos ficam confirmados quando o pagamento for aprovado; você recebe outro resumo quando isso acontecer.',
  caravanNotPaid:
    'O pagamento não foi concluído e as vagas voltaram para o lote. Para levar a caravana, faça uma nova inscrição de caravana.',
  caravanPerson: (n: number, status: string) => `Pessoa ${n} (${status})`,
  caravanLink: 'Ver a caravana',
  cashExpired: (title: string) =>
    `O pagamento em dinheiro da inscrição em ${title} não foi confirmado no prazo, e a vaga voltou para o lote.`,
  cashTryAgain: 'Para participar, faça uma nova inscrição pela página do evento.',
  cashExpiredCaravan: (title: string, people: number) =>
    `O pagamento em dinheiro da sua caravana de ${people} pessoas em ${title} não foi confirmado no prazo, e as vagas voltaram para o lote.`,
  eventRemoved: (title: string, when: string) =>
    `O evento ${title}, marcado para ${when}, foi removido pela organização.`,
  eventRemovedKept:
    'Sua inscrição continua registrada, com os pagamentos feitos. Em caso de dúvida, fale com a organização.',
  ticketHint: (code: string) =>
    `Na entrada, apresente o QR code do seu ingresso ou informe o código ${code}.`,
  calendarHint: 'O arquivo anexo (.ics) adiciona o evento à sua agenda.',
  calendarRemovedHint: 'O arquivo anexo (.ics) remove o evento da sua agenda.',
  details: {
    person: 'Ingresso de',
    event: 'Evento',
    when: 'Data',
    where: 'Local',
    tier: 'Lote',
    price: 'Valor',
    method: 'Forma de pagamento',
    code: 'Código do ingresso',
    total: 'Total',
    paymentStatus: 'Situação do pagamento',
  },
  ticketLink: 'Ver meu ingresso',
  registrationLink: 'Ver minha inscrição',
  eventLink: 'Ver o evento',
  footer: 'Você recebeu este e-mail porque tem uma inscrição no Congrega.',
  calendarFile: 'evento.ics',
} as const;
