export type FileTime = { file: string; ms: number; tests: number };
export type Stage = { name: string; ms: number; passed: number; failed: number };
export function vitestFileTimes(report: unknown, root?: string): FileTime[];
export function playwrightFileTimes(report: unknown): FileTime[];
export function slowestFiles(times: FileTime[], count?: number): string[];
export function stageTable(stages: Stage[]): string;
