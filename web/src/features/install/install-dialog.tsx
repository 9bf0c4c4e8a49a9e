import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import { waveKeys } from '../waves';
import { canPromptInstall, isStandalone, promptInstall } from './install-event';
import {
  hasAcceptedConnection,
  INSTALL_OFFERED_KEY,
  type InstallPlatform,
  installPlatform,
  shouldOfferInstall,
} from './install-offer';

function offeredBefore(): boolean {
  try {
    return localStorage.getItem(INSTALL_OFFERED_KEY) === '1';
  } catch {
    return false;
  }
}

function rememberOffered(): void {
  try {
    localStorage.setItem(INSTALL_OFFERED_KEY, '1');
  } catch {
    // Private mode: offered again on a later visit, which is harmless.
  }
}

const STEPS: Record<InstallPlatform, { heading: string; steps: string[] }> = {
  ios: {
    heading: 'iPhone and iPad (Safari)',
    steps: ['Tap the Share button.', "Choose 'Add to Home Screen'.", "Tap 'Add'."],
  },
  android: {
    heading: 'Android (Chrome)',
    steps: ['Tap the menu (⋮).', "Choose 'Install app' or 'Add to Home screen'."],
  },
  desktop: {
    heading: 'Desktop (Chrome or Edge)',
    steps: ["Click the install icon in the address bar, or choose 'Install Jumpseat' in the menu."],
  },
};

/** The spec's install-as-app dialog: every platform's steps, this device's first. */
export function InstallDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const mine = installPlatform(navigator.userAgent, navigator.maxTouchPoints);
  const order: InstallPlatform[] = [
    mine,
    ...(['ios', 'android', 'desktop'] as const).filter((p) => p !== mine),
  ];

  async function install() {
    onOpenChange(false);
    // Chromium's own prompt when it offered one; elsewhere the steps above are the way.
    if (canPromptInstall()) await promptInstall();
  }

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Install Jumpseat"
      description="Add Jumpseat to your home screen: it opens like an app, and your waves and messages reach you even when it is closed."
      footer={
        <>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Skip for now
          </Button>
          <Button onClick={() => void install()}>I'll install it</Button>
        </>
      }
    >
      <div className="space-y-4 text-sm">
        {order.map((platform) => (
          <section key={platform} aria-label={STEPS[platform].heading}>
            <h3 className="font-medium">{STEPS[platform].heading}</h3>
            <ol className="mt-1 list-decimal space-y-0.5 pl-5 text-slate-700">
              {STEPS[platform].steps.map((step) => (
                <li key={step}>{step}</li>
              ))}
            </ol>
          </section>
        ))}
      </div>
    </Dialog>
  );
}

/** Whether the waves cache (filled by the screens that show waves) holds an accepted one. */
function useHasConnection(): boolean {
  const client = useQueryClient();
  const subscribe = useCallback(
    (onChange: () => void) =>
      client.getQueryCache().subscribe((event) => {
        if (event.query.queryKey[0] === waveKeys.all[0]) queueMicrotask(onChange);
      }),
    [client],
  );
  const read = () =>
    hasAcceptedConnection(client.getQueryData<{ status: string }[]>(waveKeys.list));
  return useSyncExternalStore(subscribe, read, read);
}

/**
 * Offers the install dialog once on this device, when the member's first connection is
 * accepted (either side), and not inside the installed app. Reads the waves cache only: it
 * fetches nothing of its own.
 */
export function InstallOffer() {
  const hasConnection = useHasConnection();
  const [open, setOpen] = useState(false);

  useEffect(() => {
    if (
      !shouldOfferInstall({
        offeredBefore: offeredBefore(),
        standalone: isStandalone(),
        hasConnection,
      })
    )
      return;
    // Remembered as soon as it is shown: a reload or a second tab does not offer it again.
    rememberOffered();
    setOpen(true);
  }, [hasConnection]);

  return <InstallDialog open={open} onOpenChange={setOpen} />;
}
