import { useEffect, useId, useState } from 'react';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Input, Label } from '../../components/ui/input';

type Props = {
  user: { email: string } | null;
  busy: boolean;
  onCancel: () => void;
  onDelete: () => void;
};

/** Permanent deletion cannot be undone: the admin types the member's e-mail to arm the button. */
export function DeleteUserDialog({ user, busy, onCancel, onDelete }: Props) {
  const id = useId();
  const [typed, setTyped] = useState('');
  // biome-ignore lint/correctness/useExhaustiveDependencies: each opening (a new member) starts blank
  useEffect(() => setTyped(''), [user]);
  const matches = user !== null && typed.trim().toLowerCase() === user.email.toLowerCase();

  return (
    <Dialog
      open={user !== null}
      onOpenChange={(open) => !open && onCancel()}
      title="Delete user permanently"
      description={
        user ? `This removes ${user.email} and everything they published. It cannot be undone.` : ''
      }
      footer={
        <>
          <Button variant="outline" onClick={onCancel}>
            Cancel
          </Button>
          <Button variant="destructive" disabled={!matches || busy} onClick={onDelete}>
            {busy ? 'Deleting...' : 'Delete permanently'}
          </Button>
        </>
      }
    >
      <div className="space-y-1.5">
        <Label htmlFor={`${id}-confirm`}>Type {user?.email} to confirm</Label>
        <Input
          id={`${id}-confirm`}
          type="email"
          autoComplete="off"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
        />
      </div>
    </Dialog>
  );
}
