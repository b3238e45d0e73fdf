/** Types of build-state.mjs, for its unit test. */
export interface BuildPart {
  name: string;
  inputs: string[];
  output: string;
}
export const PARTS: BuildPart[];
export function newestMtime(target: string): number;
export function stampPath(root: string, part: BuildPart): string;
export function writeStamp(root: string, part: BuildPart, startedMs?: number): void;
export function staleParts(root: string, parts?: BuildPart[]): string[];
