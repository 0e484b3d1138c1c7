/**
 * wouter imports useSyncExternalStore from the `use-sync-external-store` shim, written for Reacts
 * before 18; React 19 has the hook itself, so the build points the shim here (vite.config.ts) and
 * the shim's fallback never ships.
 */
export { useSyncExternalStore } from 'react';
