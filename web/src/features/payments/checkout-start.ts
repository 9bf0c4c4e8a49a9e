import { PAYMENT_TEXTS } from '../../../../domain';
import { ApiError } from '../../lib/api-client';

/**
 * Where an answer that should open a checkout sends the browser, or the spec's text for why it
 * cannot. No session id is the server's fault ('No session ID received from server'); a session
 * without a page the browser may open (none, or not http(s): a `javascript:` link must never be
 * followed) is the card provider that could not be started ('Failed to initialize Stripe').
 */
export function checkoutTarget(answer: {
  sessionId?: string | null;
  url?: string | null;
}): { url: string; problem?: undefined } | { url?: undefined; problem: string } {
  if (!answer.sessionId) return { problem: PAYMENT_TEXTS.noSessionId };
  if (!answer.url || !isOpenableUrl(answer.url))
    return { problem: PAYMENT_TEXTS.providerInitFailed };
  return { url: answer.url };
}

function isOpenableUrl(url: string): boolean {
  try {
    const { protocol } = new URL(url, window.location.origin);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}

/**
 * A checkout that could not be asked for: without an answer (no connection) the spec's 'Failed
 * to start payment process...'; with one, the server's reason or 'Failed to create payment
 * session. Please try again.'.
 */
export function checkoutStartFailure(error: Error): string {
  if (error instanceof ApiError && error.status === 0) return PAYMENT_TEXTS.checkoutStartFailed;
  const reason = error instanceof ApiError ? error.body.message : undefined;
  return typeof reason === 'string' && reason ? reason : PAYMENT_TEXTS.paymentStartFailed;
}
