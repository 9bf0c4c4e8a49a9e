import type { User } from '../../../../domain';
import { Switch } from '../../components/ui/checkbox';
import { toast } from '../../components/ui/toast';
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

/** The three privacy and notification switches, however their values are kept. */
export function PrivacySwitches({
  values,
  disabled,
  onChange,
}: {
  values: Record<PrivacyKey, boolean>;
  disabled: boolean;
  onChange: (key: PrivacyKey, label: string) => (checked: boolean) => void;
}) {
  return (
    <div className="divide-y divide-slate-100">
      {PRIVACY_SETTINGS.map(({ key, label, description }) => (
        <Switch
          key={key}
          label={label}
          description={description}
          checked={values[key]}
          disabled={disabled}
          onCheckedChange={onChange(key, label)}
        />
      ))}
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
      <PrivacySwitches
        values={user}
        disabled={user.isDemoUser || update.isPending}
        onChange={toggle}
      />
    </section>
  );
}
