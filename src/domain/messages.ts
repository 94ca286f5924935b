/**
 * The pt-BR texts every page may show: the shell, the event lists and the common API errors. Texts
 * the spec fixes are copied verbatim. Each area's own texts are in messages/<area>.ts and load with
 * that area's screens, not on a first visit to the home.
 */
import type { authApiErrors } from './messages/auth.ts';
import type { caravanApiErrors } from './messages/caravans.ts';
import type { checkoutApiErrors } from './messages/checkout.ts';
import type { editorApiErrors } from './messages/editor.ts';
import type { minorApiErrors } from './messages/minors.ts';
import type { privacyApiErrors } from './messages/privacy.ts';
import type { questionApiErrors } from './messages/questions.ts';
import type { refundApiErrors } from './messages/refunds.ts';
import type { staffApiErrors } from './messages/staff.ts';
import type { waitlistApiErrors } from './messages/waitlist.ts';

/**
 * Error codes any request may answer, and the pt-BR message each carries (this object loads with
 * every page). An area's own codes live with its texts (messages/<area>.ts), so they load with its
 * screens; the API merges them all into one table (functions/api/lib/errors.ts).
 */
export const apiErrors = {
  INVALID_DATA: 'Dados inválidos',
  UNAUTHORIZED: 'Você precisa entrar na sua conta para continuar.',
  FORBIDDEN: 'Você não tem permissão para fazer isso.',
  NOT_FOUND: 'Não encontrado.',
  EVENT_NOT_FOUND: 'Evento não encontrado.',
  FILE_NOT_FOUND: 'Arquivo não encontrado.',
  TOO_LARGE: 'O conteúdo enviado é grande demais.',
  INTERNAL: 'Ocorreu um erro inesperado. Tente novamente em alguns momentos.',
} as const;
/** Every code the API answers. */
export type ApiErrorCode =
  | keyof typeof apiErrors
  | keyof typeof authApiErrors
  | keyof typeof caravanApiErrors
  | keyof typeof checkoutApiErrors
  | keyof typeof editorApiErrors
  | keyof typeof minorApiErrors
  | keyof typeof privacyApiErrors
  | keyof typeof refundApiErrors
  | keyof typeof questionApiErrors
  | keyof typeof staffApiErrors
  | keyof typeof waitlistApiErrors;

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

export const tierStatusText = {
  waiting: (date: string) => `Disponível em ${date}`,
  finished: (date: string) => `Encerrado em ${date}`,
  endsAt: (date: string) => `Encerra em ${date}`,
} as const;

export const statusBadge: Record<string, string> = {
  paid: 'Pago',
  analysis: 'Em análise',
  pending: 'Pendente',
  expired: 'Expirado',
  rejected: 'Rejeitado',
  canceled: 'Cancelado',
  refunded: 'Reembolsado',
  charged_back: 'Estornado',
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
  manageEvents: 'Gerenciar eventos',
  login: 'Fazer Login',
  logout: 'Sair',
  help: (email: string) => `Precisa de ajuda? Escreva para ${email}`,
  privacy: 'Privacidade e seus dados',
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
  skipToContent: 'Pular para o conteúdo',
} as const;

export const SUPPORT_EMAIL = 'contato@congrega.app.br';

/** The form layer's own texts (src/ui/form.tsx). */
/** A screen whose code did not arrive: failed, or still loading after the time-out (spec: 120 s). */
export const chunkMessages = {
  timeout: 'Esta tela está demorando para carregar.',
  failed: 'Não foi possível carregar esta tela.',
  retry: 'Tentar novamente',
} as const;

export const formMessages = {
  busy: 'Carregando...',
} as const;
