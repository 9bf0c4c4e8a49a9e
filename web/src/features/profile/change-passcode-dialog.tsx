import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { toast } from '../../components/ui/toast';
import { ApiError } from '../../lib/api-client';
import { PinForm } from '../auth';
import { useChangePasscode } from './api';
import { failureText } from './failure';

const PINS = [{ label: 'Current passcode', autoFocus: true }, { label: 'New passcode' }];

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
  const save = useChangePasscode();

  const submit = ([currentPasscode, passcode]: string[], fail: (message: string) => void) =>
    save.mutate(
      { passcode: passcode!, currentPasscode: currentPasscode! },
      {
        onSuccess: () => {
          toast.success('Passcode Updated', 'Use your new passcode the next time you sign in.');
          onOpenChange(false);
        },
        onError: (failure: Error) => {
          // A wrong current PIN (401) and a lock (429) are explained by the server's own text.
          const message =
            failure instanceof ApiError && (failure.status === 401 || failure.status === 429)
              ? failure.message
              : failureText(failure, 'Failed to update passcode');
          fail(message);
          toast.error('Update Failed', message);
        },
      },
    );

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Change Passcode"
      description="Enter your current passcode, then choose a new 4-digit one."
    >
      <PinForm
        pins={PINS}
        pending={save.isPending}
        onSubmit={submit}
        actions={({ complete }) => (
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={!complete || save.isPending}>
              {save.isPending ? 'Saving...' : 'Save'}
            </Button>
          </div>
        )}
      />
    </Dialog>
  );
}
