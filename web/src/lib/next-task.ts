/**
 * Resolves in a later task: work after it does not lengthen the current one. The start splits
 * its stages with it (main.tsx, app/mount.tsx): a phone's main thread is free for input between
 * them, and Lighthouse counts each task's blocking time on its own. A message, not a timer:
 * browsers hold a hidden tab's timers to about one a second, which would have made a tab opened
 * in the background take seconds to start.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
