import { describe, expect, it } from 'vitest';
import { inputFromFlags, parseLocationFlag } from './setup.js';

const flags = [
  '--email',
  'Boss@Example.com',
  '--first-name',
  'Bo',
  '--last-name',
  'Ss',
  '--location',
  'Fitzroy;1 Smith St, Fitzroy;Fitzroy;-37.8;144.98',
  '--location',
  'Perth;1 Hay St;Perth;-31.95;115.86;Australia/Perth',
  '--yes',
];

describe('npm run setup flags', () => {
  it('reads the super admin, repeated locations and the password from SETUP_PASSWORD', () => {
    const { input, yes } = inputFromFlags(flags, { SETUP_PASSWORD: 'correct horse battery staple' });
    expect(yes).toBe(true);
    expect(input!.admin).toEqual({
      email: 'boss@example.com',
      first_name: 'Bo',
      last_name: 'Ss',
      password: 'correct horse battery staple',
    });
    expect(input!.locations.map((l) => [l.name, l.time_zone])).toEqual([
      ['Fitzroy', 'Australia/Melbourne'],
      ['Perth', 'Australia/Perth'],
    ]);
    expect(input!.locations[0]!.opening_hours.Monday).toEqual({ open: '11:00', close: '21:00' });
  });

  it('asks instead when no flag is given', () => {
    expect(inputFromFlags([], {}).input).toBeNull();
  });

  it('refuses a missing or weak SETUP_PASSWORD, a password flag, missing flags and a bad location', () => {
    expect(() => inputFromFlags(flags, {})).toThrow(/SETUP_PASSWORD/);
    expect(() => inputFromFlags(flags, { SETUP_PASSWORD: 'short' })).toThrow(/at least 12/);
    expect(() => inputFromFlags([...flags, '--password', 'x'], {})).toThrow(/shell history/);
    expect(() => inputFromFlags(['--email', 'a@b.co'], { SETUP_PASSWORD: 'x'.repeat(20) })).toThrow(
      /--first-name, --last-name, --location/,
    );
    expect(() => parseLocationFlag('Fitzroy;1 Smith St')).toThrow(/Name;address;suburb;lat;lng/);
    expect(() => parseLocationFlag('Fitzroy;1 Smith St;Fitzroy;-37.8;east')).toThrow(/lng/);
    expect(() => parseLocationFlag('Fitzroy;1 Smith St;Fitzroy;-37.8;144.9;Mars/Base')).toThrow(/time_zone/);
  });
});
