export function onServer(serverUrl: string, statement: string): Promise<void>;
export function databaseUrl(serverUrl: string, name: string): string;
export function createScratchDatabase(
  serverUrl: string,
  prefix: string,
  options?: { template?: string },
): Promise<{ name: string; url: string; drop: () => Promise<void> }>;
