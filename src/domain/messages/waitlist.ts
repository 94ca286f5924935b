/** pt-BR texts of the waiting list (docs/product-spec.md §4, 'Lista de espera'). */
export const waitlistMessages = {
  join: 'Entrar na lista de espera',
  leave: 'Sair da lista de espera',
  joined: 'Você entrou na lista de espera.',
  left: 'Você saiu da lista de espera.',
  soldOutHint: 'Se uma vaga voltar, avisamos por e-mail o primeiro da fila.',
  position: (ordinal: string) => `Você é o ${ordinal} da fila.`,
  offer: (until: string) => `Uma vaga voltou e está reservada para você até ${until}.`,
  takeOffer: 'Garantir minha vaga',
  checkoutHeld: (until: string) => `Vaga reservada para você pela lista de espera até ${until}.`,
  // staff
  staffOpen: 'Lista de espera',
  staffTitle: (tier: string) => `Lista de espera: ${tier}`,
  staffEmpty: 'Ninguém na lista de espera deste lote.',
  staffPosition: 'Posição',
  staffPerson: 'Pessoa',
  staffSince: 'Desde',
  staffState: 'Situação',
  staffWaiting: 'Aguardando',
  staffOffered: (until: string) => `Oferta até ${until}`,
  staffMoveUp: 'Subir',
  staffMoveDown: 'Descer',
  staffRemove: 'Remover',
  staffRemoveConfirm: (name: string) => `Remover ${name} da lista de espera?`,
  staffOffer: 'Enviar oferta',
  staffOffered_: 'Oferta enviada.',
  staffHours: 'Tempo para aceitar a oferta (horas)',
  staffHoursSave: 'Salvar tempo',
  staffHoursSaved: 'Tempo da oferta salvo.',
  staffHoursHint:
    'Nunca passa do início do evento: perto dele, a reserva dura no máximo um quarto do tempo que falta.',
  invalidDirection: 'Escolha subir ou descer.',
  invalidHours: 'Informe um número inteiro de horas entre 1 e 168.',
  // e-mail
  mailSubject: (title: string) => `Uma vaga para você: ${title}`,
  mailLead: (title: string, tier: string) =>
    `Uma vaga do lote ${tier} de ${title} voltou e você é o primeiro da lista de espera.`,
  mailHeld: (until: string) =>
    `Ela está reservada para você até ${until}. Depois disso, passa para a próxima pessoa da fila.`,
  mailLink: 'Garantir minha vaga',
  mailUntil: 'Reservada até',
} as const;

/** Error codes of the waiting list. */
export const waitlistApiErrors = {
  WAITLIST_NOT_SOLD_OUT: 'Este lote ainda tem vagas: faça sua inscrição.',
  WAITLIST_CLOSED: 'A lista de espera deste lote está fechada.',
  WAITLIST_ALREADY_JOINED: 'Você já está na lista de espera deste lote.',
  WAITLIST_ALREADY_REGISTERED: 'Você já tem uma inscrição neste evento.',
  WAITLIST_ENTRY_NOT_FOUND: 'Esta pessoa não está mais na lista de espera.',
  WAITLIST_NO_PLACE:
    'Não há vaga para oferecer: todas estão ocupadas ou reservadas. A oferta vai automaticamente quando uma vaga voltar.',
} as const;
