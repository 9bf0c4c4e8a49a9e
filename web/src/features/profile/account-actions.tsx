import { LogOut, MonitorSmartphone, Trash2 } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { ACCESS_REASONS, type User } from '../../../../domain';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Dialog } from '../../components/ui/dialog';
import { Input, Label } from '../../components/ui/input';
import { toast } from '../../components/ui/toast';
import { useLeaveSession, useSignOut } from '../presence';
import { useDeleteAccount, useLogoutAll } from './api';
import { failureText } from './failure';

/** Log Out (this device) and 'Sign out of all devices'. */
export function SessionActions() {
  const signOut = useSignOut();
  const leave = useLeaveSession();
  const [busy, setBusy] = useState(false);
  const [confirmAll, setConfirmAll] = useState(false);
  const logoutAll = useLogoutAll(() => {
    setConfirmAll(false);
    leave();
    toast.success(
      'Signed Out Everywhere',
      'Every device signed in to your account has been signed out.',
    );
  });
  const signOutEverywhere = () =>
    logoutAll.mutate(undefined, {
      onError: (error) => toast.error('Request Failed', failureText(error, 'Failed to log out')),
    });

  return (
    <Card className="space-y-2">
      <Button
        variant="outline"
        className="w-full"
        disabled={busy}
        onClick={async () => {
          setBusy(true);
          if (!(await signOut('user'))) setBusy(false);
        }}
      >
        <LogOut aria-hidden="true" className="h-4 w-4" />
        Log Out
      </Button>
      <Button variant="ghost" className="w-full" onClick={() => setConfirmAll(true)}>
        <MonitorSmartphone aria-hidden="true" className="h-4 w-4" />
        Sign out of all devices
      </Button>
      <ConfirmDialog
        open={confirmAll}
        onCancel={() => setConfirmAll(false)}
        onConfirm={signOutEverywhere}
        title="Sign out of all devices?"
        description="Every device signed in to your account, this one included, will be signed out."
        confirmLabel="Sign Out Everywhere"
        busyLabel="Signing out..."
        busy={logoutAll.isPending}
      />
    </Card>
  );
}

const CONFIRM_WORD = 'DELETE';

/** Danger Zone: deletion with a typed DELETE; access ends at once, data is kept 30 days. */
export function DangerZone({ user }: { user: User }) {
  const leave = useLeaveSession();
  const inputId = useId();
  const errorId = useId();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);

  const remove = useDeleteAccount((result) => {
    setOpen(false);
    leave();
    toast.success('Account Deleted', result.message, 10_000);
  });

  const close = (next: boolean) => {
    if (!next) {
      setTyped('');
      setError(null);
    }
    setOpen(next);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (typed !== CONFIRM_WORD) {
      const message = `Please type ${CONFIRM_WORD} to confirm.`;
      setError(message);
      toast.error('Confirmation Required', message);
      return;
    }
    setError(null);
    remove.mutate(undefined, {
      onError: (failure) =>
        toast.error('Request Failed', failureText(failure, 'Failed to schedule account deletion.')),
    });
  };

  return (
    <section
      aria-labelledby="danger-heading"
      className="space-y-2 rounded-2xl border border-red-200 bg-red-50 p-4"
    >
      <h2 id="danger-heading" className="font-semibold text-red-800">
        Danger Zone
      </h2>
      <p className="text-sm text-red-800">
        Deleting your account ends your access immediately. Your data is kept for 30 days, during
        which an administrator can restore it; after that it is removed.
      </p>
      {user.isDemoUser ? (
        <p className="text-sm text-slate-700">{ACCESS_REASONS.demoDeleteAccount}</p>
      ) : null}
      <Button variant="destructive" disabled={user.isDemoUser} onClick={() => setOpen(true)}>
        <Trash2 aria-hidden="true" className="h-4 w-4" />
        Delete Account
      </Button>
      <Dialog
        open={open}
        onOpenChange={close}
        title="Delete Account"
        description="Your access ends immediately. Data is kept for 30 days, then permanently deleted."
      >
        <form noValidate onSubmit={submit} className="space-y-4">
          <div className="space-y-1.5">
            <Label htmlFor={inputId}>Type {CONFIRM_WORD} to confirm</Label>
            <Input
              id={inputId}
              value={typed}
              autoComplete="off"
              autoCapitalize="characters"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              onChange={(e) => setTyped(e.target.value)}
            />
          </div>
          <p id={errorId} role="alert" className="min-h-5 text-sm text-red-700">
            {error}
          </p>
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={() => close(false)}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={remove.isPending}>
              {remove.isPending ? 'Deleting...' : 'Delete My Account'}
            </Button>
          </div>
        </form>
      </Dialog>
    </section>
  );
}
