export function medianVerdict(
  scores: number[],
  planned: number,
  gate: number,
): 'pass' | 'fail' | null;
