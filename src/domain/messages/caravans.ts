import { CARAVAN_LIMITS } from '../caravan-limits.ts';

/** pt-BR texts of caravans: a leader registering several people on one tier in one checkout. */
export const caravanMessages = {
  title: 'Inscrição em caravana',
  intro:
    'Inscreva várias pessoas da sua congregação de uma vez: um pagamento para todas, um ingresso para cada.',
  open: 'Inscrever uma caravana »',
  person: (n: number) => `Pessoa ${n}`,
  name: 'Nome completo',
  cpf: 'CPF',
  email: 'E-mail (opcional)',
  emailHint: 'Quem tiver e-mail recebe o próprio ingresso e pode guardá-lo na sua conta.',
  addPerson: '+ Adicionar pessoa',
  removePerson: (n: number) => `Remover pessoa ${n}`,
  total: (people: number, value: string) => `${people} pessoas · total ${value}`,
  method: 'Forma de pagamento',
  submit: 'Inscrever caravana »',
  submitting: 'Inscrevendo...',
  minPeople: 'Uma caravana tem pelo menos 2 pessoas.',
  maxPeople: (max: number) => `Uma caravana tem no máximo ${max} pessoas.`,
  duplicateCpf: (row: number) => `Pessoa ${row}: esse CPF já está em outra linha da caravana.`,
  pixCode: 'Código PIX copia e cola',
  pixQrAlt: 'QR code do PIX',
  pixHint: 'Um só PIX para toda a caravana: quando for pago, todos os ingressos ficam confirmados.',
  done: 'Caravana inscrita! Cada pessoa tem o seu ingresso.',
  groupTitle: (people: number) => `Caravana · ${people} pessoas`,
  groupQrTitle: 'QR da caravana (para o líder na entrada)',
  groupQrAlt: (people: number) => `QR code da caravana de ${people} pessoas`,
  tickets: 'Ingressos',
  ticketOf: (name: string) => `Ingresso de ${name}`,
  guestLabel: 'Convidado(a)',
  leader: 'Líder',
  staffGroup: 'Caravana',
  staffLeader: (name: string) => `Caravana inscrita por ${name}`,
  claimTitle: 'Guardar ingresso na minha conta',
  claimText:
    'Este ingresso foi feito por um líder de caravana para o seu e-mail. Guarde-o na sua conta para vê-lo em Minhas inscrições.',
  claimButton: 'Guardar na minha conta »',
  claimed: 'Pronto! O ingresso agora está em Minhas inscrições.',
  claimByCpf: (leader: string) =>
    `${leader} inscreveu o seu CPF numa caravana deste evento. Guarde o ingresso na sua conta ou, se não vai com essa caravana, libere o seu CPF.`,
  releaseButton: 'Liberar meu CPF',
  released: 'Pronto! Seu CPF foi liberado: você já pode fazer a sua própria inscrição.',
  openHeldTicket: 'Abrir o ingresso »',
  releasedReason: 'CPF liberado pela própria pessoa',
  seeEvents: 'Ver os eventos »',
  // the door
  doorGroupTitle: (people: number) => `Caravana de ${people} pessoas`,
  doorAdmitAll: 'Admitir todos os presentes »',
  doorAdmitChecked: 'Admitir marcados »',
  doorAlreadyIn: (time: string) => `já entrou às ${time}`,
  doorNotPaid: 'pagamento pendente',
  doorAdmitted: (n: number) => (n === 1 ? '1 pessoa admitida.' : `${n} pessoas admitidas.`),
  doorNoneLeft: 'Todos da caravana já entraram.',
  doorClose: 'Fechar',
  doorSeeGroup: 'Ver a caravana desta pessoa »',
  // staff: the event's caravan limits
  unpaidPerLeader: 'Pessoas com pagamento pendente por líder: um número inteiro de 2 a 1000.',
  cashHoldHours: 'Horas que uma caravana em dinheiro segura as vagas: um número inteiro de 1 a 720.',
  limitsTitle: 'Caravanas',
  limitsUnpaidLabel: 'Pessoas com pagamento pendente por líder',
  limitsUnpaidHint: 'Quantas pessoas um líder pode inscrever sem pagar (de 2 a 1000).',
  limitsCashLabel: 'Horas que uma caravana em dinheiro segura as vagas',
  limitsCashHint: 'Depois disso, as vagas não pagas voltam à venda e todos recebem um e-mail (de 1 a 720).',
  limitsSave: 'Salvar limites das caravanas',
  limitsSaved: 'Limites das caravanas salvos.',
} as const;

/** API errors of the caravan checkout and the claim. */
export const caravanApiErrors = {
  CARAVAN_CPF_REGISTERED: 'Esse CPF já tem uma inscrição para esse evento.',
  CARAVAN_INVALID: 'Confira os dados das pessoas da caravana.',
  CLAIM_NOT_ALLOWED: 'Este ingresso não é para o e-mail da sua conta.',
  CARAVAN_RATE_LIMITED: `Você inscreveu muitas caravanas em pouco tempo (até ${CARAVAN_LIMITS.perHour} por hora).`,
  CARAVAN_EVENT_LIMIT: `Você já inscreveu ${CARAVAN_LIMITS.perEvent} caravanas nesse evento. Para inscrever mais pessoas, fale com a secretaria.`,
  CARAVAN_EMAIL_LIMIT: `Seus ingressos já foram enviados para muitos e-mails hoje (até ${CARAVAN_LIMITS.guestEmailsPerDay} por dia). Deixe os e-mails em branco ou espere.`,
  CARAVAN_UNPAID_LIMIT:
    'Você já tem muitas pessoas com pagamento pendente nesse evento. Pague as inscrições pendentes ou fale com a secretaria.',
  CARAVAN_REFUSED_LIMIT: `Muitas caravanas recusadas em pouco tempo (até ${CARAVAN_LIMITS.refusedPerHour} por hora).`,
  TIER_STAFF_ONLY: 'Esse lote é só para inscrições feitas pela secretaria.',
  TIER_DOOR_ONLY: 'Esse lote é vendido só na porta do evento.',
  CPF_IN_CARAVAN: 'Seu CPF está numa caravana inscrita por outra pessoa nesse evento.',
  RELEASE_GROUP_PAYMENT:
    'Esse ingresso carrega o pagamento da caravana: guarde-o na sua conta ou fale com quem inscreveu a caravana.',
} as const;

/** A member's checkout refused because a caravan holds their CPF: who registered it, and the way out. */
export const cpfInCaravan = (leader: string) =>
  `Seu CPF está na caravana inscrita por ${leader} nesse evento. Abra o ingresso para guardá-lo na sua conta ou liberar o seu CPF.`;

/** The unpaid cap's refusal with the numbers: how many the leader holds, the event's cap. */
export const caravanUnpaidLimit = (held: number, max: number) =>
  `Você já tem ${held} ${held === 1 ? 'pessoa' : 'pessoas'} com pagamento pendente nesse evento (até ${max}). Pague as inscrições pendentes ou fale com a secretaria.`;

/** The message naming the row whose CPF is already registered on the event. */
export const caravanCpfRegistered = (row: number) =>
  `Pessoa ${row}: esse CPF já tem uma inscrição para esse evento.`;
