import { type FormEvent, useId, useState } from 'react';
import { PASSCODE_MESSAGE, PIN_LENGTH, passcodeSchema } from '../../../../domain';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { toast } from '../../components/ui/toast';
import { ApiError } from '../../lib/api-client';
import { emptyPin, PinInput, pinValue } from '../auth';
import { useChangePasscode } from './api';
import { failureText } from './failure';

/**
 * The current PIN, then the new one: four boxes each, digits only; Save is enabled only once all
 * eight are filled. The server asks for the current PIN from a session older than 10 minutes;
 * the dialog always sends it, so the rule never surprises anyone.
 */
export function ChangePasscodeDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const errorId = useId();
  const [current, setCurrent] = useState(emptyPin);
  const [pin, setPin] = useState(emptyPin);
  const [error, setError] = useState<string | null>(null);
  const value = pinValue(pin);
  const currentValue = pinValue(current);

  const close = (next: boolean) => {
    if (!next) {
      setCurrent(emptyPin());
      setPin(emptyPin());
      setError(null);
    }
    onOpenChange(next);
  };

  const save = useChangePasscode();
  const callbacks = {
    onSuccess: () => {
      toast.success('Passcode Updated', 'Use your new passcode the next time you sign in.');
      close(false);
    },
    onError: (failure: Error) => {
      // A wrong current PIN (401) and a lock (429) are explained by the server's own text.
      const message =
        failure instanceof ApiError && (failure.status === 401 || failure.status === 429)
          ? failure.message
          : failureText(failure, 'Failed to update passcode');
      setError(message);
      toast.error('Update Failed', message);
    },
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = passcodeSchema.safeParse(value);
    const currentParsed = passcodeSchema.safeParse(currentValue);
    if (!parsed.success || !currentParsed.success) {
      setError(PASSCODE_MESSAGE);
      toast.error('Invalid Passcode', PASSCODE_MESSAGE);
      return;
    }
    setError(null);
    save.mutate({ passcode: parsed.data, currentPasscode: currentParsed.data }, callbacks);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title="Change Passcode"
      description="Enter your current passcode, then choose a new 4-digit one."
    >
      <form noValidate onSubmit={submit} className="space-y-4">
        <PinInput
          label="Current passcode"
          value={current}
          onChange={setCurrent}
          invalid={Boolean(error)}
          errorId={error ? errorId : undefined}
          autoFocus
          disabled={save.isPending}
        />
        <PinInput
          label="New passcode"
          value={pin}
          onChange={setPin}
          invalid={Boolean(error)}
          errorId={error ? errorId : undefined}
          disabled={save.isPending}
        />
        <p id={errorId} role="alert" className="min-h-5 text-sm text-red-700">
          {error}
        </p>
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={() => close(false)}>
            Cancel
          </Button>
          <Button
            type="submit"
            disabled={
              value.length !== PIN_LENGTH || currentValue.length !== PIN_LENGTH || save.isPending
            }
          >
            {save.isPending ? 'Saving...' : 'Save'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
