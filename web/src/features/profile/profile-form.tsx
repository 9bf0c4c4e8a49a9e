import { type FormEvent, type ReactNode, useId, useState } from 'react';
import {
  CREW_ROLES,
  type CrewRole,
  MOBILE_MAX,
  NAME_MAX,
  NICKNAME_MAX,
  type User,
} from '../../../../domain';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Checkbox } from '../../components/ui/checkbox';
import { Input, Label } from '../../components/ui/input';
import { Select } from '../../components/ui/select';
import { toast } from '../../components/ui/toast';
import { type PrivacyKey, PrivacySwitches } from './privacy-toggles';
import { rankOptions } from './ranks';

/** Everything either profile form asks; each mode sends the part it shows. */
export type ProfileFormValues = {
  name: string;
  nickname: string;
  role: string;
  yearsFlying: string;
  mobileNumber: string;
  contactEmail: string;
} & Record<PrivacyKey, boolean>;

/**
 * 'setup' is the first-time form (/profile-setup: name required, years flying, two consents that
 * start on); 'edit' is /profile/edit (every editable field, the member's own settings as switches).
 */
export type ProfileFormMode = 'setup' | 'edit';

export const NAME_REQUIRED = 'Please enter your name';

const initialValues = (mode: ProfileFormMode, user: User): ProfileFormValues => ({
  name: user.name ?? '',
  nickname: user.nickname ?? '',
  role: mode === 'edit' || CREW_ROLES.includes(user.role as CrewRole) ? (user.role ?? '') : '',
  yearsFlying: user.yearsFlying?.toString() ?? '',
  mobileNumber: user.mobileNumber ?? '',
  contactEmail: user.contactEmail ?? '',
  // Both modes start from what is stored (setup too): a pre-ticked 'share contact info' would
  // publish the phone number after a match to a member who only pressed Save.
  showNameAfterMatch: user.showNameAfterMatch,
  shareContactInfo: user.shareContactInfo,
  emailNotifications: user.emailNotifications,
});

const SETUP_CONSENTS: { key: PrivacyKey; label: string; description: string }[] = [
  {
    key: 'showNameAfterMatch',
    label: 'Show my name after a match',
    description: 'Crew you match with see your real name.',
  },
  {
    key: 'shareContactInfo',
    label: 'Share my contact info',
    description: 'Crew you match with see your mobile number.',
  },
];

type ProfileFormProps = {
  mode: ProfileFormMode;
  user: User;
  submitLabel: string;
  pending: boolean;
  /** The outline button beside submit (Cancel, Skip for Now). */
  secondary: { label: string; onClick: () => void };
  /** Sends the values; resolves to the text to show under the form, or null when it worked. */
  onSubmit: (values: ProfileFormValues) => Promise<string | null>;
};

/** The one profile form: first-time setup and edit profile differ only in what `mode` names. */
export function ProfileForm({
  mode,
  user,
  submitLabel,
  pending,
  secondary,
  onSubmit,
}: ProfileFormProps) {
  const setup = mode === 'setup';
  const ids = {
    name: useId(),
    nickname: useId(),
    role: useId(),
    years: useId(),
    mobile: useId(),
    email: useId(),
    error: useId(),
  };
  const [values, setValues] = useState(() => initialValues(mode, user));
  const [error, setError] = useState<string | null>(null);
  const locked = user.isDemoUser;
  const set = <K extends keyof ProfileFormValues>(key: K, value: ProfileFormValues[K]) =>
    setValues((v) => ({ ...v, [key]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (setup && !values.name.trim()) {
      setError(NAME_REQUIRED);
      toast.error('Name Required', NAME_REQUIRED);
      return;
    }
    setError(await onSubmit(values));
  };

  const field = (id: string, label: string, control: ReactNode, hint?: string) => (
    <div className="space-y-1.5">
      <Label htmlFor={id}>{label}</Label>
      {control}
      {hint ? <p className="text-xs text-slate-500">{hint}</p> : null}
    </div>
  );

  return (
    <>
      {locked ? (
        <p role="note" className="rounded-xl bg-slate-100 p-3 text-sm text-slate-700">
          Demo mode - profile editing is not available.
        </p>
      ) : null}
      <form noValidate onSubmit={submit} className="space-y-4">
        <Card>
          <fieldset disabled={locked} className="space-y-4">
            {field(
              ids.name,
              'Full name',
              <Input
                id={ids.name}
                required={setup}
                autoComplete="name"
                maxLength={NAME_MAX}
                value={values.name}
                aria-invalid={(setup && error === NAME_REQUIRED) || undefined}
                aria-describedby={setup && error ? ids.error : undefined}
                onChange={(e) => set('name', e.target.value)}
              />,
            )}
            {field(
              ids.nickname,
              setup ? 'Nickname (optional)' : 'Nickname',
              <Input
                id={ids.nickname}
                maxLength={NICKNAME_MAX}
                placeholder={setup ? 'e.g. Skylark' : 'Shown to crew until you match'}
                value={values.nickname}
                onChange={(e) => set('nickname', e.target.value)}
              />,
              setup
                ? 'Left blank, crew see you as Anonymous Crew Member until you match.'
                : undefined,
            )}
            {field(
              ids.role,
              'Role',
              <Select
                id={ids.role}
                value={values.role}
                onChange={(e) => set('role', e.target.value)}
                placeholder={setup ? 'Select your role' : 'Select your rank'}
                placeholderDisabled={!setup}
                options={setup ? CREW_ROLES : rankOptions(user)}
              />,
            )}
            {setup
              ? field(
                  ids.years,
                  'Years flying (optional)',
                  <Input
                    id={ids.years}
                    type="number"
                    inputMode="numeric"
                    min={0}
                    max={60}
                    value={values.yearsFlying}
                    onChange={(e) => set('yearsFlying', e.target.value)}
                  />,
                )
              : null}
            {field(
              ids.mobile,
              setup ? 'Mobile number (optional)' : 'Mobile number',
              <Input
                id={ids.mobile}
                type="tel"
                inputMode="tel"
                autoComplete="tel"
                maxLength={MOBILE_MAX}
                value={values.mobileNumber}
                onChange={(e) => set('mobileNumber', e.target.value)}
              />,
            )}
            {setup
              ? SETUP_CONSENTS.map(({ key, label, description }) => (
                  <Checkbox
                    key={key}
                    label={label}
                    description={description}
                    checked={values[key]}
                    onCheckedChange={(checked) => set(key, checked)}
                  />
                ))
              : field(
                  ids.email,
                  'Contact email',
                  <Input
                    id={ids.email}
                    type="email"
                    inputMode="email"
                    autoComplete="email"
                    value={values.contactEmail}
                    onChange={(e) => set('contactEmail', e.target.value)}
                  />,
                )}
          </fieldset>
        </Card>
        {setup ? null : (
          <Card>
            <h2 className="font-semibold">Privacy</h2>
            <PrivacySwitches
              values={values}
              disabled={locked}
              onChange={(key) => (checked) => set(key, checked)}
            />
          </Card>
        )}
        <p id={ids.error} role="alert" className="min-h-5 text-sm text-red-700">
          {error}
        </p>
        <div className="flex gap-2">
          <Button variant="outline" className="flex-1" onClick={secondary.onClick}>
            {secondary.label}
          </Button>
          <Button type="submit" className="flex-1" disabled={locked || pending}>
            {pending ? 'Saving...' : submitLabel}
          </Button>
        </div>
      </form>
    </>
  );
}
