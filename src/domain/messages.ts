/** Every pt-BR text the product shows that the spec fixes, in one place. Copied verbatim from the spec. */

export const validationMessages = {
  required: 'Campo obrigatório',
  email: 'Insira um email válido',
  passwordMin: 'A senha deve ter ao menos 6 caracteres',
  passwordsDiffer: 'As senhas devem ser iguais',
  fullName: 'Preencha seu nome completo',
  cpf: 'Insira um CPF válido',
  phone: 'Insira um telefone válido',
  congregation: 'Escolha sua congregação',
  otherChurch: 'Informe o nome da sua igreja',
  date: 'Insira uma data válida',
  voucherLength: 'O campo deve ter exatamente 8 caracteres',
  reasonMin: 'O motivo deve ter ao menos 3 caracteres',
  addressRequired: 'O endereço é obrigatório.',
  receiptRequired: 'Escolha o arquivo do comprovante',
  passwordMax: 'A senha deve ter no máximo 72 caracteres',
  congregationXorOtherChurch: 'Escolha uma congregação ou informe outra igreja, não as duas.',
  month: 'Informe o mês no formato AAAA-MM',
} as const;

export const authMessages = {
  emailNotConfirmed:
    'Você ainda não confirmou seu email! Por favor, confira sua caixa de entrada e pasta de spam.',
  invalidLogin: 'Email ou senha inválidos.',
  emailAlreadyRegistered: 'Você já possui uma conta com esse email!',
  signupFailed: 'Ocorreu um erro no seu cadastro... tente novamente mais tarde.',
  signupSuccess: 'Cadastro criado com sucesso!',
  forgotSent:
    'Se existir uma conta com esse email, enviamos um link para você criar uma nova senha. Confira sua caixa de entrada e a pasta de spam.',
  forgotFailed: 'Não foi possível completar sua solicitação nesse momento. Tente novamente em alguns momentos!',
  welcomeFailed: 'Erro ao salvar suas informações. Confira os dados atentamente e tente novamente.',
  passwordChanged: 'Senha alterada com sucesso!',
  tooManyAttempts: 'Muitas tentativas de login. Aguarde alguns minutos e tente novamente.',
  inAppBrowserIphone:
    'O login com Google não funciona dentro do navegador deste aplicativo. Toque nos três pontinhos ou no ícone de compartilhar e escolha "Abrir no Safari", ou entre com email e senha.',
  inAppBrowserOther:
    'O login com Google não funciona dentro do navegador deste aplicativo. Toque nos três pontinhos e escolha "Abrir no navegador" (Chrome), ou entre com email e senha.',
  forgotPasswordLink: 'Esqueci minha senha',
  createAccountLink: 'Criar uma conta!',
  resetPasswordButton: 'Trocar senha »',
  letsGo: 'Vamos lá?',
} as const;

/** Error codes the API answers with, and the pt-BR message each carries. */
export const apiErrors = {
  INVALID_DATA: 'Dados inválidos',
  INVALID_PAYMENT_METHOD: 'Método de pagamento inválido',
  TIER_UNAVAILABLE: 'Opss... as inscrições desse lote esgotaram',
  INVALID_TIER_OR_EVENT: 'Lote ou evento inválido',
  PIX_FAIL: 'Ocorreu um erro ao processar o PIX. Tente novamente mais tarde!',
  ALREADY_REGISTERED: 'Você já tem uma inscrição para esse evento!',
  CARD_INVALID: 'Erro ao processar pagamento. Verifique os dados do cartão.',
  EMAIL_ALREADY_REGISTERED: 'Você já possui uma conta com esse email!',
  CPF_ALREADY_REGISTERED: 'Esse CPF já está cadastrado em outra conta.',
  UNAUTHORIZED: 'Você precisa entrar na sua conta para continuar.',
  FORBIDDEN: 'Você não tem permissão para fazer isso.',
  NOT_FOUND: 'Não encontrado.',
  EVENT_NOT_FOUND: 'Evento não encontrado.',
  FILE_NOT_FOUND: 'Arquivo não encontrado.',
  TOO_LARGE: 'O conteúdo enviado é grande demais.',
  INTERNAL: 'Ocorreu um erro inesperado. Tente novamente em alguns momentos.',
} as const;
export type ApiErrorCode = keyof typeof apiErrors;

export const eventMessages = {
  upcomingTitle: 'Próximos Eventos',
  allTitle: 'Todos os eventos',
  happeningNow: 'Acontecendo agora',
  noEvents: 'Sem eventos por enquanto...',
  registrations: 'Inscrições',
  speakers: 'Presenças Confirmadas',
  details: 'Detalhes',
  editEvent: 'Editar evento',
  loginPrompt: 'Faça login ou crie uma conta para se inscrever.',
  loginButton: 'Login »',
  newAccountButton: 'Nova conta »',
  registerNow: 'Inscrever agora »',
  seeRegistration: 'Ver inscrição »',
  soldOut: 'Esgotado',
  limited: 'Quantidade limitada! Inscreva-se agora!',
  fastpassSoldOut: 'Reservas esgotadas! Ainda haverá lugares sem reserva, por ordem de chegada.',
  free: 'GRÁTIS',
  olderEvents: 'Eventos anteriores',
  laterEvents: 'Próximos meses',
  noEventsInMonth: 'Nenhum evento neste mês.',
  subEvents: 'Programação',
  files: 'Arquivos do evento',
  filesNeedLogin: 'Entre na sua conta para abrir os arquivos.',
  offline: 'Você está sem conexão. Mostrando os dados salvos neste aparelho.',
  loadFailed: 'Não foi possível carregar os eventos. Tente novamente.',
} as const;

export const tierStatusText = {
  waiting: (date: string) => `Disponível em ${date}`,
  finished: (date: string) => `Encerrado em ${date}`,
  endsAt: (date: string) => `Encerra em ${date}`,
} as const;

export const registrationMessages = {
  myRegistrationsTitle: 'Minhas inscrições',
  pendingGroup: 'Pagamento pendente/análise',
  empty: 'Você ainda não tem nenhuma inscrição... que tal participar de um dos nossos eventos?!',
  canceledAttempt: 'Essa tentativa de inscrição foi cancelada.',
  canceledSuccess: 'Inscrição cancelada com sucesso!',
  confirmedSuccess: 'Inscrição confirmada com sucesso!',
  cancelButton: 'CANCELAR INSCRIÇÃO',
  okGotIt: 'Ok, entendi!',
  voucherValid: 'Voucher válido aplicado',
  voucherInvalidApplied: 'Voucher inválido aplicado',
  voucherInvalid: 'Voucher inválido...',
  checkinTime: 'Está na hora de fazer o Check-in...',
  attempt: (n: number, date: string) => `Tentativa ${n} em ${date}`,
} as const;

export const statusBadge: Record<string, string> = {
  paid: 'Pago',
  analysis: 'Em análise',
  pending: 'Pendente',
  expired: 'Expirado',
  rejected: 'Rejeitado',
  canceled: 'Cancelado',
};
export const statusBadgeFallback = 'Em processamento...';

export const menuMessages = {
  upcoming: 'Próximos Eventos',
  all: 'Todos os eventos',
  myRegistrations: 'Minhas inscrições',
  allRegistrations: 'Todas as Inscrições',
  searchUsers: 'Buscar Usuários',
  thirdPartySignup: 'Inscrição para terceiros',
  reports: 'Relatório',
  passwordReset: 'Reset de Senha',
  checkin: 'Checkin',
  login: 'Fazer Login',
  logout: 'Sair',
  help: (email: string) => `Precisa de ajuda? Escreva para ${email}`,
} as const;

export const SUPPORT_EMAIL = 'contato@congrega.app.br';
