import { apiFetch } from '../../../api';

/** Revokes a token on the server. Best effort: the caller forgets the session whatever happens. */
export async function logout(token: string): Promise<void> {
  try {
    await apiFetch('/api/v1/logout/', { method: 'POST', body: {}, token });
  } catch (error) {
    console.warn('Logout call failed; the session is cleared in this browser anyway', error);
  }
}
