import { useState } from 'react';
import { CANCELLATION_NOTICE_WORKING_DAYS, PAYMENT_TEXTS } from '../../../../domain';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { toast } from '../../components/ui/toast';
import { useCancelSubscription } from './api';

/**
 * 'Cancel Subscription' on the membership banner: a request to the admin team, not an
 * immediate cancel (accounts spec §4), so the dialog says so before anything is sent.
 */
export function CancelSubscriptionButton({ className }: { className?: string }) {
  const [open, setOpen] = useState(false);
  const cancel = useCancelSubscription();
  const confirm = () =>
    cancel.mutate(undefined, {
      onSuccess: (data) => {
        setOpen(false);
        toast.success(PAYMENT_TEXTS.cancellationSubmitted, data.message, 10_000);
      },
      onError: (error) => toast.error('Request Failed', error.message),
    });
  return (
    <>
      <Button variant="outline" size="sm" className={className} onClick={() => setOpen(true)}>
        Cancel Subscription
      </Button>
      <ConfirmDialog
        open={open}
        onCancel={() => setOpen(false)}
        onConfirm={confirm}
        title="Cancel Subscription"
        description={`Your request goes to the admin team, who cancel it for you. Requests must reach them at least ${CANCELLATION_NOTICE_WORKING_DAYS} working days before your next payment.`}
        confirmLabel="Send Request"
        busyLabel="Sending..."
        busy={cancel.isPending}
        destructive
      />
    </>
  );
}
