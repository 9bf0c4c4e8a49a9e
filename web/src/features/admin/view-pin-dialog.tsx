import { Eye } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';

type Props = {
  user: { email: string } | null;
  /** The PIN once revealed (null: the member has none); undefined while still masked. */
  revealed: string | null | undefined;
  busy: boolean;
  onReveal: () => void;
  onClose: () => void;
};

/** The PIN stays masked until 'Reveal': each reveal is its own audited call. */
export function ViewPinDialog({ user, revealed, busy, onReveal, onClose }: Props) {
  return (
    <Dialog
      open={user !== null}
      onOpenChange={(open) => !open && onClose()}
      title="View PIN"
      description={user ? `The current PIN of ${user.email}. Revealing it is recorded.` : ''}
      footer={
        <Button variant="outline" onClick={onClose}>
          Close
        </Button>
      }
    >
      <div className="flex items-center justify-between gap-3 rounded-xl bg-slate-50 p-4">
        <p aria-live="polite" className="font-mono text-2xl tracking-[0.4em]">
          {revealed === undefined ? (
            <>
              <span aria-hidden="true">••••</span>
              <span className="sr-only">PIN hidden</span>
            </>
          ) : revealed === null ? (
            <span className="font-sans text-base tracking-normal">No PIN set</span>
          ) : (
            revealed
          )}
        </p>
        {revealed === undefined ? (
          <Button variant="secondary" disabled={busy} onClick={onReveal}>
            <Eye aria-hidden="true" className="h-4 w-4" />
            {busy ? 'Revealing...' : 'Reveal'}
          </Button>
        ) : null}
      </div>
    </Dialog>
  );
}
