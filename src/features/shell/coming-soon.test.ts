import { describe, expect, it } from 'vitest';
import { plannedScreen } from './coming-soon.ts';
import { menuItems } from './menu-items.ts';

describe('plannedScreen', () => {
  it('names the screens of spec §2 that are not built yet', () => {
    expect(plannedScreen('/my-registrations')).toBe('Minhas inscrições');
    expect(plannedScreen('/my-registrations/abc-123')).toBe('Minhas inscrições');
    expect(plannedScreen('/checkout/ev1/tier1')).toBe('Inscrição');
    expect(plannedScreen('/admin/events/new')).toBe('Novo evento');
    expect(plannedScreen('/admin/events/ev1')).toBe('Editar evento');
    expect(plannedScreen('/admin/reports')).toBe('Relatório');
  });

  it('is null for an address nothing is planned at', () => {
    expect(plannedScreen('/nada-aqui')).toBeNull();
    expect(plannedScreen('/checkout/only-one')).toBeNull();
    expect(plannedScreen('/admin')).toBeNull();
    expect(plannedScreen('/my-registrations/a/b')).toBeNull();
  });

  it('covers every menu item of every permission that has no screen yet', () => {
    const built = new Set(['/', '/all', '/fastpass']);
    const all = menuItems(true, [
      'read_confirmations',
      'create_user',
      'reports',
      'write_confirmations',
      'checkin',
    ]);
    for (const item of all) {
      if (!built.has(item.href)) expect(plannedScreen(item.href), item.href).not.toBeNull();
    }
  });
});
