import { type FormEvent, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import {
  CREW_ROLES,
  type CrewRole,
  MOBILE_MAX,
  NAME_MAX,
  NICKNAME_MAX,
  profileSetupRequestSchema,
} from '../../../domain';
import { Button } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { Checkbox } from '../components/ui/checkbox';
import { Input, Label } from '../components/ui/input';
import { Select } from '../components/ui/select';
import { toast } from '../components/ui/toast';
import { failureText, useProfileSetup, useSelf } from '../features/profile';

const NAME_REQUIRED = 'Please enter your name';

/** /profile-setup: first-time setup; both buttons go on to /home. */
export function ProfileSetupPage() {
  const user = useSelf();
  const navigate = useNavigate();
  const ids = {
    name: useId(),
    nickname: useId(),
    role: useId(),
    years: useId(),
    mobile: useId(),
    error: useId(),
  };
  const [name, setName] = useState(() => user?.name ?? '');
  const [nickname, setNickname] = useState(() => user?.nickname ?? '');
  const [role, setRole] = useState(() =>
    CREW_ROLES.includes(user?.role as CrewRole) ? (user?.role as string) : '',
  );
  const [yearsFlying, setYearsFlying] = useState(() => user?.yearsFlying?.toString() ?? '');
  const [mobileNumber, setMobileNumber] = useState(() => user?.mobileNumber ?? '');
  const [showNameAfterMatch, setShowName] = useState(true);
  const [shareContactInfo, setShareContact] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const setup = useProfileSetup();
  const locked = user?.isDemoUser === true;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setError(NAME_REQUIRED);
      toast.error('Name Required', NAME_REQUIRED);
      return;
    }
    const parsed = profileSetupRequestSchema.safeParse({
      name,
      nickname,
      ...(role ? { role } : {}),
      yearsFlying: yearsFlying.trim() === '' ? null : Number(yearsFlying),
      mobileNumber,
      showNameAfterMatch,
      shareContactInfo,
    });
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message ?? 'Please check your details';
      setError(message);
      toast.error('Update Failed', message);
      return;
    }
    try {
      await setup.mutateAsync(parsed.data);
      setError(null);
      toast.success('Profile Updated', 'Welcome aboard!');
      navigate('/home');
    } catch (failure) {
      const message = failureText(failure, 'Failed to update profile. Please try again.');
      setError(message);
      toast.error('Update Failed', message);
    }
  };

  const skip = () => {
    toast.info('Setup Skipped', 'You can complete your profile any time from the Profile page.');
    navigate('/home');
  };

  return (
    <main className="space-y-4">
      <header>
        <h1 className="text-2xl font-bold">Set Up Your Profile</h1>
        <p className="mt-1 text-slate-600">
          Tell crew a little about you. Your nickname is what they see until you both match.
        </p>
      </header>
      {locked ? (
        <p role="note" className="rounded-xl bg-slate-100 p-3 text-sm text-slate-700">
          Demo mode - profile editing is not available.
        </p>
      ) : null}
      <Card>
        <form noValidate onSubmit={submit} className="space-y-4">
          <fieldset disabled={locked} className="space-y-4">
            <div className="space-y-1.5">
              <Label htmlFor={ids.name}>Full name</Label>
              <Input
                id={ids.name}
                required
                autoComplete="name"
                maxLength={NAME_MAX}
                value={name}
                aria-invalid={error === NAME_REQUIRED || undefined}
                aria-describedby={error ? ids.error : undefined}
                onChange={(e) => setName(e.target.value)}
              />
            </div>
            <div className="space-y-1.5">
              <Label htmlFor={ids.nickname}>Nickname (optional)</Label>
              <Input
                id={ids.nickname}
                maxLength={NICKNAME_MAX}
                placeholder="e.g. Skylark"
                value={nickname}
                onChange={(e) => setNickname(e.target.value)}
              />
              <p className="text-xs text-slate-500">
                Left blank, crew see you as Anonymous Crew Member until you match.
              </p>
            </div>
            <div className="space-y-1.5">
              <Label htmlFor={ids.role}>Role</Label>
              <Select
                id={ids.role}
                value={role}
                onChange={(e) => setRole(e.target.value)}
                placeholder="Select your role"
                options={CREW_ROLES}
              />
            </div>
            <div className="space-y-1.5">
              <Label htmlFor={ids.years}>Years flying (optional)</Label>
              <Input
                id={ids.years}
                type="number"
                inputMode="numeric"
                min={0}
                max={60}
                value={yearsFlying}
                onChange={(e) => setYearsFlying(e.target.value)}
              />
            </div>
            <div className="space-y-1.5">
              <Label htmlFor={ids.mobile}>Mobile number (optional)</Label>
              <Input
                id={ids.mobile}
                type="tel"
                inputMode="tel"
                autoComplete="tel"
                maxLength={MOBILE_MAX}
                value={mobileNumber}
                onChange={(e) => setMobileNumber(e.target.value)}
              />
            </div>
            <Checkbox
              label="Show my name after a match"
              description="Crew you match with see your real name."
              checked={showNameAfterMatch}
              onCheckedChange={setShowName}
            />
            <Checkbox
              label="Share my contact info"
              description="Crew you match with see your mobile number."
              checked={shareContactInfo}
              onCheckedChange={setShareContact}
            />
          </fieldset>
          <p id={ids.error} role="alert" className="min-h-5 text-sm text-red-700">
            {error}
          </p>
          <div className="flex gap-2">
            <Button variant="outline" className="flex-1" onClick={skip}>
              Skip for Now
            </Button>
            <Button type="submit" className="flex-1" disabled={locked || setup.isPending}>
              {setup.isPending ? 'Saving...' : 'Save Profile'}
            </Button>
          </div>
        </form>
      </Card>
    </main>
  );
}
