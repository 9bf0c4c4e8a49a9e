import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';

/** A Bot API call that has not answered by then is abandoned: Telegram is never on our path. */
const TIMEOUT_MS = 5_000;
/** How long the bot's username is believed; a failed look-up is retried sooner. */
const USERNAME_TTL_MS = 60 * 60_000;
const FAILED_LOOKUP_TTL_MS = 60_000;

export type Telegram = {
  /** False without TELEGRAM_BOT_TOKEN: nothing is sent, and the profile says 'Not configured'. */
  readonly enabled: boolean;
  /** Sends `text` to the configured chat; resolves false (and logs why) when Telegram refused. */
  send(text: string): Promise<boolean>;
  /** https://t.me/<username> from getMe (cached), or null when disabled or unreachable. */
  botLink(): Promise<string | null>;
  /** Logs a failure around a notice (e.g. the database look-up before it): never thrown on. */
  reportFailure(error: unknown): void;
};

/**
 * Telegram's Bot API (https://core.telegram.org/bots/api), the two calls we make. The token is
 * part of every URL, so URLs are never logged; only the method and what went wrong.
 */
export function createTelegram(
  config: Config['telegram'],
  log: FastifyBaseLogger,
  now: () => number = Date.now,
): Telegram {
  let cached: { link: string | null; until: number } | null = null;
  let lookup: Promise<string | null> | null = null;

  async function call(method: string, body?: unknown): Promise<unknown> {
    if (!config) throw new Error('Telegram is not configured');
    const response = await fetch(`${config.apiUrl}/bot${config.botToken}/${method}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const answer = (await response.json().catch(() => null)) as {
      ok?: boolean;
      result?: unknown;
      description?: string;
    } | null;
    if (!response.ok || !answer?.ok) {
      throw new Error(
        `Telegram ${method} answered ${response.status} ${answer?.description ?? ''}`,
      );
    }
    return answer.result;
  }

  async function send(text: string): Promise<boolean> {
    if (!config) return false;
    try {
      await call('sendMessage', { chat_id: config.chatId, text });
      return true;
    } catch (error) {
      log.warn({ err: error, telegramMethod: 'sendMessage' }, 'telegram notice not sent');
      return false;
    }
  }

  async function lookUpLink(): Promise<string | null> {
    try {
      const me = (await call('getMe')) as { username?: unknown };
      const link = typeof me?.username === 'string' ? `https://t.me/${me.username}` : null;
      cached = { link, until: now() + USERNAME_TTL_MS };
      return link;
    } catch (error) {
      log.warn({ err: error, telegramMethod: 'getMe' }, 'telegram bot unreachable');
      cached = { link: null, until: now() + FAILED_LOOKUP_TTL_MS };
      return null;
    }
  }

  async function botLink(): Promise<string | null> {
    if (!config) return null;
    if (cached && cached.until > now()) return cached.link;
    // Admins opening their profiles at once share one look-up.
    lookup ??= lookUpLink().finally(() => {
      lookup = null;
    });
    return lookup;
  }

  return {
    enabled: config !== null,
    send,
    botLink,
    reportFailure: (error) => log.warn({ err: error }, 'telegram notice not sent'),
  };
}
