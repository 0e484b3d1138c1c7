import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import { ConfigError } from '../config.js';

/**
 * Reads settings from a `.env` file (docs/operations.md, "Settings"): `ENV_FILE` names it, else
 * `.env` in the working directory when there is one. A variable already in the process's
 * environment wins over the file (Node's own `process.loadEnvFile` rule), so a deployment can
 * override one setting without editing the file. Answers the file read, or null.
 */
export function loadEnvFile(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): string | null {
  const named = env.ENV_FILE;
  const path = resolve(cwd, named ?? '.env');
  if (!existsSync(path)) {
    if (named) throw new ConfigError(`ENV_FILE: ${path} does not exist`);
    return null;
  }
  process.loadEnvFile(path);
  return path;
}

/**
 * Fails fast, in one line, when the port is taken: before migrating or seeding, not after a minute
 * of seeding with a stack trace. (The real listen later can still lose a race; that one is rare.)
 */
export function assertPortFree(host: string, port: number): Promise<void> {
  if (port === 0) return Promise.resolve();
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE') {
        fail(
          new ConfigError(
            `Port ${port} is already in use on ${host} (is Kitchaco already running?). Stop that process, or choose another port: PORT=${port + 1} npm start`,
          ),
        );
      } else if (error.code === 'EACCES') {
        fail(new ConfigError(`PORT: ${port} needs privileges on ${host}; choose a port above 1023`));
      } else fail(error);
    });
    probe.listen({ host, port, exclusive: true }, () => probe.close(() => done()));
  });
}
