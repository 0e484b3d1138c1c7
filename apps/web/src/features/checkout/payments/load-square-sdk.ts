import type { SquareGlobal } from './web-payments-sdk';

const loading = new Map<string, Promise<SquareGlobal>>();

/**
 * Square's Web Payments SDK from `url` (the server's `sdk_url`: Square's sandbox or production
 * script, https://developer.squareup.com/docs/web-payments/overview), added to the page once and
 * only when checkout uses Square. The page's CSP allows Square's domains only when the server
 * takes payments through Square (apps/server/src/http/security-headers.ts). A failed load
 * (offline, blocked) is tried again on the next call.
 */
export function loadSquareSdk(url: string): Promise<SquareGlobal> {
  let promise = loading.get(url);
  if (!promise) {
    promise = new Promise<SquareGlobal>((resolve, reject) => {
      if (window.Square) {
        resolve(window.Square);
        return;
      }
      const script = document.createElement('script');
      script.src = url;
      script.async = true;
      script.addEventListener('load', () => {
        if (window.Square) resolve(window.Square);
        else reject(new Error(`${url} loaded without defining window.Square`));
      });
      script.addEventListener('error', () => {
        script.remove();
        reject(new Error(`Could not load ${url}`));
      });
      document.head.append(script);
    });
    promise.catch(() => loading.delete(url));
    loading.set(url, promise);
  }
  return promise;
}
