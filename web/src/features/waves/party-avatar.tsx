import type { PresentedUser } from '../../../../domain';
import { Avatar } from '../../components/ui/avatar';
import { Badge } from '../../components/ui/badge';
import { SupportLogo } from '../../components/ui/support-logo';
import { cn } from '../../lib/cn';

/**
 * How another member is shown wherever they appear (crew list, wave cards, chat header): these
 * two pieces, so a ring colour or a badge changes in one place.
 */

/** Initials in the membership ring colour, with the online dot. */
export function PartyAvatar({
  person,
  size,
  className,
}: {
  person: PresentedUser;
  size?: 'md' | 'lg';
  className?: string;
}) {
  return (
    <Avatar
      name={person.displayName}
      ring={person.avatarRing}
      online={person.isOnline}
      size={size}
      className={cn('self-start', className)}
    />
  );
}

type PartyBadgesProps = {
  person: PresentedUser;
  /** The role to show: the crew entry's on a flight, the member's own elsewhere; null for none. */
  crewRole: string | null;
  /** 'Support' on an administrator (not in a flight's crew list, where they are crew). */
  support?: boolean;
  /** The trial badge ('TRIAL'); the chat header leaves it out. */
  trial?: boolean;
};

/** The pills next to a member's name: Support, role, trial. */
export function PartyBadges({ person, crewRole, support = true, trial = true }: PartyBadgesProps) {
  return (
    <>
      {support && person.isAdmin ? (
        <Badge tone="support">
          <SupportLogo />
          Support
        </Badge>
      ) : null}
      {crewRole ? <Badge tone="brand">{crewRole}</Badge> : null}
      {trial && person.trialBadge ? <Badge tone="trial">{person.trialBadge}</Badge> : null}
    </>
  );
}
