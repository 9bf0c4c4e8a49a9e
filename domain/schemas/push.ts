import { z } from 'zod';

/**
 * Web Push (RFC 8030/8291/8292). A subscription is what the browser's PushManager returns; its
 * keys are base64url (p256dh: an uncompressed P-256 point, 65 bytes = 87 characters; auth: 16
 * bytes = 22 characters). Lengths are bounded so a hostile body cannot fill the table.
 */
const base64url = (min: number, max: number) =>
  z
    .string()
    .min(min)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, 'must be base64url');

export const pushEndpointSchema = z.string().trim().min(1).max(1024);

export const pushSubscriptionRequestSchema = z.object({
  endpoint: pushEndpointSchema,
  keys: z.object({ p256dh: base64url(80, 100), auth: base64url(16, 32) }),
});
export type PushSubscriptionRequest = z.infer<typeof pushSubscriptionRequestSchema>;

export const pushUnsubscribeRequestSchema = z.object({ endpoint: pushEndpointSchema });

export const vapidPublicKeyResponseSchema = z.object({ publicKey: z.string() });

export const pushSubscriptionResponseSchema = z.object({ success: z.literal(true) });

/** What the service worker reads from a push: `url` is the screen the notification opens. */
export const pushPayloadSchema = z.object({
  title: z.string(),
  body: z.string(),
  url: z.string(),
  tag: z.string(),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;
