export function vitestFailures(report: unknown, label: string, root?: string): string[];
export function playwrightFailures(report: unknown, label: string): string[];
