import { STORAGE_KEYS } from './storage-keys';

/**
 * Remembers, for this browser tab's visit (sessionStorage), that the customer arrived from the
 * provider's website through a location link.
 */
export function recordWebsiteRedirect(): void {
  try {
    window.sessionStorage.setItem(STORAGE_KEYS.websiteRedirect, 'true');
  } catch (error) {
    console.warn('Could not record the website redirect in browser storage', error);
  }
}
