/** Document titles: '<page> · Congrega' (the app name alone when the page has none). */

export const APP_NAME = 'Congrega';

/** The names pages go by in the browser tab (the event pages use the event's title). */
export const pageNames = {
  upcoming: 'Próximos Eventos',
  all: 'Todos os eventos',
  event: 'Evento',
  eventNotFound: 'Evento não encontrado',
  profile: 'Perfil',
  fastpass: 'Fastpass',
  privacy: 'Privacidade',
  login: 'Entrar',
  signup: 'Criar conta',
  forgot: 'Recuperar senha',
  resetPassword: 'Trocar senha',
  welcome: 'Boas-vindas',
  confirmation: 'Confirme seu e-mail',
  oauth: 'Entrando',
  notFound: 'Página não encontrada',
} as const;

export function pageTitle(name?: string | null): string {
  const clean = name?.replace(/\s+/g, ' ').trim();
  return clean ? `${clean} · ${APP_NAME}` : APP_NAME;
}

/** The 404 page. */
export const placeholderMessages = {
  notFoundTitle: 'Página não encontrada',
  notFoundText: 'O endereço que você abriu não existe ou mudou de lugar.',
  backHome: 'Voltar para o início',
} as const;
