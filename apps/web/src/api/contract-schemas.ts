// The wire contracts the first screens check answers with, and the stored cart's schema: one chunk,
// loaded by loadContracts() (./contracts.ts), never imported directly by a first-screen module.
export {
  authCalls,
  customerProfile,
  failureResponse,
  feedList,
  kitchacoLocationList,
  locationsCalls,
  ordersCalls,
  vendorFilters,
  vendorList,
  vendorMenu,
  vendorsCalls,
} from '@kitchaco/domain';
export { storedCart } from '../lib/cart/cart-schema';
