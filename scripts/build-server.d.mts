export const SERVER_BUNDLE: string;
export function buildServer(outfile?: string): Promise<void>;
export function buildServerIfStale(): Promise<void>;
export function withBuildLock<T>(build: () => Promise<T>): Promise<T>;
