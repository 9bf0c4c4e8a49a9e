import { BadgeCheck, ShieldCheck } from 'lucide-react';
import {
  ANONYMOUS_NAME,
  type AvatarRing,
  avatarRing,
  subscriptionBadge,
  type User,
} from '../../../../domain';
import { Avatar } from '../../components/ui/avatar';
import { Badge } from '../../components/ui/badge';
import { ProfilePictureButton } from './admin-profile-extras';

const RING_LABELS: Record<AvatarRing, string> = {
  orange: 'trial membership',
  red: 'trial expired',
  purple: 'lifetime membership',
  yellow: 'long membership',
  green: 'active membership',
};

/** The avatar, its membership ring (domain rule) and the member's badges. */
export function ProfileHeader({ user, now }: { user: User; now: Date }) {
  const ring = avatarRing(user, now);
  // A trial has its own banner and ring; the plan badge is for paid, tester and lifetime plans.
  const badge = user.membershipType === 'trial' ? null : subscriptionBadge(user, now);
  return (
    <section aria-label="Member" className="flex items-center gap-4">
      <div className="flex shrink-0 flex-col items-center gap-2">
        <Avatar
          name={user.name}
          ring={ring}
          imageUrl={user.profilePictureUrl}
          title={`Ring: ${RING_LABELS[ring]}`}
          ringLabel={`Avatar ring: ${RING_LABELS[ring]}`}
          size="xl"
        />
        {user.isAdmin && !user.isDemoUser ? <ProfilePictureButton /> : null}
      </div>
      <div className="min-w-0 space-y-1">
        <h2 className="truncate text-xl font-semibold">{user.name ?? ANONYMOUS_NAME}</h2>
        <p className="truncate text-sm text-slate-600">
          {user.nickname ? `“${user.nickname}”` : 'No nickname yet'}
          {user.role ? ` · ${user.role}` : ''}
        </p>
        <ul className="flex flex-wrap gap-1.5" aria-label="Badges">
          {user.verified ? (
            <Badge as="li" tone="verified">
              <BadgeCheck aria-hidden="true" className="h-3.5 w-3.5" />
              Verified crew
            </Badge>
          ) : null}
          {user.isAdmin ? (
            <Badge as="li" tone="brand">
              <ShieldCheck aria-hidden="true" className="h-3.5 w-3.5" />
              Administrator
            </Badge>
          ) : null}
          {badge ? (
            <Badge as="li" className="font-semibold tracking-wide">
              {badge}
            </Badge>
          ) : null}
        </ul>
      </div>
    </section>
  );
}
