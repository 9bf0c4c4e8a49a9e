import { RefreshCw } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import type { z } from 'zod';
import {
  ADD_USER_EMAIL_MESSAGE,
  ADMIN_ADD_ROLES,
  createUserRequestSchema,
  DEFAULT_MEMBERSHIP_DURATION,
  INVALID_EMAIL_TITLE,
  MEMBERSHIP_DURATIONS,
  type MembershipDuration,
} from '../../../../domain';
import { Button } from '../../components/ui/button';
import { Checkbox } from '../../components/ui/checkbox';
import { Dialog } from '../../components/ui/dialog';
import { Input, Label } from '../../components/ui/input';
import { Select } from '../../components/ui/select';
import { toast } from '../../components/ui/toast';

export type NewUser = z.output<typeof createUserRequestSchema>;

type Props = {
  open: boolean;
  busy: boolean;
  onCancel: () => void;
  onCreate: (user: NewUser) => void;
};

const DURATION_LABELS: Record<MembershipDuration, string> = {
  '1week': '1 week',
  '2weeks': '2 weeks',
  '1month': '1 month',
  '3months': '3 months',
  '6months': '6 months',
  '1year': '1 year',
  lifetime: 'Lifetime',
};

/** The spec generates the new member's PIN in the browser, 1000-9999 (never a leading zero). */
export function generatePin(random: () => number = Math.random): string {
  return String(1000 + Math.floor(random() * 9000));
}

/** Add a member: the e-mail must contain '@'; blank optional fields are sent as null. */
export function AddUserDialog({ open, busy, onCancel, onCreate }: Props) {
  const id = useId();
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [nickname, setNickname] = useState('');
  const [role, setRole] = useState('');
  const [isAdmin, setIsAdmin] = useState(false);
  const [isDemoUser, setIsDemoUser] = useState(false);
  const [duration, setDuration] = useState<MembershipDuration>(DEFAULT_MEMBERSHIP_DURATION);
  const [pin, setPin] = useState(generatePin);
  const [emailProblem, setEmailProblem] = useState<string | null>(null);

  useEffect(() => {
    if (!open) return;
    setEmail('');
    setName('');
    setNickname('');
    setRole('');
    setIsAdmin(false);
    setIsDemoUser(false);
    setDuration(DEFAULT_MEMBERSHIP_DURATION);
    setPin(generatePin());
    setEmailProblem(null);
  }, [open]);

  const create = () => {
    const parsed = createUserRequestSchema.safeParse({
      email,
      name,
      nickname,
      role: role || null,
      isAdmin: isAdmin && !isDemoUser,
      isDemoUser,
      passcode: pin,
      membershipDuration: duration,
    });
    if (!parsed.success) {
      const emailIssue = parsed.error.issues.find((issue) => issue.path[0] === 'email');
      if (emailIssue) {
        setEmailProblem(ADD_USER_EMAIL_MESSAGE);
        toast.error(INVALID_EMAIL_TITLE, ADD_USER_EMAIL_MESSAGE);
      } else {
        toast.error('Failed to create user', parsed.error.issues[0]!.message);
      }
      return;
    }
    onCreate(parsed.data);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && onCancel()}
      title="Add New User"
      description="The member is e-mailed their PIN and can sign in at once."
      footer={
        <>
          <Button variant="outline" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" form={`${id}-form`} disabled={busy}>
            {busy ? 'Creating...' : 'Create User'}
          </Button>
        </>
      }
    >
      <form
        id={`${id}-form`}
        noValidate
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          create();
        }}
      >
        <div className="space-y-1.5">
          <Label htmlFor={`${id}-email`}>Email</Label>
          <Input
            id={`${id}-email`}
            type="email"
            inputMode="email"
            autoComplete="off"
            value={email}
            aria-invalid={emailProblem ? true : undefined}
            aria-describedby={`${id}-email-hint`}
            onChange={(e) => {
              setEmail(e.target.value);
              setEmailProblem(null);
            }}
          />
          <p id={`${id}-email-hint`} aria-live="polite" className="min-h-5 text-sm text-red-700">
            {emailProblem}
          </p>
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="space-y-1.5">
            <Label htmlFor={`${id}-name`}>Name (optional)</Label>
            <Input id={`${id}-name`} value={name} onChange={(e) => setName(e.target.value)} />
          </div>
          <div className="space-y-1.5">
            <Label htmlFor={`${id}-nickname`}>Nickname (optional)</Label>
            <Input
              id={`${id}-nickname`}
              value={nickname}
              onChange={(e) => setNickname(e.target.value)}
            />
          </div>
          <div className="space-y-1.5">
            <Label htmlFor={`${id}-role`}>Role</Label>
            <Select
              id={`${id}-role`}
              options={ADMIN_ADD_ROLES}
              placeholder="No role"
              value={role}
              onChange={(e) => setRole(e.target.value)}
            />
          </div>
          <div className="space-y-1.5">
            <Label htmlFor={`${id}-duration`}>Membership duration</Label>
            <select
              id={`${id}-duration`}
              className="h-11 w-full rounded-xl border border-slate-300 bg-white px-3 text-base focus:border-brand-500"
              value={duration}
              onChange={(e) => setDuration(e.target.value as MembershipDuration)}
            >
              {MEMBERSHIP_DURATIONS.map((value) => (
                <option key={value} value={value}>
                  {DURATION_LABELS[value]}
                </option>
              ))}
            </select>
          </div>
        </div>
        <Checkbox
          label="Admin rights"
          checked={isAdmin && !isDemoUser}
          disabled={isDemoUser}
          onCheckedChange={setIsAdmin}
        />
        <Checkbox
          label="Demo account (read-only)"
          checked={isDemoUser}
          onCheckedChange={setIsDemoUser}
        />
        {isDemoUser ? (
          <p className="rounded-xl bg-slate-50 p-3 text-sm text-slate-700">
            A demo account can look around but not add flights, wave, message or delete. It signs in
            with the demo PIN (DEMO_PASSCODE), not a generated one.
          </p>
        ) : (
          <div className="flex items-center justify-between gap-3 rounded-xl bg-slate-50 p-3">
            <p>
              <span className="block text-sm text-slate-600">Generated PIN</span>
              <output aria-label="Generated PIN" className="font-mono text-xl tracking-[0.3em]">
                {pin}
              </output>
            </p>
            <Button variant="outline" size="sm" onClick={() => setPin(generatePin())}>
              <RefreshCw aria-hidden="true" className="h-4 w-4" />
              New PIN
            </Button>
          </div>
        )}
      </form>
    </Dialog>
  );
}
