import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';

type Props = { open: boolean; onAccept: () => void };

/** Shown after sign-in; it cannot be dismissed, only accepted, since acceptance is its point. */
export function DisclaimerDialog({ open, onAccept }: Props) {
  return (
    <Dialog
      open={open}
      onOpenChange={() => {}}
      title="Before you continue"
      description="Please read and accept this once per session."
      footer={
        <Button autoFocus onClick={onAccept} className="w-full sm:w-auto">
          I Understand &amp; Accept
        </Button>
      }
    >
      <ul className="list-disc space-y-2 pl-5 text-sm text-slate-700">
        <li>
          Jumpseat is an independent community for crew. It is not run by, affiliated with or
          endorsed by any airline.
        </li>
        <li>
          Follow your employer&apos;s policies. Never share operational, security or passenger
          information here.
        </li>
        <li>
          You stay anonymous until both of you accept a wave. Decide for yourself what you share and
          whom you meet.
        </li>
      </ul>
    </Dialog>
  );
}
