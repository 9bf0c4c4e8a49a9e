import { expect, it, vi } from 'vitest';
import { loadOnce } from './load-once';

it('asks once for every caller, and again after a failed load', async () => {
  const load = vi
    .fn<() => Promise<string>>()
    .mockRejectedValueOnce(new Error('offline'))
    .mockResolvedValue('module');
  const once = loadOnce(load);
  await expect(once()).rejects.toThrow('offline');
  const [a, b] = await Promise.all([once(), once()]);
  expect([a, b]).toEqual(['module', 'module']);
  expect(await once()).toBe('module');
  expect(load).toHaveBeenCalledTimes(2);
});
