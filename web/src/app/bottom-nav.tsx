import { Home, MessageCircle, PlusCircle, User } from 'lucide-react';
import { NavLink } from 'react-router';
import { canAddFlights } from '../../../domain';
import { useSession } from '../features/auth';
import { cn } from '../lib/cn';

const itemClass =
  'flex min-h-14 min-w-16 flex-col items-center justify-center gap-0.5 px-2 text-xs lg:min-h-16';

const items = [
  { to: '/home', label: 'Home', icon: Home },
  { to: '/add-flight', label: 'Add Flight', icon: PlusCircle },
  { to: '/messages', label: 'Messages', icon: MessageCircle },
  { to: '/profile', label: 'Profile', icon: User },
];

/**
 * The main navigation: a bar along the bottom of a phone; from the `lg` width on, a rail down the
 * left edge (a full-width bar on a desk puts four links a metre apart). One element, the same
 * links and names at every width: CSS alone moves it, so nothing re-mounts on a resize.
 */
export function BottomNav() {
  const { data: viewer } = useSession();
  // Demo accounts cannot add flights (the server refuses): the entry stays in place, disabled,
  // and says why, rather than leading to a screen that can only refuse.
  const addFlights = viewer ? canAddFlights(viewer) : { ok: true as const };
  const refused = addFlights.ok ? null : addFlights.reason;
  return (
    <nav
      aria-label="Main"
      className="fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white/95 pb-[env(safe-area-inset-bottom)] backdrop-blur lg:inset-y-0 lg:right-auto lg:w-24 lg:border-t-0 lg:border-r lg:pt-6 lg:pb-0"
    >
      <ul className="mx-auto flex max-w-lg justify-around lg:flex-col lg:justify-start lg:gap-2">
        {items.map(({ to, label, icon: Icon }) => (
          <li key={to}>
            {to === '/add-flight' && refused ? (
              <button
                type="button"
                disabled
                aria-description={refused}
                title={refused}
                className={cn(itemClass, 'cursor-not-allowed text-slate-400')}
              >
                <Icon aria-hidden="true" className="h-6 w-6" />
                {label}
              </button>
            ) : (
              <NavLink
                to={to}
                className={({ isActive }) =>
                  cn(itemClass, isActive ? 'text-brand-600' : 'text-slate-500')
                }
              >
                <Icon aria-hidden="true" className="h-6 w-6" />
                {label}
              </NavLink>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
