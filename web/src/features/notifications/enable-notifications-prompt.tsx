import { Bell, X } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { onNotificationsGranted } from './on-granted';

/** '1' (older builds) or 'dismissed': 'Not now'; 'answered': the browser's question was answered. */
const PROMPT_KEY = 'jumpseat.notificationsPromptDismissed';

/** What a member does when the browser refuses (shown inline, where they asked). */
export const BLOCKED_HELP =
  'Notifications are blocked. To turn them on, allow notifications for this site in your browser settings.';

type Permission = NotificationPermission | 'unsupported';

function currentPermission(): Permission {
  return typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;
}

function alreadySettled(): boolean {
  try {
    return localStorage.getItem(PROMPT_KEY) !== null;
  } catch {
    return false;
  }
}

function remember(value: 'dismissed' | 'answered') {
  try {
    localStorage.setItem(PROMPT_KEY, value);
  } catch {
    // Private mode: settled for this visit only.
  }
}

/**
 * Asks for browser notifications on a tap (browsers only allow the request from a user
 * gesture). One compact line so it fits a phone; shown once per device: 'Not now' or an
 * answer to the browser's question hides it for good (the profile's Test Push page keeps a
 * non-dismissible copy). A refusal is explained in place rather than silently hiding.
 * Without permission, notifications keep arriving as in-app toasts.
 */
export function EnableNotificationsPrompt({
  className,
  dismissible = true,
  onGranted = onNotificationsGranted,
}: {
  className?: string;
  dismissible?: boolean;
  /** Runs once after the browser grants permission; defaults to the shared on-granted step. */
  onGranted?: () => void | Promise<void>;
}) {
  const [permission, setPermission] = useState<Permission>(currentPermission);
  const [settled, setSettled] = useState(() => dismissible && alreadySettled());
  // Set when the refusal happened here, so the help line stays until closed.
  const [refused, setRefused] = useState(false);

  async function enable() {
    let answer: Permission;
    try {
      answer = await Notification.requestPermission();
    } catch {
      answer = currentPermission();
    }
    setPermission(answer);
    if (answer === 'default') return; // The browser's question was closed unanswered.
    remember('answered');
    if (answer === 'granted') await onGranted();
    else setRefused(true);
  }

  function close() {
    if (!refused) remember('dismissed');
    setRefused(false);
    setSettled(true);
  }

  const frame = cn('flex items-center gap-2 rounded-2xl border px-3 py-1 text-sm', className);
  const closeButton = (label: string) =>
    dismissible || refused ? (
      <Button variant="ghost" size="icon" aria-label={label} onClick={close} className="shrink-0">
        <X aria-hidden="true" className="h-4 w-4" />
      </Button>
    ) : null;

  const blocked = refused || (!dismissible && permission === 'denied');
  if (blocked && !settled) {
    return (
      <aside
        aria-label="Notifications"
        className={cn(frame, 'border-amber-200 bg-amber-50 py-2 text-amber-900')}
      >
        <Bell aria-hidden="true" className="h-5 w-5 shrink-0" />
        <p role="status" className="min-w-0 flex-1">
          {BLOCKED_HELP}
        </p>
        {closeButton('Close')}
      </aside>
    );
  }

  if (permission !== 'default' || settled) return null;

  return (
    <aside
      aria-label="Notifications"
      className={cn(frame, 'border-brand-100 bg-brand-50 text-brand-700')}
    >
      <Bell aria-hidden="true" className="h-5 w-5 shrink-0" />
      <p className="min-w-0 flex-1 truncate">Get wave &amp; message alerts</p>
      <Button
        size="sm"
        aria-label="Enable notifications"
        className="shrink-0 whitespace-nowrap"
        onClick={() => void enable()}
      >
        Enable
      </Button>
      {closeButton('Not now')}
    </aside>
  );
}
