import type { z } from 'zod';
import type { telegramStatusSchema } from '../../../domain';
import type { AppDeps } from '../../deps';

/** GET /api/admin/telegram. */
export async function telegramStatus(deps: AppDeps): Promise<z.infer<typeof telegramStatusSchema>> {
  if (!deps.telegram.enabled) return { enabled: false, botLink: null };
  return { enabled: true, botLink: await deps.telegram.botLink() };
}
