// How many Lighthouse runs the quality gates need: no more than settle the median's verdict.

/**
 * Whether the median of `planned` runs is already settled by the scores so far: 'pass' once enough
 * of the planned runs reach the gate for the median (the sorted runs' middle, the upper one of
 * an even count) to reach it whatever the rest score, 'fail' once too many cannot, else null. Stopping there gives the verdict
 * all the planned runs would give, with fewer runs.
 */
export function medianVerdict(scores, planned, gate) {
  const needed = planned - Math.floor(planned / 2);
  const reaching = scores.filter((score) => score >= gate).length;
  if (reaching >= needed) return 'pass';
  if (scores.length - reaching > planned - needed) return 'fail';
  return null;
}
