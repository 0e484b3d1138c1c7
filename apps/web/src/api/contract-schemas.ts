// The wire contracts the first screens check answers with, and the stored cart's schema: one chunk,
// loaded by loadContracts() (./contracts.ts), never imported directly by a first-screen module.
export {
  customerProfile,
  failureResponse,
  feedList,
  kitchacoLocationList,
  vendorFilters,
  vendorList,
  vendorMenu,
} from '@kitchaco/domain';
export { storedCart } from '../lib/cart/cart-schema';
