import { formatModerationDate, type ModerationAction } from '../../../domain';
import type { ModerationDecisionRow } from '../../db/schema';
import type { MailContent } from '../../mail/templates';

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

const greeting = (name: string | null) => `Hello ${name?.trim() ? name.trim() : 'there'},`;

function mail(subject: string, paragraphs: string[], link?: { label: string; url: string }) {
  const text = `${paragraphs.join('\n\n')}${link ? `\n\n${link.label}: ${link.url}` : ''}\n\nThe Jumpseat team\n`;
  const body = [
    ...paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`),
    ...(link ? [`<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>`] : []),
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#0f172a">${body}<p style="color:#64748b">The Jumpseat team</p></body></html>`;
  return { subject, text, html } satisfies MailContent;
}

function whatItMeans(action: ModerationAction, until: Date | null): string {
  switch (action) {
    case 'warn':
      return 'This is a warning: your account is not limited, but further reports may lead to restrictions.';
    case 'restrict':
      return `Your account is restricted until ${formatModerationDate(until!)}: you cannot send waves or start chats until then.`;
    case 'suspend':
      return `Your account is suspended until ${formatModerationDate(until!)}: you have been signed out and cannot sign in until then.`;
    case 'ban':
      return 'Your account has been banned: you can no longer sign in, and your e-mail address cannot register again.';
    default:
      return '';
  }
}

const SUBJECTS: Record<ModerationAction, string> = {
  dismiss: 'About your Jumpseat account',
  warn: 'A warning about your Jumpseat account',
  restrict: 'Your Jumpseat account is restricted',
  suspend: 'Your Jumpseat account is suspended',
  ban: 'Your Jumpseat account is banned',
};

/**
 * The member's mail for a decision: what was decided, why (the admin's reason) and the one link to
 * appeal. It never names who reported them (issue 22: the reported member learns nothing of the reporter).
 */
export function decisionMail(
  name: string | null,
  decision: Pick<ModerationDecisionRow, 'action' | 'reason' | 'until'>,
  appealUrl: string,
): MailContent {
  return mail(
    SUBJECTS[decision.action],
    [
      greeting(name),
      'Our moderators reviewed your use of Jumpseat.',
      whatItMeans(decision.action, decision.until),
      `Reason: ${decision.reason}`,
      'If you think this decision is wrong, you can appeal it once through the link below.',
    ],
    { label: 'Appeal this decision', url: appealUrl },
  );
}

export function appealOutcomeMail(name: string | null, overturned: boolean): MailContent {
  return mail('Your Jumpseat appeal', [
    greeting(name),
    overturned
      ? 'We reviewed your appeal and overturned the decision: any limit it put on your account is lifted.'
      : 'We reviewed your appeal and the decision stands.',
  ]);
}
