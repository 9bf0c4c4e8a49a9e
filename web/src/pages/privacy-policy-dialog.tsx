import { Button } from '../components/ui/button';
import { Dialog } from '../components/ui/dialog';
import { PrivacyPolicy } from '../features/landing';

/** The landing's policy dialog, in a module of its own: the landing loads it on first open. */
export function PrivacyPolicyDialog({
  open,
  onOpenChange,
  onAccept,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onAccept: () => void;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Data Privacy Policy and Terms"
      footer={
        <>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Close
          </Button>
          <Button onClick={onAccept}>Accept &amp; Continue</Button>
        </>
      }
    >
      <PrivacyPolicy />
    </Dialog>
  );
}
