/** Every pt-BR text the product shows that the spec fixes, in one place. Copied verbatim from the spec. */
import { checkoutApiErrors } from './messages/checkout.ts';
import type { editorApiErrors } from './messages/editor.ts';

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
  externalRedirect: 'O link externo deve começar com http:// ou https://',
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
  forgotFailed:
    'Não foi possível completar sua solicitação nesse momento. Tente novamente em alguns momentos!',
  welcomeFailed: 'Erro ao salvar suas informações. Confira os dados atentamente e tente novamente.',
  passwordChanged: 'Senha alterada com sucesso!',
  tooManyAttempts: 'Muitas tentativas de login. Aguarde alguns minutos e tente novamente.',
  forgotTooMany: 'Muitas tentativas. Aguarde alguns minutos e tente novamente.',
  inAppBrowserIphone:
    'O login com Google não funciona dentro do navegador deste aplicativo. Toque nos três pontinhos ou no ícone de compartilhar e escolha "Abrir no Safari", ou entre com email e senha.',
  inAppBrowserOther:
    'O login com Google não funciona dentro do navegador deste aplicativo. Toque nos três pontinhos e escolha "Abrir no navegador" (Chrome), ou entre com email e senha.',
  forgotPasswordLink: 'Esqueci minha senha',
  createAccountLink: 'Criar uma conta!',
  resetPasswordButton: 'Trocar senha »',
  letsGo: 'Vamos lá?',
  // screens of the auth layout (labels the spec names, and our own wording where it does not)
  emailLabel: 'Email',
  passwordLabel: 'Senha',
  confirmPasswordLabel: 'Confirmar senha',
  newPasswordLabel: 'Nova senha',
  nameLabel: 'Nome completo',
  cpfLabel: 'CPF',
  phoneLabel: 'WhatsApp',
  congregationLabel: 'Congregação',
  otherChurchCheckbox: 'Sou de outro ministério',
  otherChurchLabel: 'Nome da sua igreja',
  loginTitle: 'Acesse sua conta',
  invalidLoginForgot: 'Esqueceu sua senha?',
  skipToContent: 'Pular para o conteúdo',
  backToEvents: 'Congrega, voltar para os eventos',
  loginButton: 'Entrar',
  googleButton: 'Entrar com Google',
  or: 'ou',
  noAccount: 'Ainda não tem uma conta?',
  haveAccount: 'Já tem uma conta?',
  loginReasonCheckout: 'Entre na sua conta para continuar sua inscrição.',
  loginReasonOther: 'Entre na sua conta para continuar.',
  signupIntro: ['Olá!', 'Que bom ter você por aqui.', 'Vamos criar sua conta? Leva menos de um minuto.'],
  startButton: 'Começar',
  signupTitle: 'Criar conta',
  signupButton: 'Criar conta',
  fixFields: 'Confira os campos destacados.',
  templesLoading: 'Carregando congregações...',
  templesFailed: 'Não foi possível carregar as congregações.',
  templesEmpty: 'Nenhuma congregação encontrada',
  templePlaceholder: 'Digite para buscar',
  retry: 'Tentar novamente',
  confirmationSteps: [
    'Quase lá!',
    'Enviamos um link de confirmação para o seu email.',
    'Abra sua caixa de entrada (confira também a pasta de spam) e toque no link para ativar sua conta.',
  ],
  confirmationLogin: 'Já confirmei, quero entrar',
  oauthWaiting: 'Entrando na sua conta...',
  oauthExpired: 'Este link expirou ou já foi usado. Entre novamente ou peça um novo link.',
  oauthFailed: 'Não foi possível concluir o login. Tente novamente.',
  backToLogin: 'Voltar para o login',
  welcomeSteps: (name: string) => [
    name ? `Olá, ${name}!` : 'Olá!',
    'Seja bem-vindo(a) ao Congrega.',
    'Aqui você acompanha os eventos, faz suas inscrições e o seu check-in.',
  ],
  welcomeProfileLead: 'Antes de começar, complete seu cadastro:',
  welcomeSave: 'Salvar e continuar',
  needsLogin: 'Entre na sua conta para continuar.',
  meFailed: 'Não foi possível carregar seus dados.',
  forgotTitle: 'Esqueci minha senha',
  forgotLead: 'Informe o email da sua conta e enviaremos um link para você criar uma nova senha.',
  forgotButton: 'Enviar link',
  resetTitle: 'Trocar senha',
  resetNoSession: 'O link para trocar a senha expirou ou você não está conectado.',
  resetRequestLink: 'Pedir um novo link',
  samePassword: 'A nova senha deve ser diferente da atual.',
  resetFailed: 'Não foi possível trocar sua senha. Tente novamente.',
  loading: 'Carregando...',
  profileTitle: 'Meu perfil',
  changePassword: 'Mudar senha',
  otherChurchValue: (name: string) => `Outro ministério: ${name}`,
  noCongregation: 'Congregação não informada',
  phoneValue: 'WhatsApp',
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
  CPF_ALREADY_REGISTERED:
    'Esse CPF já está cadastrado em outra conta. Se a conta é sua, entre com o email dela (use "Esqueci minha senha" se precisar); se não é, procure a secretaria da sua congregação.',
  UNAUTHORIZED: 'Você precisa entrar na sua conta para continuar.',
  FORBIDDEN: 'Você não tem permissão para fazer isso.',
  NOT_FOUND: 'Não encontrado.',
  EVENT_NOT_FOUND: 'Evento não encontrado.',
  FILE_NOT_FOUND: 'Arquivo não encontrado.',
  TOO_LARGE: 'O conteúdo enviado é grande demais.',
  INTERNAL: 'Ocorreu um erro inesperado. Tente novamente em alguns momentos.',
  ...checkoutApiErrors,
} as const;
/** Every code the API answers; areas keep their own codes and texts (messages/<area>.ts, server-side). */
export type ApiErrorCode = keyof typeof apiErrors | keyof typeof editorApiErrors;

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
  join: 'Participar',
  createEvent: 'Criar evento',
  close: 'Fechar',
  retry: 'Tentar novamente',
  openDetails: 'Ver detalhes e inscrições',
  seeAllEvents: 'Ver todos os eventos',
  backToEvents: 'Voltar para os eventos',
  fileLoading: 'Carregando arquivo...',
  fileFailed: 'Não foi possível abrir o arquivo. Tente novamente.',
  filesLogin: 'Entrar',
  mapTitle: 'Mapa do local',
  openMap: 'Abrir no mapa',
  mapOffline: 'Sem conexão: o mapa aparece quando a internet voltar.',
  policy: 'Participação',
  room: 'Sala',
  date: 'Data',
  address: 'Endereço',
  loading: 'Carregando...',
  externalLink: 'abre em uma nova aba',
} as const;

/**
 * 'Detalhes' of the event overlay: the registration and check-in policy (spec §2 names the policy
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
  openMenu: 'Abrir menu',
  closeMenu: 'Fechar menu',
  menuTitle: 'Menu',
  fastpass: 'Fastpass',
  profile: 'Meu perfil',
  loginIcon: 'Entrar',
  home: 'Congrega, página inicial',
  offline: 'Sem conexão — mostrando dados salvos',
  updateAvailable: 'Nova versão disponível',
  updateButton: 'Atualizar',
} as const;

export const SUPPORT_EMAIL = 'contato@congrega.app.br';

/** The /fastpass explainer (spec §1 rules; the wording of the page is ours). */
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

/** The form layer's own texts (src/ui/form.tsx). */
export const formMessages = {
  busy: 'Carregando...',
} as const;
