// The soak's outside world and its faults: fakes of Twilio and of an SMTP server that count what
// they deliver, a TCP proxy in front of PostgreSQL that can be cut, a slow-upload attack, and a
// PostgreSQL restart. Used by scripts/soak.mjs (docs/reliability.md, "Chaos").
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { connect, createServer } from 'node:net';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';

/** Listens on a free port of 127.0.0.1; resolves with it (an SMTPServer keeps its net server inside). */
const listen = (server) =>
  new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.server ?? server).address().port)),
  );

/**
 * Twilio's Messages API as the adapter calls it (POST /2010-04-01/Accounts/{sid}/Messages.json,
 * form fields To, From, Body; answered 201 with a message sid, as
 * https://www.twilio.com/docs/messaging/api/message-resource#create-a-message-resource shows).
 * Counts every message delivered.
 */
export async function fakeTwilio() {
  const delivered = [];
  const server = createHttpServer((req, res) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      if (req.method !== 'POST' || !/\/Messages\.json$/.test(req.url ?? '')) {
        res.writeHead(404).end();
        return;
      }
      const form = new URLSearchParams(body);
      delivered.push({ to: form.get('To'), body: form.get('Body') });
      const sid = `SM${String(delivered.length).padStart(32, '0')}`;
      res
        .writeHead(201, { 'content-type': 'application/json' })
        .end(JSON.stringify({ sid, status: 'queued' }));
    });
  });
  const port = await listen(server);
  return { url: `http://127.0.0.1:${port}`, delivered, close: () => new Promise((r) => server.close(r)) };
}

/** An SMTP server (no TLS, no auth) counting every message delivered. */
export async function fakeSmtp() {
  const delivered = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      stream.on('data', () => {});
      stream.on('end', () => {
        delivered.push({ to: session.envelope.rcptTo.map((r) => r.address).join(',') });
        callback();
      });
    },
  });
  server.on('error', () => {});
  const port = await listen(server);
  return { url: `smtp://127.0.0.1:${port}`, delivered, close: () => new Promise((r) => server.close(r)) };
}

/**
 * A TCP proxy in front of PostgreSQL. `cut()` closes every connection and refuses new ones (the
 * database is gone); `restore()` lets them through again.
 */
export async function databaseProxy(host, port) {
  const sockets = new Set();
  let open = true;
  const server = createServer((client) => {
    if (!open) return client.destroy();
    const upstream = connect(port, host);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => s.destroy());
    }
    client.pipe(upstream).pipe(client);
  });
  const proxyPort = await listen(server);
  return {
    port: proxyPort,
    cut() {
      open = false;
      for (const s of sockets) s.destroy();
    },
    restore() {
      open = true;
    },
    close: () => {
      for (const s of sockets) s.destroy();
      return new Promise((r) => server.close(r));
    },
  };
}

/**
 * `count` connections to `port` from 127.0.0.2, each sending the headers of a 1,000-byte upload and
 * 14 bytes of it, then waiting. Returns a function ending them.
 */
export async function slowUploads(port, count) {
  const sockets = [];
  for (let i = 0; i < count; i++) {
    await new Promise((resolve) => {
      const socket = connect({ host: '127.0.0.1', port, localAddress: '127.0.0.2' }, () => {
        socket.write(
          `POST /api/v1/send-sms/ HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"phone":"+614`,
        );
        resolve();
      });
      socket.on('error', () => resolve());
      sockets.push(socket);
    });
  }
  return {
    end() {
      for (const s of sockets) s.destroy();
    },
  };
}

/**
 * Restarts the PostgreSQL server: `pg_ctlcluster <version> main restart` where it can (CI, as
 * root); otherwise every connection to `database` is terminated, which is what its clients see of
 * a restart. Returns what was done.
 */
export async function restartPostgres(adminUrl, database) {
  const versions = existsSync('/etc/postgresql') ? readdirSync('/etc/postgresql') : [];
  const version = versions.sort().at(-1);
  if (version && process.getuid?.() === 0) {
    try {
      execFileSync('pg_ctlcluster', ['--skip-systemctl-redirect', version, 'main', 'restart'], {
        stdio: 'ignore',
        timeout: 60_000,
      });
      return `pg_ctlcluster ${version} main restart`;
    } catch {
      // fall back to terminating the connections
    }
  }
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const { rowCount } = await admin.query(
    'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
    [database],
  );
  await admin.end();
  return `terminated ${rowCount} connections to ${database}`;
}

/** Resolves once PostgreSQL at `url` answers (after a restart), or after `ms`. */
export async function postgresAnswers(url, ms = 60_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
    try {
      await client.connect();
      await client.query('SELECT 1');
      await client.end();
      return true;
    } catch {
      await client.end().catch(() => {});
      await new Promise((r) => setTimeout(r, 500));
    }
  }
  return false;
}
