export type FileTime = { file: string; ms: number; tests: number };
export type Stage = {
  name: string;
  ms: number;
  passed: number;
  failed: number;
  /** The stage it ran beside, when it did. */
  beside?: string;
};
export function vitestFileTimes(report: unknown, root?: string): FileTime[];
export function playwrightFileTimes(report: unknown): FileTime[];
export function slowestFiles(times: FileTime[], count?: number): string[];
export function stageTable(stages: Stage[], wallMs?: number): string;
