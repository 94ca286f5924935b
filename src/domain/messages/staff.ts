/**
 * pt-BR texts of the staff's people tools: the user search and a person's page (`/admin/users`),
 * the third-party signup (`/admin/single-page-signup`), the password reset (`/admin/pwd-reset`) and
 * the staff home (`/admin`). Texts the product spec fixes are copied verbatim.
 */

/** Error codes of these tools' API routes and their messages (merged into the API's one table). */
export const staffApiErrors = {
  USER_NOT_FOUND: 'Não encontramos nenhuma conta com esse e-mail.',
  ROLE_NOT_FOUND: 'Papel desconhecido.',
  OWN_ADMIN_ROLE: 'Você não pode retirar o seu próprio papel de administrador.',
  PASSWORD_RESET_FORBIDDEN:
    'Você só pode trocar a senha de quem não tem permissões além das suas (peça a um administrador).',
  USER_ALREADY_REGISTERED: 'Essa pessoa já tem uma inscrição para esse evento!',
  TIER_NOT_OPEN: 'As inscrições desse lote não estão abertas.',
  SIGNUP_FAILED: 'Não foi possível criar a conta dessa pessoa agora. Tente novamente em alguns momentos.',
} as const;

export const staffMessages = {
  // /admin
  homeTitle: 'Ferramentas da equipe',
  homeIntro: 'Escolha o que você quer fazer:',
  homeEmpty: 'Sua conta ainda não tem permissões de equipe.',
  toolHints: {
    '/admin/registrations': 'Revisar pagamentos e comprovantes.',
    '/admin/users': 'Encontrar uma pessoa, ver suas inscrições e papéis.',
    '/admin/single-page-signup': 'Inscrever alguém que está com você no balcão.',
    '/admin/reports': 'Números de inscritos por congregação e regional.',
    '/admin/pwd-reset': 'Definir uma nova senha para alguém.',
    '/admin/checkin': 'Fazer o check-in na porta do evento.',
    '/admin/events': 'Criar e editar eventos, lotes e vouchers.',
  } as Record<string, string>,

  // /admin/users
  usersTitle: 'Buscar Usuários',
  searchLabel: 'Nome, e-mail, CPF ou telefone',
  templeFilter: 'Congregação',
  templeAny: 'Todas',
  searching: 'Buscando...',
  fetchFailed: 'Failed to fetch users',
  fetchFailedNotice: 'Não foi possível buscar os usuários. Tente novamente.',
  noUsers: 'Nenhum usuário encontrado.',
  total: (n: number) => (n === 1 ? '1 pessoa' : `${n} pessoas`),
  page: (page: number, pages: number) => `Página ${page} de ${pages}`,
  previous: '« Anterior',
  next: 'Próxima »',
  noTemple: 'Sem congregação',
  back: '« Voltar à busca',

  // a person
  personLoading: 'Carregando...',
  personMissing: 'Pessoa não encontrada.',
  profile: 'Perfil',
  name: 'Nome',
  email: 'E-mail',
  cpf: 'CPF',
  phone: 'Telefone',
  temple: 'Congregação',
  otherChurch: 'Outro ministério',
  registrations: 'Inscrições',
  noRegistrations: 'Nenhuma inscrição.',
  confirmationTitle: (n: number, date: string) => `Tentativa ${n} em ${date}`,
  roles: 'Papéis',
  noRoles: 'Nenhum papel.',
  grant: (role: string) => `Dar papel ${role}`,
  revoke: (role: string) => `Retirar papel ${role}`,
  granted: 'Papel concedido.',
  revoked: 'Papel retirado.',
  audit: 'Histórico de alterações',
  noAudit: 'Nenhuma alteração registrada.',
  auditFrom: (ip: string) => `de ${ip}`,
  auditBy: (who: string) => `por ${who}`,
  auditActions: {
    'role.grant': 'Papel concedido',
    'role.revoke': 'Papel retirado',
    'password.reset': 'Senha redefinida',
    'profile.update': 'Perfil alterado',
    'registration.create': 'Inscrição feita pela equipe',
  } as Record<string, string>,

  // /admin/single-page-signup
  signupTitle: 'Inscrição para terceiros',
  signupEmail: 'E-mail da pessoa',
  signupName: 'Nome completo (se for uma conta nova)',
  signupEvent: 'Evento',
  signupTier: 'Lote',
  signupChoose: 'Escolha...',
  signupTemple: 'Congregação',
  updateTemple: 'Atualizar templo',
  templeConsent: 'A pessoa está aqui e concordou em mudar a congregação',
  templeConsentRequired: 'Para atualizar o templo, confirme que a pessoa concordou com a mudança.',
  currentTemple: (name: string) => `Congregação atual: ${name}`,
  existingAccount: 'Essa pessoa já tem conta: a inscrição vai para a conta dela.',
  newAccount: 'Conta nova: a pessoa recebe um e-mail para criar a senha.',
  signupVoucher: 'Voucher (opcional)',
  signupVoucherHint: 'Sem voucher, a inscrição fica pendente para pagamento presencial.',
  signupSubmit: 'Inscrever',
  signupDone: 'Cadastro criado com sucesso!',
  /** why a tier cannot take a registration now (its option says it, and so does the API) */
  tierWaiting: (tier: string, date: string) => `As inscrições do lote ${tier} só abrem em ${date}.`,
  tierFinished: (tier: string, date: string) => `As inscrições do lote ${tier} encerraram em ${date}.`,
  tierSoldOut: (tier: string) => `O lote ${tier} está esgotado.`,
  noOpenTier: 'Nenhum lote deste evento está com inscrições abertas agora.',
  // the signup's result, on the screen
  resultAccount: 'Conta',
  resultCreated: (email: string) =>
    `Conta nova criada para ${email}. Enviamos um convite por e-mail para a pessoa confirmar o endereço e criar a senha.`,
  resultFoundInvited: (name: string, email: string) =>
    `Conta encontrada: ${name} (${email}). O e-mail ainda não foi confirmado: enviamos um novo convite.`,
  resultFound: (name: string, email: string) =>
    `Conta encontrada: ${name} (${email}). A inscrição foi para a conta dela.`,
  resultRegistration: 'Inscrição',
  resultStatus: 'Situação',
  resultByStrategy: {
    voucher: 'Paga com o voucher.',
    open: 'Lote gratuito: inscrição confirmada.',
    cash: 'Aguardando o pagamento presencial.',
  } as Record<string, string>,
  resultAnother: 'Inscrever outra pessoa',
  signupOptionsFailed: 'Não foi possível carregar os eventos.',
  soldOut: 'Esgotado',
  noEvents: 'Nenhum evento com inscrições abertas.',

  // /admin/pwd-reset
  resetTitle: 'Reset de Senha',
  resetEmail: 'E-mail',
  resetPassword: 'Nova senha',
  resetSubmit: 'Alterar senha',
  resetDone: 'Senha alterada com sucesso!',
  retry: 'Tentar novamente',
} as const;
