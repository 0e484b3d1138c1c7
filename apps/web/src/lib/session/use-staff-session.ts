import { useSyncExternalStore } from 'react';
import { type StaffSession, staffSession } from './staff-session';

export function useStaffSession(): StaffSession | null {
  return useSyncExternalStore(staffSession.subscribe, staffSession.get);
}
