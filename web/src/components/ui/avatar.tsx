import type { AvatarRing } from '../../../../domain';
import { cn } from '../../lib/cn';

/** Up to two initials of a name; '?' when there is none. */
export function initials(name: string | null | undefined): string {
  return (
    (name ?? '')
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((part) => part[0]?.toUpperCase())
      .join('') || '?'
  );
}

/** The membership ring colours (domain `avatarRing`). */
export const RING_CLASS: Record<AvatarRing, string> = {
  orange: 'ring-orange-500',
  red: 'ring-red-600',
  purple: 'ring-purple-600',
  yellow: 'ring-yellow-400',
  green: 'ring-emerald-500',
};

const SIZES = {
  md: 'h-11 w-11',
  lg: 'h-12 w-12',
  xl: 'h-20 w-20 text-2xl ring-4 ring-offset-2',
};

type AvatarProps = {
  name: string | null | undefined;
  ring: AvatarRing;
  /** Shown instead of the initials when set. */
  imageUrl?: string | null;
  /** The online dot on the avatar; left out when presence is not shown. */
  online?: boolean;
  /** What a screen reader hears about the ring (e.g. 'Avatar ring: trial membership'). */
  ringLabel?: string;
  title?: string;
  size?: keyof typeof SIZES;
  className?: string;
};

/**
 * Initials (or picture) in the membership ring colour, with the online dot placed on the
 * avatar. The initials are decoration (the name is next to it); the dot is an image named
 * 'Online' or 'Offline' so a screen reader hears the presence.
 */
export function Avatar({
  name,
  ring,
  imageUrl,
  online,
  ringLabel,
  title,
  size = 'md',
  className,
}: AvatarProps) {
  return (
    <div className={cn('relative shrink-0', className)}>
      <div
        data-ring={ring}
        title={title}
        className={cn(
          'flex items-center justify-center overflow-hidden rounded-full bg-slate-100 font-semibold text-slate-700 ring-3',
          SIZES[size],
          RING_CLASS[ring],
        )}
      >
        {imageUrl ? (
          <img src={imageUrl} alt="" className="h-full w-full object-cover" />
        ) : (
          <span aria-hidden="true">{initials(name)}</span>
        )}
        {ringLabel ? <span className="sr-only">{ringLabel}</span> : null}
      </div>
      {online === undefined ? null : (
        <span
          role="img"
          aria-label={online ? 'Online' : 'Offline'}
          className={cn(
            'absolute right-0 bottom-0 h-3.5 w-3.5 rounded-full border-2 border-white',
            online ? 'bg-emerald-500' : 'bg-slate-300',
          )}
        />
      )}
    </div>
  );
}
