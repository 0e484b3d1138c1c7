import type { MenuEditor } from '@kitchaco/domain';
import type { StaffSession } from '../../lib/session/staff-session';

/** How the menu's status rules see the signed-in account: a super admin, or an operator. */
export const editorOf = (session: StaffSession): MenuEditor => (session.isSuperAdmin ? 'admin' : 'operator');
