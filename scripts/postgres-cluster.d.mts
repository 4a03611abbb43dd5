export interface PostgresServer {
  /** A connection URL with a role that may create databases. */
  url: string;
  /** True for TEST_DATABASE_URL: a server this process did not start and stop() leaves running. */
  external: boolean;
  stop(): Promise<void>;
}

export interface TestDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

export function postgresBinDir(env?: NodeJS.ProcessEnv): string | undefined;
export function startPostgres(options?: { env?: NodeJS.ProcessEnv }): Promise<PostgresServer>;
export function createDatabase(url: string, options?: { template?: string }): Promise<TestDatabase>;
