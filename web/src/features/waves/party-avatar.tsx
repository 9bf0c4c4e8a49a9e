import type { PresentedUser } from '../../../../domain';
import { cn } from '../../lib/cn';
import { initials, RING_CLASS } from './wave-view';

/** Initials in the membership ring colour, with the online dot. */
export function PartyAvatar({ person, className }: { person: PresentedUser; className?: string }) {
  return (
    <div className={cn('relative h-11 w-11 shrink-0 self-start', className)}>
      <div
        aria-hidden="true"
        className={cn(
          'flex h-11 w-11 items-center justify-center rounded-full bg-slate-100 font-semibold text-slate-700 ring-3',
          RING_CLASS[person.avatarRing],
        )}
      >
        {initials(person.displayName)}
      </div>
      <span
        role="img"
        aria-label={person.isOnline ? 'Online' : 'Offline'}
        className={cn(
          'absolute right-0 bottom-0 h-3.5 w-3.5 rounded-full border-2 border-white',
          person.isOnline ? 'bg-emerald-500' : 'bg-slate-300',
        )}
      />
    </div>
  );
}
