import { lazyDialog } from '../../../components/lazy-dialog';

/** Sign-in and profile dialogs carry the phone-number library: loaded when first opened. */
export const LazyCustomerLoginModal = lazyDialog(
  async () => (await import('./customer-login-modal')).CustomerLoginModal,
);
export const LazyProfileModal = lazyDialog(async () => (await import('./profile-modal')).ProfileModal);
