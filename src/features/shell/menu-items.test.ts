import { describe, expect, it } from 'vitest';
import { isCurrent, menuItems } from './menu-items.ts';

const labels = (signedIn: boolean, perms: Parameters<typeof menuItems>[1]) =>
  menuItems(signedIn, perms).map((i) => i.label);

describe('menuItems', () => {
  it('guests see the public pages only', () => {
    expect(labels(false, ['reports'])).toEqual(['Próximos Eventos', 'Todos os eventos', 'Fastpass']);
  });

  it('members get their registrations', () => {
    expect(labels(true, [])).toEqual([
      'Próximos Eventos',
      'Todos os eventos',
      'Minhas inscrições',
      'Fastpass',
    ]);
  });

  it('each permission opens its items', () => {
    expect(labels(true, ['read_confirmations'])).toContain('Todas as Inscrições');
    expect(labels(true, ['read_confirmations'])).toContain('Buscar Usuários');
    expect(labels(true, ['read_confirmations'])).toContain('Inscrição para terceiros');
    expect(labels(true, ['create_user'])).toContain('Inscrição para terceiros');
    expect(labels(true, ['create_user'])).not.toContain('Buscar Usuários');
    expect(labels(true, ['reports'])).toContain('Relatório');
    expect(labels(true, ['write_confirmations'])).toContain('Reset de Senha');
    expect(labels(true, ['checkin'])).toContain('Checkin');
    expect(labels(true, ['checkin'])).not.toContain('Relatório');
    expect(labels(true, ['write_events'])).toContain('Gerenciar eventos');
    expect(labels(true, ['checkin'])).not.toContain('Gerenciar eventos');
  });

  it('marks the current page', () => {
    expect(isCurrent('/', '/')).toBe(true);
    expect(isCurrent('/', '/all')).toBe(false);
    expect(isCurrent('/my-registrations', '/my-registrations/abc')).toBe(true);
  });
});
