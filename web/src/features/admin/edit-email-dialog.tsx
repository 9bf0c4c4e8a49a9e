import { useEffect, useState } from 'react';
import { updateEmailRequestSchema } from '../../../../domain';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Input, Label } from '../../components/ui/input';

type Props = {
  /** A pending registration or a member: only the current address matters here. */
  user: { email: string } | null;
  busy: boolean;
  onCancel: () => void;
  onSave: (email: string) => void;
};

/** The new address must be non-empty and differ from the current one (accounts spec §5). */
export function EditEmailDialog({ user, busy, onCancel, onSave }: Props) {
  const [email, setEmail] = useState('');
  useEffect(() => setEmail(user?.email ?? ''), [user]);

  const parsed = updateEmailRequestSchema.safeParse({ email });
  const next = parsed.data?.email ?? '';
  const problem = !email.trim()
    ? null
    : !parsed.success
      ? parsed.error.issues[0]!.message
      : next === user?.email.toLowerCase()
        ? 'The new e-mail is the same as the current one.'
        : null;
  const canSave = parsed.success && next !== user?.email.toLowerCase();

  return (
    <Dialog
      open={user !== null}
      onOpenChange={(open) => !open && onCancel()}
      title="Edit email"
      description={user ? `Current: ${user.email}` : ''}
      footer={
        <>
          <Button variant="outline" onClick={onCancel}>
            Cancel
          </Button>
          <Button disabled={!canSave || busy} onClick={() => onSave(next)}>
            {busy ? 'Saving...' : 'Save'}
          </Button>
        </>
      }
    >
      <div className="space-y-1.5">
        <Label htmlFor="edit-email">New email</Label>
        <Input
          id="edit-email"
          type="email"
          inputMode="email"
          value={email}
          aria-describedby="edit-email-hint"
          onChange={(e) => setEmail(e.target.value)}
        />
        <p id="edit-email-hint" aria-live="polite" className="min-h-5 text-sm text-slate-500">
          {problem}
        </p>
      </div>
    </Dialog>
  );
}
