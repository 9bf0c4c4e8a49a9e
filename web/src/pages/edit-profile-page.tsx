import { ArrowLeft } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import {
  MOBILE_MAX,
  NAME_MAX,
  NICKNAME_MAX,
  type UpdateProfileRequest,
  type User,
} from '../../../domain';
import { CenteredStatus } from '../app/require-session';
import { Button } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { Switch } from '../components/ui/checkbox';
import { Input, Label } from '../components/ui/input';
import { Select } from '../components/ui/select';
import { toast } from '../components/ui/toast';
import {
  failureText,
  PRIVACY_SETTINGS,
  type PrivacyKey,
  rankOptions,
  useSelf,
  useUpdateProfile,
} from '../features/profile';

type Form = {
  name: string;
  nickname: string;
  role: string;
  mobileNumber: string;
  contactEmail: string;
} & Record<PrivacyKey, boolean>;

const formOf = (user: User): Form => ({
  name: user.name ?? '',
  nickname: user.nickname ?? '',
  role: user.role ?? '',
  mobileNumber: user.mobileNumber ?? '',
  contactEmail: user.contactEmail ?? '',
  showNameAfterMatch: user.showNameAfterMatch,
  shareContactInfo: user.shareContactInfo,
  emailNotifications: user.emailNotifications,
});

/** /profile/edit: every editable field at once; saving returns to /profile. */
export function EditProfilePage() {
  const user = useSelf();
  if (!user) return <CenteredStatus text="Loading..." />;
  return <EditProfileForm user={user} />;
}

function EditProfileForm({ user }: { user: User }) {
  const navigate = useNavigate();
  const ids = { name: useId(), nickname: useId(), role: useId(), mobile: useId(), email: useId() };
  const errorId = useId();
  const [form, setForm] = useState(() => formOf(user));
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateProfile();
  const locked = user.isDemoUser;
  const set = <K extends keyof Form>(key: K, value: Form[K]) =>
    setForm((f) => ({ ...f, [key]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { role, ...rest } = form;
    const body = { ...rest, ...(role ? { role } : {}) } as UpdateProfileRequest;
    try {
      await update.mutateAsync(body);
      setError(null);
      toast.success('Profile Updated', 'Your changes have been saved.');
      navigate('/profile');
    } catch (failure) {
      const message = failureText(failure, 'Failed to update profile');
      setError(message);
      toast.error('Update Failed', message);
    }
  };

  return (
    <main className="space-y-4">
      <div className="flex items-center gap-2">
        <Button variant="ghost" size="sm" onClick={() => navigate('/profile')}>
          <ArrowLeft aria-hidden="true" className="h-4 w-4" />
          Back
        </Button>
        <h1 className="text-2xl font-bold">Edit Profile</h1>
      </div>
      {locked ? (
        <p role="note" className="rounded-xl bg-slate-100 p-3 text-sm text-slate-700">
          Demo mode - profile editing is not available.
        </p>
      ) : null}
      <form noValidate onSubmit={submit} className="space-y-4">
        <Card>
          <fieldset disabled={locked} className="space-y-4">
            <div className="space-y-1.5">
              <Label htmlFor={ids.name}>Full name</Label>
              <Input
                id={ids.name}
                autoComplete="name"
                maxLength={NAME_MAX}
                value={form.name}
                onChange={(e) => set('name', e.target.value)}
              />
            </div>
            <div className="space-y-1.5">
              <Label htmlFor={ids.nickname}>Nickname</Label>
              <Input
                id={ids.nickname}
                maxLength={NICKNAME_MAX}
                placeholder="Shown to crew until you match"
                value={form.nickname}
                onChange={(e) => set('nickname', e.target.value)}
              />
            </div>
            <div className="space-y-1.5">
              <Label htmlFor={ids.role}>Role</Label>
              <Select
                id={ids.role}
                value={form.role}
                onChange={(e) => set('role', e.target.value)}
                placeholder="Select your rank"
                placeholderDisabled
                options={rankOptions(user)}
              />
            </div>
            <div className="space-y-1.5">
              <Label htmlFor={ids.mobile}>Mobile number</Label>
              <Input
                id={ids.mobile}
                type="tel"
                inputMode="tel"
                autoComplete="tel"
                maxLength={MOBILE_MAX}
                value={form.mobileNumber}
                onChange={(e) => set('mobileNumber', e.target.value)}
              />
            </div>
            <div className="space-y-1.5">
              <Label htmlFor={ids.email}>Contact email</Label>
              <Input
                id={ids.email}
                type="email"
                inputMode="email"
                autoComplete="email"
                value={form.contactEmail}
                onChange={(e) => set('contactEmail', e.target.value)}
              />
            </div>
          </fieldset>
        </Card>
        <Card>
          <h2 className="font-semibold">Privacy</h2>
          <div className="divide-y divide-slate-100">
            {PRIVACY_SETTINGS.map(({ key, label, description }) => (
              <Switch
                key={key}
                label={label}
                description={description}
                checked={form[key]}
                disabled={locked}
                onCheckedChange={(checked) => set(key, checked)}
              />
            ))}
          </div>
        </Card>
        <p id={errorId} role="alert" className="min-h-5 text-sm text-red-700">
          {error}
        </p>
        <div className="flex gap-2">
          <Button variant="outline" className="flex-1" onClick={() => navigate('/profile')}>
            Cancel
          </Button>
          <Button type="submit" className="flex-1" disabled={locked || update.isPending}>
            {update.isPending ? 'Saving...' : 'Save Changes'}
          </Button>
        </div>
      </form>
    </main>
  );
}
