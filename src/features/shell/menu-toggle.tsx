import { menuMessages } from '../../domain/messages.ts';
import { MenuIcon } from './icons.tsx';

/** The header's menu button: React's header and the one index.html paints before JS (first-paint.tsx). */
export function MenuToggle({ open = false, onOpen }: { open?: boolean; onOpen?: () => void }) {
  return (
    <button
      type="button"
      className="icon-button"
      aria-label={menuMessages.openMenu}
      aria-expanded={open}
      aria-haspopup="dialog"
      onClick={onOpen}
    >
      <MenuIcon />
    </button>
  );
}
