import { useSyncExternalStore } from 'react';
import { type CustomerSession, customerSession } from './customer-session';

export function useCustomerSession(): CustomerSession | null {
  return useSyncExternalStore(customerSession.subscribe, customerSession.get);
}
