import { createInterface } from 'node:readline/promises';
import { DEMO_PASSWORD } from '@kitchaco/domain';
import { eq, sql } from 'drizzle-orm';
import { ConfigError, loadConfig } from '../config.js';
import { openDatabase } from '../db/open.js';
import { staffUsers } from '../db/schema/index.js';
import { loadEnvFile } from '../lib/env-file.js';
import { hashPassword } from '../modules/auth/secrets.js';
import { askHidden } from './prompt.js';

/** The shortest password a staff account may be given here. */
export const MIN_STAFF_PASSWORD = 12;

const USAGE = `Usage: npm run staff -- password <email>
  Sets a new password for a staff account and enables it (ending its sessions).
  The password is read from STAFF_PASSWORD, or asked for without echo on a terminal.`;

async function readPassword(): Promise<string> {
  if (process.env.STAFF_PASSWORD) return process.env.STAFF_PASSWORD;
  if (!process.stdin.isTTY) return (await new Response(process.stdin as never).text()).trim();
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  try {
    return await askHidden(rl, 'New password: ');
  } finally {
    rl.close();
  }
}

/** `npm run staff -- password <email>`: for an account disabled at a production start, or forgotten. */
async function main(argv: string[]): Promise<number> {
  const [command, email] = argv;
  if (command !== 'password' || !email) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const password = await readPassword();
  if (password.length < MIN_STAFF_PASSWORD || password === DEMO_PASSWORD) {
    process.stderr.write(
      `The password must have at least ${MIN_STAFF_PASSWORD} characters and not be the demo's.\n`,
    );
    return 2;
  }
  loadEnvFile();
  const database = await openDatabase(loadConfig());
  try {
    await database.migrate();
    const rows = await database.db
      .update(staffUsers)
      .set({
        passwordHash: await hashPassword(password),
        isActive: true,
        credentialVersion: sql`${staffUsers.credentialVersion} + 1`,
      })
      .where(eq(staffUsers.email, email.trim().toLowerCase()))
      .returning({ id: staffUsers.id });
    if (rows.length === 0) {
      process.stderr.write(`No staff account has the email ${email}.\n`);
      return 1;
    }
    process.stdout.write(`The password of ${email} was changed; the account is enabled.\n`);
    return 0;
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof ConfigError ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
