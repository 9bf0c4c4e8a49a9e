import { z } from 'zod';
import { presentedUserSchema } from './user';

/** One member the viewer blocked, for the profile's 'Blocked members' list (newest first). */
export const blockedMemberSchema = z.object({
  user: presentedUserSchema,
  blockedAt: z.string(),
});
export type BlockedMember = z.infer<typeof blockedMemberSchema>;

export const blockedMembersResponseSchema = z.object({
  blockedMembers: z.array(blockedMemberSchema),
});
export type BlockedMembersResponse = z.infer<typeof blockedMembersResponseSchema>;
