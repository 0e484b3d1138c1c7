/**
 * Existing staff clients send email and password with every call. Verifying argon2id each time
 * would cost ~30 ms of CPU per request, so a successful check is remembered for a few minutes under
 * an HMAC of (email, password) keyed with the app secret: the password itself is never kept, a
 * different password never matches, and a password change (credential version bump) or a disabled
 * account invalidates the entry because the user row is re-read on every hit.
 */
export class CredentialCache {
  private readonly entries = new Map<string, { userId: number; version: number; expiresAt: number }>();

  constructor(
    private readonly ttlMs = 5 * 60_000,
    private readonly maxEntries = 10_000,
  ) {}

  get(key: string, now: number): { userId: number; version: number } | null {
    const entry = this.entries.get(key);
    if (!entry) return null;
    if (entry.expiresAt <= now) {
      this.entries.delete(key);
      return null;
    }
    return entry;
  }

  set(key: string, userId: number, version: number, now: number): void {
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, { userId, version, expiresAt: now + this.ttlMs });
  }

  delete(key: string): void {
    this.entries.delete(key);
  }
}
