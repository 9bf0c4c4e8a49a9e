import { CheckCheck, X } from 'lucide-react';

/** After 'Mark all as read' on Messages: a banner that stays until dismissed. */
export function NotificationsClearedBanner({ onDismiss }: { onDismiss: () => void }) {
  return (
    <div
      role="status"
      className="flex items-center justify-between gap-3 rounded-xl border border-emerald-200 bg-emerald-50 px-4 py-2.5 text-sm text-emerald-800"
    >
      <span className="flex items-center gap-2 font-medium">
        <CheckCheck aria-hidden="true" className="h-4 w-4" />
        All notifications cleared
      </span>
      <button
        type="button"
        aria-label="Dismiss"
        onClick={onDismiss}
        className="flex h-8 w-8 items-center justify-center rounded-full hover:bg-emerald-100"
      >
        <X aria-hidden="true" className="h-4 w-4" />
      </button>
    </div>
  );
}
