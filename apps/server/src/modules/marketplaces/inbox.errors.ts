/** A failure another attempt cannot cure (a malformed order from the platform, no settings). */
export class PermanentInboxError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PermanentInboxError';
  }
}
