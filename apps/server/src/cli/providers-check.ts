import { CHECKED_PROVIDER_NAMES, type ProviderCheck } from '@kitchaco/domain';
import { ConfigError, loadConfig } from '../config.js';
import { openDatabase } from '../db/open.js';
import { loadEnvFile } from '../lib/env-file.js';
import { runProviderCheck } from '../modules/health/provider-checks.service.js';

/**
 * `npm run providers:check`: the go-live check (docs/go-live.md) with the server's settings and
 * database (for the mapped stores). One line per provider: ready, not configured, or the problem.
 * Exit 0 when every configured provider is ready (and, in production, Square, Twilio and SMTP are
 * configured); 1 otherwise; 2 when the settings or the database cannot be read.
 */
const STATUS_TEXT: Record<ProviderCheck['status'], string> = {
  ready: 'ready',
  not_configured: 'not configured',
  problem: 'PROBLEM',
};

export function checkLine(check: ProviderCheck): string {
  const status =
    check.status === 'not_configured' && check.required ? 'PROBLEM (required)' : STATUS_TEXT[check.status];
  return `${CHECKED_PROVIDER_NAMES[check.provider].padEnd(17)} ${status.padEnd(15)} ${check.detail}`;
}

async function main(): Promise<number> {
  loadEnvFile();
  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    // The providers' calls never throw (each answers its own line): a failure here is the database.
    const result = await runProviderCheck(config, database.db, new Date()).catch((error: unknown) => {
      const cause = (error as { cause?: { message?: string } }).cause?.message ?? (error as Error).message;
      throw new Error(
        `the store mappings could not be read from the database (${cause}): run \`npm run migrate\` first, or check DATABASE_URL or DATA_DIR`,
      );
    });
    for (const check of result.providers) process.stdout.write(`${checkLine(check)}\n`);
    process.stdout.write(
      result.ready
        ? 'Every configured provider is ready.\n'
        : 'Not ready: fix the lines marked PROBLEM (docs/go-live.md), then run the check again.\n',
    );
    return result.ready ? 0 : 1;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(
      `The providers could not be checked: ${error instanceof ConfigError ? error.message : String((error as Error).message ?? error)}\n`,
    );
    process.exitCode = 2;
  },
);
