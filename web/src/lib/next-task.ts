/**
 * Resolves in a later task: work after it does not lengthen the current one. The start splits
 * its stages with it (main.tsx, app/mount.tsx): a phone's main thread is free for input between
 * them, and Lighthouse counts each task's blocking time on its own.
 */
export const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
