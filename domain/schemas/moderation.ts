import { z } from 'zod';
import {
  idSchema,
  isoDateTimeSchema,
  nullableIsoDateTimeSchema,
  optionalText,
  requiredText,
} from './common';

/**
 * Moderation (issue 22): reports, the decision ladder and appeals. Wire spellings are
 * snake_case words (see docs/api.md "Moderation").
 */
export const REPORT_REASONS = [
  'harassment',
  'inappropriate_content',
  'fake_or_not_crew',
  'spam',
  'safety_concern',
  'other',
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** How each reason reads in the report dialog and the queue. */
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  harassment: 'Harassment',
  inappropriate_content: 'Inappropriate content',
  fake_or_not_crew: 'Fake or not crew',
  spam: 'Spam',
  safety_concern: 'Safety concern',
  other: 'Other',
};

export const REPORT_DETAILS_MAX = 1000;
export const MODERATION_REASON_MAX = 1000;
export const APPEAL_MESSAGE_MAX = 2000;

export const reportRequestSchema = z.object({
  userId: idSchema,
  waveId: idSchema.optional(),
  messageId: idSchema.optional(),
  reason: z.enum(REPORT_REASONS, { error: 'Please choose a reason' }),
  details: optionalText(
    REPORT_DETAILS_MAX,
    `Details can be at most ${REPORT_DETAILS_MAX} characters`,
  ),
});
export type ReportRequest = z.output<typeof reportRequestSchema>;

export const reportResponseSchema = z.object({
  success: z.literal(true),
  reportId: z.number().int(),
  message: z.string(),
});

/** The decision ladder, mildest first. */
export const MODERATION_ACTIONS = ['dismiss', 'warn', 'restrict', 'suspend', 'ban'] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

export const moderationDecisionRequestSchema = z.object({
  action: z.enum(MODERATION_ACTIONS, { error: 'Please choose a decision' }),
  reason: requiredText('Please give a reason').pipe(
    z
      .string()
      .max(MODERATION_REASON_MAX, `The reason can be at most ${MODERATION_REASON_MAX} characters`),
  ),
});
export type ModerationDecisionRequest = z.output<typeof moderationDecisionRequestSchema>;

export const moderationDecisionSchema = z.object({
  id: z.number().int(),
  action: z.enum(MODERATION_ACTIONS),
  reason: z.string(),
  until: nullableIsoDateTimeSchema,
  overturnedAt: nullableIsoDateTimeSchema,
  createdAt: isoDateTimeSchema,
});
export type ModerationDecision = z.infer<typeof moderationDecisionSchema>;

export const moderationDecisionResponseSchema = z.object({
  success: z.literal(true),
  decision: moderationDecisionSchema,
  reportsClosed: z.number().int(),
});

const memberRefSchema = z.object({
  id: z.number().int(),
  name: z.string().nullable(),
  email: z.string(),
});

export const reportEvidenceSchema = z.object({
  messageId: z.number().int(),
  fromReportedMember: z.boolean(),
  content: z.string(),
  sentAt: isoDateTimeSchema,
});

export const reportHistoryEntrySchema = z.object({
  id: z.number().int(),
  reason: z.enum(REPORT_REASONS),
  status: z.enum(['open', 'closed']),
  createdAt: isoDateTimeSchema,
});

export const moderationQueueItemSchema = z.object({
  id: z.number().int(),
  reason: z.enum(REPORT_REASONS),
  details: z.string().nullable(),
  waveId: z.number().int().nullable(),
  messageId: z.number().int().nullable(),
  createdAt: isoDateTimeSchema,
  /** Who reported: shown to admins only, never to the reported member. */
  reporter: memberRefSchema.nullable(),
  reportedMember: memberRefSchema.extend({
    restrictedUntil: nullableIsoDateTimeSchema,
    suspendedUntil: nullableIsoDateTimeSchema,
    bannedAt: nullableIsoDateTimeSchema,
  }),
  evidence: z.array(reportEvidenceSchema),
  /** Every report about the reported member, this one included, newest first. */
  history: z.array(reportHistoryEntrySchema),
  pastDecisions: z.array(moderationDecisionSchema),
  /** Signals for the moderators, e.g. 'blocked_by_3_in_30_days' (blocks' blockFlagsFor). */
  flags: z.array(z.string()),
});
export type ModerationQueueItem = z.infer<typeof moderationQueueItemSchema>;
export const moderationQueueSchema = z.object({ reports: z.array(moderationQueueItemSchema) });
export type ModerationQueue = z.infer<typeof moderationQueueSchema>;

export const appealTokenQuerySchema = z.object({
  token: z
    .string()
    .trim()
    .min(1, 'This appeal link is not valid')
    .max(200, 'This appeal link is not valid'),
});

export const appealInfoSchema = z.object({
  decision: moderationDecisionSchema,
  appealed: z.boolean(),
});
export type AppealInfo = z.infer<typeof appealInfoSchema>;

export const appealRequestSchema = z.object({
  token: z
    .string()
    .trim()
    .min(1, 'This appeal link is not valid')
    .max(200, 'This appeal link is not valid'),
  message: requiredText('Please tell us why the decision should change').pipe(
    z
      .string()
      .max(APPEAL_MESSAGE_MAX, `Your appeal can be at most ${APPEAL_MESSAGE_MAX} characters`),
  ),
});
export type AppealRequest = z.output<typeof appealRequestSchema>;

export const appealResponseSchema = z.object({ success: z.literal(true), message: z.string() });

export const APPEAL_OUTCOMES = ['uphold', 'overturn'] as const;
export type AppealOutcome = (typeof APPEAL_OUTCOMES)[number];
export const appealDecisionRequestSchema = z.object({
  outcome: z.enum(APPEAL_OUTCOMES, { error: 'Please choose uphold or overturn' }),
});

export const appealListItemSchema = z.object({
  id: z.number().int(),
  message: z.string(),
  createdAt: isoDateTimeSchema,
  member: memberRefSchema.nullable(),
  decision: moderationDecisionSchema,
});
export type AppealListItem = z.infer<typeof appealListItemSchema>;
export const appealListSchema = z.object({ appeals: z.array(appealListItemSchema) });

export const appealDecisionResponseSchema = z.object({
  success: z.literal(true),
  status: z.enum(['upheld', 'overturned']),
});
