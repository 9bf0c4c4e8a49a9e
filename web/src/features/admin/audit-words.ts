import type { AuditAction } from '../../../../domain';
import type { AuditEntryView } from './api';

/**
 * The audit actions in words: a Record over the domain's list, so a new action does not compile
 * until it is worded here. An action recorded by a newer server than this web build still reads
 * sensibly (`describeAction` spells its code out), so the trail never shows a blank.
 */
const ACTION_WORDS: Record<AuditAction, string> = {
  'admin.bootstrap': 'First admin created',
  'admin.reset_online': 'Online status reset for everyone',
  'auth.hard_lock': 'Account locked after failed sign-ins',
  'auth.pin_changed': 'PIN changed by the member',
  'auth.pin_reset': 'PIN reset by e-mail',
  'flight.delete': 'Flight deleted',
  'flight.merged': 'Duplicate flight merged into this one',
  'flight_crew.remove': 'Crew member removed from a flight',
  'flights.delete_past': 'Past flights deleted',
  'membership.cancellation_request': 'Cancellation requested',
  'moderation.appeal': 'Moderation decision appealed',
  'moderation.appeal_decision': 'Appeal decided',
  'moderation.decision': 'Moderation decision',
  'moderation.report': 'Member reported',
  'payment.completed': 'Payment completed',
  'payment.failed': 'Payment failed',
  'payment.invoice_paid': 'Invoice paid',
  'payment.subscription_status': 'Subscription status changed',
  'registration.paid': 'Paid registration',
  'registration.trial': 'Trial registration',
  'registration.unpaid_replaced': 'Unpaid registration replaced by a trial',
  'retention.anonymise_inactive': 'Inactive accounts anonymised',
  'retention.prune_logs': 'Old sign-in attempts and audit entries removed',
  'retention.purge_deleted': 'Deleted accounts purged',
  'retention.purge_unpaid': 'Unpaid registrations removed',
  'user.approve': 'Member approved',
  'user.create': 'Member added by an admin',
  'user.delete': 'Member deleted permanently',
  'user.grant_admin': 'Admin rights granted',
  'user.reject': 'Registration rejected',
  'user.remove_data': 'Member data removed',
  'user.restore': 'Account restored',
  'user.reveal_passcode': 'PIN viewed by an admin',
  'user.revoke_admin': 'Admin rights revoked',
  'user.self_delete': 'Account deleted by the member',
  'user.sign_out_all': 'All sessions signed out',
  'user.update_email': 'E-mail changed',
  'user.update_passcode': 'PIN changed by an admin',
};

/** 'user.sign_out_all' → 'User: sign out all'. */
export function describeAction(action: string): string {
  const known = (ACTION_WORDS as Record<string, string | undefined>)[action];
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
