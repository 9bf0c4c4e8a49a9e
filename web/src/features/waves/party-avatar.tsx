import type { PresentedUser } from '../../../../domain';
import { Avatar } from '../../components/ui/avatar';
import { cn } from '../../lib/cn';

/** Initials in the membership ring colour, with the online dot. */
export function PartyAvatar({ person, className }: { person: PresentedUser; className?: string }) {
  return (
    <Avatar
      name={person.displayName}
      ring={person.avatarRing}
      online={person.isOnline}
      className={cn('self-start', className)}
    />
  );
}
