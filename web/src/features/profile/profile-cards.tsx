import { CalendarPlus, ListChecks, Plane, Shield, Sparkles, Upload, UserCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ACCESS_REASONS, type User } from '../../../../domain';
import { Card } from '../../components/ui/card';

function CardLink({ to, icon, children }: { to: string; icon: ReactNode; children: ReactNode }) {
  return (
    <Link
      to={to}
      className="flex min-h-11 items-center gap-2 rounded-xl px-3 py-2 font-medium text-brand-700 hover:bg-brand-50"
    >
      {icon}
      {children}
    </Link>
  );
}

const icon = 'h-5 w-5';

/** Shown while the rank or nickname is missing. */
export function WelcomeNotice({ user }: { user: User }) {
  if (user.role && user.nickname) return null;
  const missing = [!user.nickname && 'a nickname', !user.role && 'your rank'].filter(Boolean);
  return (
    <section
      aria-label="Welcome"
      className="space-y-2 rounded-2xl border border-brand-100 bg-brand-50 p-4 text-brand-700"
    >
      <p className="flex items-center gap-2 font-semibold">
        <Sparkles aria-hidden="true" className={icon} />
        Welcome to Jumpseat!
      </p>
      <p className="text-sm">
        Add {missing.join(' and ')} so crew on your flights know who they are waving at. Your
        nickname is what other crew see until you both match.
      </p>
      {user.isDemoUser ? null : (
        <Link
          to="/profile-setup"
          className="inline-flex h-10 items-center justify-center rounded-xl bg-brand-600 px-4 text-sm font-medium text-white hover:bg-brand-700"
        >
          Complete Profile
        </Link>
      )}
    </section>
  );
}

export function AdminControlsCard() {
  return (
    <Card>
      <h2 className="mb-2 flex items-center gap-2 font-semibold">
        <Shield aria-hidden="true" className={icon} />
        Admin Controls
      </h2>
      <nav aria-label="Admin controls" className="grid gap-1">
        <CardLink to="/admin" icon={<Shield aria-hidden="true" className={icon} />}>
          Admin Dashboard
        </CardLink>
        <CardLink to="/admin/approvals" icon={<UserCheck aria-hidden="true" className={icon} />}>
          Member Approvals
        </CardLink>
      </nav>
    </Card>
  );
}

/** My Flights; adding and uploading are hidden for demo users. */
export function MyFlightsCard({ isDemoUser }: { isDemoUser: boolean }) {
  return (
    <Card>
      <h2 className="mb-2 flex items-center gap-2 font-semibold">
        <Plane aria-hidden="true" className={icon} />
        My Flights
      </h2>
      <nav aria-label="My flights" className="grid gap-1">
        <CardLink to="/my-flights" icon={<ListChecks aria-hidden="true" className={icon} />}>
          View My Flights
        </CardLink>
        {isDemoUser ? (
          <p className="px-3 py-2 text-sm text-slate-600">{ACCESS_REASONS.demoAddFlights}</p>
        ) : (
          <>
            <CardLink to="/add-flight" icon={<CalendarPlus aria-hidden="true" className={icon} />}>
              Add Flight
            </CardLink>
            <CardLink to="/upload-roster" icon={<Upload aria-hidden="true" className={icon} />}>
              Upload Roster
            </CardLink>
          </>
        )}
      </nav>
    </Card>
  );
}
