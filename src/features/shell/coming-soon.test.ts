import { describe, expect, it } from 'vitest';
import { plannedScreen } from './coming-soon.ts';
import { menuItems } from './menu-items.ts';

describe('plannedScreen', () => {
  it('names the screens of spec §2 that are not built yet', () => {
    expect(plannedScreen('/admin/users')).toBe('Buscar Usuários');
    expect(plannedScreen('/admin/pwd-reset')).toBe('Reset de Senha');
  });

  it('is null for an address nothing is planned at', () => {
    expect(plannedScreen('/nada-aqui')).toBeNull();
    // built: their routes answer
    expect(plannedScreen('/admin/reports')).toBeNull();
    expect(plannedScreen('/admin/badge')).toBeNull();
    expect(plannedScreen('/admin/all-badge')).toBeNull();
    expect(plannedScreen('/admin/users/a')).toBeNull();
    expect(plannedScreen('/admin')).toBeNull();
  });

  it('covers every menu item of every permission that has no screen yet', () => {
    const built = new Set([
      '/',
      '/all',
      '/fastpass',
      '/my-registrations',
      '/admin/registrations',
      '/admin/checkin',
      '/admin/events',
      '/admin/reports',
    ]);
    const all = menuItems(true, [
      'read_confirmations',
      'create_user',
      'reports',
      'write_confirmations',
      'checkin',
      'write_events',
    ]);
    for (const item of all) {
      if (!built.has(item.href)) expect(plannedScreen(item.href), item.href).not.toBeNull();
    }
  });
});
