import { z } from 'zod';
import {
  ADMIN_ADD_ROLES,
  DEFAULT_MEMBERSHIP_DURATION,
  MEMBERSHIP_DURATIONS,
  MEMBERSHIP_FILTERS,
} from '../constants';
import { type AccountEmailRule, accountEmailMessage, isAccountEmail } from './admin';
import {
  emailInput,
  idSchema,
  isoDaySchema,
  nullableIsoDateTimeSchema,
  passcodeSchema,
} from './common';
import { userSchema } from './user';

/**
 * The admin's contract for managing members (accounts spec §2 Admin dashboard, §7). Requests are
 * checked here once, by the server and by the dashboard's dialogs alike.
 */

/**
 * A member as an admin sees them in the member table and dialogs: the account without the PIN
 * (revealing it is its own audited call) plus whether an open cancellation request waits.
 */
export const adminUserSchema = userSchema.omit({ passcode: true }).extend({
  cancellationRequestedAt: nullableIsoDateTimeSchema,
});
export type AdminUser = z.infer<typeof adminUserSchema>;

/** GET /api/users/all: the spec's plain array (every account, newest first). */
export const adminUserListSchema = z.array(adminUserSchema);

export const ADMIN_USERS_PAGE_SIZE = 50;
/** GET /api/admin/users: the dashboard's paged, searchable variant of /api/users/all. */
export const adminUsersQuerySchema = z.object({
  q: z.string().trim().max(200, 'Search must be at most 200 characters').optional().default(''),
  membership: z.enum(MEMBERSHIP_FILTERS).optional().default('all'),
  page: z.coerce.number().int().min(1).max(100_000).optional().default(1),
});
export type AdminUsersQuery = z.input<typeof adminUsersQuerySchema>;
/** A search counts its matches up to this many; past it the total reads '1000+'. */
export const ADMIN_SEARCH_COUNT_CAP = 1000;
export const adminUsersPageSchema = z.object({
  users: z.array(adminUserSchema),
  total: z.number().int(),
  /** True when a search matched more than ADMIN_SEARCH_COUNT_CAP members (total is the cap). */
  totalCapped: z.boolean().optional(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminUsersPage = z.infer<typeof adminUsersPageSchema>;

export const INVALID_PASSCODE_TITLE = 'Invalid passcode';
export const ADMIN_PASSCODE_MESSAGE = 'Passcode must be exactly 4 digits';
/** POST /api/users/{id}/update-passcode. */
export const adminUpdatePasscodeRequestSchema = z.object({
  passcode: z.string({ error: ADMIN_PASSCODE_MESSAGE }).regex(/^\d{4}$/, ADMIN_PASSCODE_MESSAGE),
});
export const adminUpdatePasscodeResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  /** True when the member is a demo user: the PIN was set to DEMO_PASSCODE instead. */
  forcedPin: z.boolean(),
});

/** POST /api/admin/users/{id}/reveal-passcode: the PIN, once, and an audit entry for it. */
export const revealPasscodeResponseSchema = z.object({ passcode: z.string().nullable() });

/** POST /api/admin/users/{id}/sign-out-all. */
export const signOutAllResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  sessionsEnded: z.number().int(),
});

/** POST /api/users/{id}/remove-data. */
export const removeDataResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  stats: z.object({
    wavesRemoved: z.number().int(),
    messagesRemoved: z.number().int(),
    flightMembershipsRemoved: z.number().int(),
  }),
});
export type RemoveDataResponse = z.infer<typeof removeDataResponseSchema>;

/** The spec's "Admin user detail" analytics. */
export const adminUserAnalyticsSchema = z.object({
  flightCount: z.number().int(),
  wavesSent: z.number().int(),
  wavesReceived: z.number().int(),
  loginCount: z.number().int(),
});
export const adminUserFlightSchema = z.object({
  id: idSchema,
  flightNumber: z.string(),
  origin: z.string(),
  destination: z.string(),
  departureDate: isoDaySchema,
  tags: z.array(z.string()),
  note: z.string().nullable(),
  role: z.string(),
});
export type AdminUserFlight = z.infer<typeof adminUserFlightSchema>;
/** GET /api/admin/user-flights/{id}: serves both the user-flights and user-details dialogs. */
export const adminUserFlightsResponseSchema = z.object({
  user: adminUserSchema,
  analytics: adminUserAnalyticsSchema,
  flights: z.array(adminUserFlightSchema),
});
export type AdminUserFlightsResponse = z.infer<typeof adminUserFlightsResponseSchema>;

export const INVALID_EMAIL_TITLE = 'Invalid email';
export const ADD_USER_EMAIL_MESSAGE = 'Please enter a valid email address';
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .nullish()
    .transform((value) => (value ? value : null));

/**
 * The address as the 'Add New User' dialog checks it: a well-formed e-mail (the spec's "must
 * contain '@'" is part of that; a line break or a bare 'x@' is not an address).
 */
const addedEmail = emailInput(ADD_USER_EMAIL_MESSAGE, ADD_USER_EMAIL_MESSAGE);

/**
 * POST /api/admin/users/create (blanks arrive as null; the PIN is generated in 1000-9999), as the
 * dialog checks it. The server adds the account rule: makeCreateUserRequestSchema.
 */
export const createUserRequestSchema = z.object({
  email: addedEmail,
  name: optionalText(100),
  nickname: optionalText(50),
  role: z.enum(ADMIN_ADD_ROLES).nullish().default(null),
  isAdmin: z.boolean().optional().default(false),
  passcode: passcodeSchema.refine((pin) => Number(pin) >= 1000, 'Passcode must be 1000-9999'),
  membershipDuration: z.enum(MEMBERSHIP_DURATIONS).optional().default(DEFAULT_MEMBERSHIP_DURATION),
  /** A read-only demo account: its PIN becomes DEMO_PASSCODE whatever was generated. */
  isDemoUser: z.boolean().optional().default(false),
});
export type CreateUserRequest = z.input<typeof createUserRequestSchema>;
/**
 * POST /api/admin/users/create as the server checks it: the same account rule as update-email
 * (a crew domain, as registration requires, or the admin's own address).
 */
export function makeCreateUserRequestSchema(rule: AccountEmailRule) {
  return createUserRequestSchema.extend({
    email: addedEmail.refine(
      (email) => isAccountEmail(email, rule),
      accountEmailMessage(rule.airlineName),
    ),
  });
}
export const createUserResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  user: adminUserSchema,
});

/** POST /api/users/{id}/toggle-admin. */
export const toggleAdminRequestSchema = z.object({ isAdmin: z.boolean() });
export const toggleAdminResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  isAdmin: z.boolean(),
});

/** DELETE /api/admin/users/{id}, POST /api/admin/restore-account/{id}, reset online status. */
export const adminActionResponseSchema = z.object({ success: z.boolean(), message: z.string() });

/** POST /api/admin/reset-online-status: everyone offline but the acting admin. */
export const resetOnlineResponseSchema = adminActionResponseSchema.extend({
  usersReset: z.number().int(),
});

/** What deleting past flights removes (the confirmation names it; the call answers it). */
export const pastFlightsCountsSchema = z.object({
  flights: z.number().int(),
  crewEntries: z.number().int(),
  waves: z.number().int(),
  messages: z.number().int(),
});
export type PastFlightsCounts = z.infer<typeof pastFlightsCountsSchema>;
/** GET /api/admin/past-flights: what 'Delete Past Flights' would remove right now. */
export const pastFlightsPreviewSchema = pastFlightsCountsSchema;
/** POST /api/admin/delete-past-flights. */
export const deletePastFlightsResponseSchema = adminActionResponseSchema.extend({
  removed: pastFlightsCountsSchema,
});
