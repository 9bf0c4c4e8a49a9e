import { useEffect, useId, useState } from 'react';
import {
  ADMIN_PASSCODE_MESSAGE,
  adminUpdatePasscodeRequestSchema,
  INVALID_PASSCODE_TITLE,
} from '../../../../domain';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { Input, Label } from '../../components/ui/input';
import { toast } from '../../components/ui/toast';

type Props = {
  user: { email: string } | null;
  busy: boolean;
  onCancel: () => void;
  onSave: (passcode: string) => void;
};

/** Digits only, cut at 4: what the field can hold is never more than a PIN. */
const asPin = (text: string) => text.replace(/\D/g, '').slice(0, 4);

/** Edit a member's PIN: exactly 4 digits, checked by the shared schema before any call. */
export function EditPinDialog({ user, busy, onCancel, onSave }: Props) {
  const id = useId();
  const [pin, setPin] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: each opening (a new member) starts blank
  useEffect(() => {
    setPin('');
    setProblem(null);
  }, [user]);

  const save = () => {
    const parsed = adminUpdatePasscodeRequestSchema.safeParse({ passcode: pin });
    if (!parsed.success) {
      setProblem(ADMIN_PASSCODE_MESSAGE);
      toast.error(INVALID_PASSCODE_TITLE, ADMIN_PASSCODE_MESSAGE);
      return;
    }
    onSave(parsed.data.passcode);
  };

  return (
    <Dialog
      open={user !== null}
      onOpenChange={(open) => !open && onCancel()}
      title="Edit PIN"
      description={user ? `A new 4-digit PIN for ${user.email}. They are told by e-mail.` : ''}
      footer={
        <>
          <Button variant="outline" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" form={`${id}-form`} disabled={busy}>
            {busy ? 'Saving...' : 'Save PIN'}
          </Button>
        </>
      }
    >
      <form
        id={`${id}-form`}
        noValidate
        className="space-y-1.5"
        onSubmit={(e) => {
          e.preventDefault();
          save();
        }}
      >
        <Label htmlFor={`${id}-pin`}>New PIN</Label>
        <Input
          id={`${id}-pin`}
          inputMode="numeric"
          autoComplete="off"
          maxLength={4}
          value={pin}
          aria-invalid={problem ? true : undefined}
          aria-describedby={`${id}-hint`}
          onChange={(e) => {
            setPin(asPin(e.target.value));
            setProblem(null);
          }}
        />
        <p id={`${id}-hint`} aria-live="polite" className="min-h-5 text-sm text-red-700">
          {problem}
        </p>
      </form>
    </Dialog>
  );
}
