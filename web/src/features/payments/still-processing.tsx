import { Button } from '../../components/ui/button';
import { OutcomeScreen } from '../../components/ui/outcome-screen';

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
    <OutcomeScreen
      tone="waiting"
      title="Payment Processing"
      message={message}
      actions={
        <Button size="lg" className="w-full" onClick={onCheckAgain} disabled={checking}>
          {checking ? 'Checking...' : 'Check Again'}
        </Button>
      }
    />
  );
}
