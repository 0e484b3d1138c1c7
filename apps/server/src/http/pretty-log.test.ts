import { describe, expect, it } from 'vitest';
import { formatLogLine } from './pretty-log.js';

const at = new Date(2026, 10, 27, 12, 4, 31).getTime();

describe('readable logs', () => {
  it('writes a request as one line: time, method, address, status and time taken', () => {
    const line = JSON.stringify({
      level: 30,
      time: at,
      pid: 1,
      hostname: 'h',
      reqId: 'r1',
      request: { method: 'GET', url: '/api/v1/vendors/?kitchaco=1', status: 200, ms: 3.1234 },
    });
    expect(formatLogLine(line, false)).toBe('12:04:31 GET /api/v1/vendors/?kitchaco=1 200 3.1 ms');
  });

  it('names the level above info, keeps the other fields, and puts an error stack below', () => {
    const line = JSON.stringify({
      level: 50,
      time: at,
      msg: 'outbox delivery failed',
      channel: 'sms',
      err: { message: 'boom', stack: 'Error: boom\n    at send (outbox.ts:1:1)' },
    });
    expect(formatLogLine(line, false)).toBe(
      '12:04:31 ERROR outbox delivery failed channel=sms\n  Error: boom\n      at send (outbox.ts:1:1)',
    );
  });

  it('leaves a line that is not a log record alone', () => {
    expect(formatLogLine('Kitchaco is running', false)).toBeNull();
  });
});
