import { Clock } from 'lucide-react';
import { Button } from '../../components/ui/button';

/**
 * The payment's event had not arrived after the last retry: not a failure (it may still land),
 * so the member can ask again rather than being told the registration failed.
 */
export function StillProcessing({
  message,
  onCheckAgain,
  checking,
}: {
  message: string;
  onCheckAgain: () => void;
  checking: boolean;
}) {
  return (
    <main className="space-y-6 pt-4 text-center">
      <div className="mx-auto flex h-16 w-16 items-center justify-center rounded-full bg-amber-100 text-amber-700">
        <Clock aria-hidden="true" className="h-8 w-8" />
      </div>
      <div role="status" className="space-y-2">
        <h1 className="text-2xl font-bold">Payment Processing</h1>
        <p className="text-slate-700">{message}</p>
      </div>
      <Button size="lg" className="w-full" onClick={onCheckAgain} disabled={checking}>
        {checking ? 'Checking...' : 'Check Again'}
      </Button>
    </main>
  );
}
