import { Clock, Crown, TriangleAlert } from 'lucide-react';
import { Link } from 'react-router';
import { membershipInfo, trialBanner, type User } from '../../../../domain';
import { cn } from '../../lib/cn';
import { CancelSubscriptionButton } from '../payments';

const linkButton =
  'inline-flex h-10 shrink-0 items-center justify-center rounded-xl px-4 text-sm font-medium';

/** Trial banner (domain rule): normal, orange at 2 days or fewer, red once expired. */
export function TrialBanner({ user, now }: { user: User; now: Date }) {
  const banner = trialBanner(user, now);
  if (!banner) return null;
  const tone = {
    normal: 'border-brand-100 bg-brand-50 text-brand-700',
    warning: 'border-orange-300 bg-orange-50 text-orange-800',
    expired: 'border-red-300 bg-red-50 text-red-800',
  }[banner.state];
  const text =
    banner.state === 'expired'
      ? 'Trial Expired'
      : `Free trial: ${banner.daysRemaining} ${banner.daysRemaining === 1 ? 'day' : 'days'} left`;
  return (
    <section
      aria-label="Trial"
      data-state={banner.state}
      className={cn('flex items-center justify-between gap-3 rounded-2xl border p-4', tone)}
    >
      <div className="flex items-center gap-2">
        {banner.state === 'normal' ? (
          <Clock aria-hidden="true" className="h-5 w-5" />
        ) : (
          <TriangleAlert aria-hidden="true" className="h-5 w-5" />
        )}
        <p className="font-medium">{text}</p>
      </div>
      <Link
        to="/convert-trial"
        className={cn(
          linkButton,
          banner.state === 'expired' ? 'bg-red-600 text-white' : 'bg-brand-600 text-white',
        )}
      >
        {banner.action}
      </Link>
    </section>
  );
}

/**
 * Membership banner for members not on a trial: Active, Expiring Soon, Expired, Lifetime.
 * Expired offers renewal; Active offers a cancellation request to the admins (not for lifetime
 * or tester memberships, which have no payments to stop).
 */
export function MembershipBanner({ user, now }: { user: User; now: Date }) {
  if (user.membershipType === 'trial') return null;
  const info = membershipInfo(user, now);
  if (info.status === 'Unknown') return null;
  // The domain's reading as is: a tester without an expiry is 'Active' (accounts spec §4:
  // "tester with no expiry is Active forever"); 'Lifetime' only from the year 2099.
  const tone =
    info.status === 'Expired'
      ? 'border-red-300 bg-red-50 text-red-800'
      : info.status === 'Expiring Soon'
        ? 'border-orange-300 bg-orange-50 text-orange-800'
        : 'border-green-200 bg-green-50 text-green-800';
  const detail =
    info.isLifetime || info.daysLeft === null
      ? 'Your membership never expires.'
      : info.status === 'Expired'
        ? 'Your membership has expired.'
        : `${info.daysLeft} ${info.daysLeft === 1 ? 'day' : 'days'} left`;
  return (
    <section
      aria-label="Membership"
      className={cn('flex items-center justify-between gap-3 rounded-2xl border p-4', tone)}
    >
      <div className="flex items-center gap-2">
        <Crown aria-hidden="true" className="h-5 w-5" />
        <div>
          <p className="font-medium">Membership: {info.status}</p>
          <p className="text-sm">{detail}</p>
        </div>
      </div>
      {info.status === 'Expired' ? (
        <Link
          to={`/renew?email=${encodeURIComponent(user.email)}`}
          className={cn(linkButton, 'bg-red-600 text-white')}
        >
          Renew Membership
        </Link>
      ) : info.status === 'Active' && !info.isLifetime && user.membershipType !== 'tester' ? (
        <CancelSubscriptionButton className="shrink-0 bg-white" />
      ) : null}
    </section>
  );
}
