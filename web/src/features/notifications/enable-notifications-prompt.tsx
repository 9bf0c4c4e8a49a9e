import { Bell, X } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { withPushSubscription } from './push-subscription';

const DISMISSED_KEY = 'jumpseat.notificationsPromptDismissed';

type Permission = NotificationPermission | 'unsupported';

function currentPermission(): Permission {
  return typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;
}

function wasDismissed(): boolean {
  try {
    return localStorage.getItem(DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

/**
 * Asks for browser notifications on a tap (browsers only allow the request from a user
 * gesture). Shown while the choice is still open; 'Not now' hides it on this device. Without
 * permission, notifications keep arriving as in-app toasts.
 */
export function EnableNotificationsPrompt({
  className,
  dismissible = true,
}: {
  className?: string;
  dismissible?: boolean;
}) {
  const [permission, setPermission] = useState<Permission>(currentPermission);
  const [dismissed, setDismissed] = useState(() => dismissible && wasDismissed());

  if (permission !== 'default' || dismissed) return null;

  async function enable() {
    try {
      setPermission(withPushSubscription(await Notification.requestPermission()));
    } catch {
      setPermission(currentPermission());
    }
  }

  function dismiss() {
    try {
      localStorage.setItem(DISMISSED_KEY, '1');
    } catch {
      // Private mode: hidden for this visit only.
    }
    setDismissed(true);
  }

  return (
    <aside
      aria-label="Notifications"
      className={cn(
        'flex items-center gap-3 rounded-2xl border border-brand-100 bg-brand-50 px-3 py-2 text-sm text-brand-700',
        className,
      )}
    >
      <Bell aria-hidden="true" className="h-5 w-5 shrink-0" />
      <p className="min-w-0 flex-1">Get notified about new waves and messages.</p>
      <Button size="sm" onClick={() => void enable()}>
        Enable notifications
      </Button>
      {dismissible ? (
        <Button variant="ghost" size="icon" aria-label="Not now" onClick={dismiss}>
          <X aria-hidden="true" className="h-4 w-4" />
        </Button>
      ) : null}
    </aside>
  );
}
