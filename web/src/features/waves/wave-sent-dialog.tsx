import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';

/** After a wave goes out: 'Wave Sent!' with a 'Got it' button. */
export function WaveSentDialog({
  open,
  onOpenChange,
  name,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  name: string;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Wave Sent!"
      description={`${name} will see your wave in their messages. If they accept, you can chat until the flight departs.`}
      footer={
        <Button className="w-full sm:w-auto" onClick={() => onOpenChange(false)}>
          Got it
        </Button>
      }
    />
  );
}
