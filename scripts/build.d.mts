// The types of build.mjs, for the TypeScript that imports it (the tests' global setup).
export const root: string;
export const serverBundle: string;
export function buildWeb(outDir?: string): void;
export function buildServer(outDir?: string): Promise<void>;
export function ensureBuilt(): Promise<void>;
