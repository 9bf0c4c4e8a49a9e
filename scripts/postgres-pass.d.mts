export const SERVER_TEST_DIRS: string[];
export const POSTGRES_MARKER: RegExp;
export const PGLITE_ONLY_MARKER: RegExp;
export function serverTestFiles(root?: string): { file: string; firstLine: string }[];
export function postgresPassFiles(root?: string): string[];
