import { Switch } from 'radix-ui';
import { useId } from 'react';
import type { User } from '../../../../domain';
import { toast } from '../../components/ui/toast';
import { cn } from '../../lib/cn';
import { useUpdateProfile } from './api';
import { failureText } from './failure';

export type PrivacyKey = 'showNameAfterMatch' | 'shareContactInfo' | 'emailNotifications';

export const PRIVACY_SETTINGS: { key: PrivacyKey; label: string; description: string }[] = [
  {
    key: 'showNameAfterMatch',
    label: 'Show name after match',
    description: 'Crew you match with see your real name instead of your nickname.',
  },
  {
    key: 'shareContactInfo',
    label: 'Share contact info',
    description: 'Crew you match with see your mobile number.',
  },
  {
    key: 'emailNotifications',
    label: 'Email notifications',
    description: 'Get an e-mail about new waves and messages.',
  },
];

/** A labelled on/off switch (Radix: role switch, Space and Enter toggle it). */
export function Toggle({
  label,
  description,
  checked,
  disabled,
  onCheckedChange,
}: {
  label: string;
  description?: string;
  checked: boolean;
  disabled?: boolean;
  onCheckedChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-center justify-between gap-4 py-3">
      <div>
        <label htmlFor={id} className="font-medium">
          {label}
        </label>
        {description ? <p className="text-sm text-slate-600">{description}</p> : null}
      </div>
      <Switch.Root
        id={id}
        checked={checked}
        disabled={disabled}
        onCheckedChange={onCheckedChange}
        className={cn(
          'relative inline-flex h-7 w-12 shrink-0 items-center rounded-full transition-colors disabled:cursor-not-allowed disabled:opacity-50',
          checked ? 'bg-brand-600' : 'bg-slate-300',
        )}
      >
        <Switch.Thumb
          className={cn(
            'block h-5 w-5 rounded-full bg-white shadow transition-transform',
            checked ? 'translate-x-6' : 'translate-x-1',
          )}
        />
      </Switch.Root>
    </div>
  );
}

/** The three privacy and notification toggles, saved as soon as they change. */
export function PrivacyToggles({ user }: { user: User }) {
  const update = useUpdateProfile();
  const toggle = (key: PrivacyKey, label: string) => async (checked: boolean) => {
    try {
      await update.mutateAsync({ [key]: checked });
      if (key === 'emailNotifications') {
        toast.success('Notification Settings Updated', `${label}: ${checked ? 'on' : 'off'}`);
      } else {
        toast.success('Profile Updated', `${label}: ${checked ? 'on' : 'off'}`);
      }
    } catch (error) {
      toast.error('Update Failed', failureText(error, `Failed to update ${label.toLowerCase()}`));
    }
  };
  return (
    <section
      aria-labelledby="privacy-heading"
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h2 id="privacy-heading" className="font-semibold">
        Privacy
      </h2>
      {user.isDemoUser ? (
        <p className="mt-1 text-sm text-slate-600">
          Demo mode - privacy settings cannot be changed.
        </p>
      ) : null}
      <div className="divide-y divide-slate-100">
        {PRIVACY_SETTINGS.map(({ key, label, description }) => (
          <Toggle
            key={key}
            label={label}
            description={description}
            checked={user[key]}
            disabled={user.isDemoUser || update.isPending}
            onCheckedChange={toggle(key, label)}
          />
        ))}
      </div>
    </section>
  );
}
