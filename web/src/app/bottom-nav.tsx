import { Home, MessageCircle, PlusCircle, User } from 'lucide-react';
import { NavLink } from 'react-router';
import { cn } from '../lib/cn';

const items = [
  { to: '/home', label: 'Home', icon: Home },
  { to: '/add-flight', label: 'Add Flight', icon: PlusCircle },
  { to: '/messages', label: 'Messages', icon: MessageCircle },
  { to: '/profile', label: 'Profile', icon: User },
];

export function BottomNav() {
  return (
    <nav
      aria-label="Main"
      className="fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white/95 pb-[env(safe-area-inset-bottom)] backdrop-blur"
    >
      <ul className="mx-auto flex max-w-lg justify-around">
        {items.map(({ to, label, icon: Icon }) => (
          <li key={to}>
            <NavLink
              to={to}
              className={({ isActive }) =>
                cn(
                  'flex min-h-14 min-w-16 flex-col items-center justify-center gap-0.5 px-2 text-xs',
                  isActive ? 'text-brand-600' : 'text-slate-500',
                )
              }
            >
              <Icon aria-hidden="true" className="h-6 w-6" />
              {label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
