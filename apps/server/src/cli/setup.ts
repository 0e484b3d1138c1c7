import { createInterface, type Interface } from 'node:readline/promises';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import {
  type AddLocationRequest,
  addLocationRequest,
  DEFAULT_TIME_ZONE,
  MIN_STAFF_PASSWORD_LENGTH,
  WEEKDAYS,
} from '@kitchaco/domain';
import { ConfigError, loadConfig } from '../config.js';
import { systemClock } from '../context.js';
import { openDatabase } from '../db/open.js';
import { AppError } from '../http/errors.js';
import { loadEnvFile } from '../lib/env-file.js';
import { newReadablePassword } from '../modules/auth/secrets.js';
import {
  ALREADY_SET_UP,
  checkNewPassword,
  type FirstRun,
  isSetUp,
  setUpFirstRun,
} from '../modules/staff/staff.service.js';
import { askHidden } from './prompt.js';

const USAGE = `Usage: npm run setup [-- --email <email> --first-name <name> --last-name <name>
                        --location "Name;address;suburb;lat;lng[;time zone]" ... [--yes]]

  First run of a production database: migrates it, creates the first super admin and the
  business's locations, and prints the next steps. Without flags it asks on the terminal.
  With flags (for scripts) the password comes from SETUP_PASSWORD (never a flag: it would land in
  the shell's history); --location may be repeated; --yes skips the confirmation.
  Uses the same settings as the server (.env, DATABASE_URL or DATA_DIR; docs/operations.md).`;

/** Default opening hours of a new location: every day 11:00-21:00 (change them at /admin-opening-hours). */
export const DEFAULT_HOURS = { open: '11:00', close: '21:00' };
const everyDay = (hours: { open: string; close: string }) =>
  Object.fromEntries(WEEKDAYS.map((day) => [day, hours]));

/** Reads a location as the zod schema of `add_location` does; throws its first problem. */
export function readLocation(fields: {
  name: string;
  address: string;
  suburb: string;
  lat: string;
  lng: string;
  timeZone?: string;
  hours?: { open: string; close: string };
}): AddLocationRequest {
  const parsed = addLocationRequest.safeParse({
    name: fields.name,
    address: fields.address,
    suburb: fields.suburb,
    lat: fields.lat.trim() === '' ? Number.NaN : Number(fields.lat),
    lng: fields.lng.trim() === '' ? Number.NaN : Number(fields.lng),
    time_zone: fields.timeZone?.trim() || DEFAULT_TIME_ZONE,
    opening_hours: everyDay(fields.hours ?? DEFAULT_HOURS),
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`${issue.path.join('.') || 'location'}: ${issue.message}`);
  }
  return parsed.data;
}

/** `--location "Name;address;suburb;lat;lng[;time zone]"`. */
export function parseLocationFlag(text: string): AddLocationRequest {
  const parts = text.split(';').map((p) => p.trim());
  if (parts.length < 5 || parts.length > 6) {
    throw new Error(`--location "${text}": expected "Name;address;suburb;lat;lng[;time zone]"`);
  }
  const [name, address, suburb, lat, lng, timeZone] = parts as [
    string,
    string,
    string,
    string,
    string,
    string?,
  ];
  return readLocation({ name, address, suburb, lat, lng, ...(timeZone ? { timeZone } : {}) });
}

/** The set-up from flags and SETUP_PASSWORD, or null when no flag asks for it (then it asks). */
export function inputFromFlags(
  argv: string[],
  env: NodeJS.ProcessEnv,
): { input: FirstRun | null; yes: boolean } {
  const { values } = parseArgs({
    args: argv,
    options: {
      email: { type: 'string' },
      'first-name': { type: 'string' },
      'last-name': { type: 'string' },
      location: { type: 'string', multiple: true },
      yes: { type: 'boolean', default: false },
      password: { type: 'string' },
    },
    strict: true,
  });
  if (values.password !== undefined) {
    throw new Error(
      '--password is not read: it would land in the shell history. Set SETUP_PASSWORD instead.',
    );
  }
  const yes = values.yes ?? false;
  const given = values.email ?? values['first-name'] ?? values['last-name'] ?? values.location;
  if (given === undefined) return { input: null, yes };
  const missing = (['email', 'first-name', 'last-name', 'location'] as const).filter((k) => !values[k]);
  if (missing.length > 0) throw new Error(`Missing ${missing.map((k) => `--${k}`).join(', ')}`);
  const password = env.SETUP_PASSWORD;
  if (!password) {
    throw new Error(
      `Set SETUP_PASSWORD to the first super admin's password (at least ${MIN_STAFF_PASSWORD_LENGTH} characters).`,
    );
  }
  checkNewPassword(password, 'SETUP_PASSWORD');
  return {
    yes,
    input: {
      admin: {
        email: values.email!.trim().toLowerCase(),
        first_name: values['first-name']!.trim(),
        last_name: values['last-name']!.trim(),
        password,
      },
      locations: values.location!.map(parseLocationFlag),
    },
  };
}

async function askUntil<T>(rl: Interface, question: string, read: (answer: string) => T): Promise<T> {
  for (;;) {
    const answer = await rl.question(question);
    try {
      return read(answer.trim());
    } catch (error) {
      process.stdout.write(`  ${error instanceof Error ? error.message : String(error)}\n`);
    }
  }
}

const required = (what: string) => (answer: string) => {
  if (!answer) throw new Error(`${what} is required`);
  return answer;
};

/** The hours "11:00-21:00" every day. */
function readHours(answer: string) {
  if (!answer) return DEFAULT_HOURS;
  const match = /^(\d{2}:\d{2})\s*[-–]\s*(\d{2}:\d{2})$/.exec(answer);
  if (!match) throw new Error('Write the hours as 11:00-21:00');
  return { open: match[1]!, close: match[2]! };
}

/** Asks for the first super admin and the locations; the password is typed twice without echo. */
async function askInput(rl: Interface): Promise<{ input: FirstRun; generated: string | null }> {
  process.stdout.write('\nThe first super admin (they add everyone else on the Staff & locations screen):\n');
  const email = await askUntil(rl, '  Email: ', (a) => {
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(a)) throw new Error('Enter an email address');
    return a.toLowerCase();
  });
  const firstName = await askUntil(rl, '  First name: ', required('First name'));
  const lastName = await askUntil(rl, '  Last name: ', required('Last name'));
  let password = '';
  let generated: string | null = null;
  for (;;) {
    password = await askHidden(
      rl,
      `  Password (at least ${MIN_STAFF_PASSWORD_LENGTH} characters; press Enter to generate one): `,
    );
    if (password === '') {
      generated = newReadablePassword();
      password = generated;
      break;
    }
    try {
      checkNewPassword(password, 'password');
    } catch (error) {
      process.stdout.write(`  ${(error as Error).message}\n`);
      continue;
    }
    if ((await askHidden(rl, '  The same password again: ')) === password) break;
    process.stdout.write('  The two passwords differ; again, please.\n');
  }

  const locations: AddLocationRequest[] = [];
  do {
    process.stdout.write(`\nLocation ${locations.length + 1}:\n`);
    for (;;) {
      const name = await askUntil(rl, '  Name (usually the suburb): ', required('Name'));
      const address = await askUntil(rl, '  Address: ', required('Address'));
      const suburb = await askUntil(rl, `  Suburb [${name}]: `, (a) => a || name);
      const lat = await askUntil(rl, '  Latitude (e.g. -37.80): ', required('Latitude'));
      const lng = await askUntil(rl, '  Longitude (e.g. 144.98): ', required('Longitude'));
      const timeZone = await askUntil(rl, `  Time zone [${DEFAULT_TIME_ZONE}]: `, (a) => a);
      const hours = await askUntil(
        rl,
        `  Opening hours, every day [${DEFAULT_HOURS.open}-${DEFAULT_HOURS.close}]: `,
        readHours,
      );
      try {
        locations.push(readLocation({ name, address, suburb, lat, lng, timeZone, hours }));
        break;
      } catch (error) {
        process.stdout.write(`  ${(error as Error).message}; this location again, please.\n`);
      }
    }
  } while (/^y/i.test(await rl.question('\nAdd another location? [y/N] ')));
  return {
    input: { admin: { email, first_name: firstName, last_name: lastName, password }, locations },
    generated,
  };
}

function summary(input: FirstRun): string {
  const { admin } = input;
  return [
    `Super admin: ${admin.first_name} ${admin.last_name} <${admin.email}>`,
    ...input.locations.map(
      (l) => `Location:    ${l.name}, ${l.address} (${l.suburb}; ${l.lat}, ${l.lng}; ${l.time_zone})`,
    ),
  ].join('\n');
}

const NEXT_STEPS = (email: string) => `
Next steps:
  1. Start the server with the same settings:
       NODE_ENV=production APP_SECRET=… DATABASE_URL=… PAYMENTS_PROVIDER=… PROVIDER_ABN=… npm start
     (docs/operations.md, "Deploy": TRUST_PROXY, WEB_DIST, the health check).
  2. Sign in at /admin as ${email}.
  3. Add the operators', kitchen and stock accounts at /admin-staff (Staff & locations); each gets a
     temporary password to hand over, changed at its first sign-in. More locations: the same screen.
  4. Set each location's opening hours and closures at /admin-opening-hours.
  5. Configure card payments (Square) as docs/payments.md says.
`;

async function main(argv: string[]): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  let flags: ReturnType<typeof inputFromFlags>;
  try {
    flags = inputFromFlags(argv, process.env);
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}\n`);
    return 2;
  }
  const envFile = loadEnvFile();
  const config = loadConfig();
  if (envFile) process.stdout.write(`Settings from ${envFile} (the environment wins over it)\n`);
  if (config.demo) {
    process.stderr.write(
      'npm run setup is for a real database, and these settings run the demo.\n' +
        'Set NODE_ENV=production (or DEMO=false) and DATABASE_URL (or, for the embedded database, DATA_DIR with ALLOW_EMBEDDED_DATABASE=true).\n',
    );
    return 2;
  }
  if (!flags.input && !process.stdin.isTTY) {
    process.stderr.write(`No terminal to ask on: give the flags.\n\n${USAGE}\n`);
    return 2;
  }
  const database = await openDatabase(config);
  try {
    process.stdout.write(
      `Database: ${config.database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `embedded, in ${config.database.dataDir}`}; migrating ...\n`,
    );
    await database.migrate();
    const app = { db: database.db, clock: systemClock };
    if (await isSetUp(app)) {
      process.stderr.write(`${ALREADY_SET_UP}\n`);
      return 1;
    }
    let input = flags.input;
    let generated: string | null = null;
    const rl = process.stdin.isTTY
      ? createInterface({ input: process.stdin, output: process.stdout, terminal: true })
      : null;
    try {
      if (!input) ({ input, generated } = await askInput(rl!));
      process.stdout.write(`\n${summary(input)}\n`);
      if (!flags.yes) {
        if (!rl) {
          process.stderr.write('Add --yes to create these without a terminal to confirm on.\n');
          return 2;
        }
        if (!/^(y|yes|)$/i.test((await rl.question('Create them? [Y/n] ')).trim())) {
          process.stdout.write('Nothing was created.\n');
          return 1;
        }
      }
    } finally {
      rl?.close();
    }
    const done = await setUpFirstRun(app, input);
    process.stdout.write(
      `\nCreated the super admin ${done.admin.email} and ${done.locations.length} location(s): ${done.locations
        .map((l) => `${l.name} (#${l.id})`)
        .join(', ')}.\n`,
    );
    if (generated) {
      process.stdout.write(
        `\nThe super admin's password (shown once; keep it in a password manager):\n  ${generated}\n`,
      );
    }
    process.stdout.write(NEXT_STEPS(done.admin.email));
    return 0;
  } catch (error) {
    if (error instanceof AppError) {
      process.stderr.write(`${error.message}\n`);
      return 1;
    }
    throw error;
  } finally {
    await database.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      process.stderr.write(`${error instanceof ConfigError ? error.message : String(error)}\n`);
      process.exit(1);
    },
  );
}
