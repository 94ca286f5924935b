/**
 * `/admin`: the staff's tools the signed-in person's permissions open (the menu's admin items), each
 * with a line on what it is for, instead of a blank page.
 */
import { Link } from '@tanstack/react-router';
import { staffMessages as m } from '../../domain/messages/staff.ts';
import type { Permission } from '../../domain/types.ts';
import { menuItems } from './menu-items.ts';
import './staff-home.css';

/** The admin tools among the menu items, in the menu's order. */
export function staffTools(permissions: readonly Permission[]) {
  return menuItems(true, permissions).filter((item) => item.href.startsWith('/admin/'));
}

export function StaffHome({ permissions }: { permissions: readonly Permission[] }) {
  const tools = staffTools(permissions);
  return (
    <div className="staff-home">
      <h1>{m.homeTitle}</h1>
      {tools.length === 0 ? (
        <p>{m.homeEmpty}</p>
      ) : (
        <>
          <p>{m.homeIntro}</p>
          <ul className="staff-tools">
            {tools.map((tool) => (
              <li key={tool.href}>
                <Link to={tool.href} className="staff-tool">
                  <span className="staff-tool-name">{tool.label}</span>
                  {m.toolHints[tool.href] && (
                    <span className="staff-tool-hint">{m.toolHints[tool.href]}</span>
                  )}
                </Link>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
