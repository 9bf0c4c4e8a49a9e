import type { AuditEntryView } from './api';

/**
 * The audit actions in words. An action the server adds later and this list lacks still reads
 * sensibly (`describeAction` spells its code out), so the trail never shows a blank.
 */
const ACTION_WORDS: Record<string, string> = {
  'admin.bootstrap': 'First admin created',
  'auth.hard_lock': 'Account locked after failed sign-ins',
  'auth.pin_changed': 'PIN changed by the member',
  'auth.pin_reset': 'PIN reset by e-mail',
  'flight.delete': 'Flight deleted',
  'flight_crew.remove': 'Crew member removed from a flight',
  'payment.completed': 'Payment completed',
  'payment.invoice_paid': 'Invoice paid',
  'payment.subscription_status': 'Subscription status changed',
  'registration.paid': 'Paid registration',
  'registration.trial': 'Trial registration',
  'membership.cancellation_request': 'Cancellation requested',
  'user.approve': 'Member approved',
  'user.reject': 'Registration rejected',
  'user.restore': 'Account restored',
  'user.self_delete': 'Account deleted by the member',
  'user.update_email': 'E-mail changed',
};

/** 'user.sign_out_all' → 'User: sign out all'. */
export function describeAction(action: string): string {
  const known = ACTION_WORDS[action];
  if (known) return known;
  const [area, ...rest] = action.split('.');
  const what = rest.join(' ').replace(/[_-]+/g, ' ').trim();
  const Area = (area ?? '').replace(/[_-]+/g, ' ');
  return what ? `${Area.charAt(0).toUpperCase()}${Area.slice(1)}: ${what}` : Area;
}

export function describeActor(actor: AuditEntryView['actor']): string {
  if (!actor) return 'System';
  return actor.name || actor.email || `Member #${actor.id}`;
}

export function describeTarget(target: AuditEntryView['target']): string {
  if (!target) return '—';
  const kind = target.type.replace(/[_-]+/g, ' ');
  return `${kind.charAt(0).toUpperCase()}${kind.slice(1)} #${target.id}`;
}

/** 'oldEmail' → 'old email'. */
const words = (key: string) =>
  key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase();

const valueText = (value: unknown): string =>
  value === null || value === undefined
    ? '—'
    : typeof value === 'object'
      ? JSON.stringify(value)
      : String(value);

/** What changed, as 'label: value' lines; a `{ from, to }` pair reads 'from → to'. */
export function describeDetail(detail: AuditEntryView['detail']): [label: string, text: string][] {
  if (!detail) return [];
  return Object.entries(detail).map(([key, value]) => {
    if (value && typeof value === 'object' && 'from' in value && 'to' in value) {
      const change = value as { from: unknown; to: unknown };
      return [words(key), `${valueText(change.from)} → ${valueText(change.to)}`];
    }
    return [words(key), valueText(value)];
  });
}
