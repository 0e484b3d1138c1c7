import type { Server } from 'node:http';

const BODY = JSON.stringify({
  success: false,
  error: 'Too many connections from your address. Please try again in a moment.',
  code: 'too_many_connections',
});
const REFUSED = [
  'HTTP/1.1 503 Service Unavailable',
  'Connection: close',
  'Retry-After: 5',
  'Content-Type: application/json; charset=utf-8',
  `Content-Length: ${Buffer.byteLength(BODY)}`,
  '',
  BODY,
].join('\r\n');

/**
 * At most `max` open connections from one client address: a machine holding sockets open (slow
 * headers, slow bodies, idle keep-alives) cannot take every socket the server has. Only where the
 * peer is the client itself: behind a trusted proxy every connection comes from the proxy, which
 * enforces its own limits and buffers bodies. The refused connection gets a short 503 and is closed.
 */
export function capConnectionsPerAddress(server: Server, max: number): void {
  if (max <= 0) return;
  const open = new Map<string, number>();
  // Before Node's own listener: a refused socket never gets a request parser.
  server.prependListener('connection', (socket) => {
    const address = socket.remoteAddress ?? 'unknown';
    const count = (open.get(address) ?? 0) + 1;
    if (count > max) {
      socket.on('error', () => {});
      socket.end(REFUSED);
      socket.destroySoon?.();
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}
