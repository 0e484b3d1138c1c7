import { apiFetch } from '../../../api/api-client';
import { sendRouteLazy } from '../../../api/call';

/** Revokes a token on the server. Best effort: the caller forgets the session whatever happens. */
export async function logout(token: string): Promise<void> {
  try {
    // The token to revoke is the one given, whichever session it belongs to.
    await sendRouteLazy(
      (path, options) => apiFetch(path, { ...options, token }),
      'authCalls',
      'logout',
      { method: 'POST', url: '/api/v1/logout/' },
      {},
    );
  } catch (error) {
    console.warn('Logout call failed; the session is cleared in this browser anyway', error);
  }
}
