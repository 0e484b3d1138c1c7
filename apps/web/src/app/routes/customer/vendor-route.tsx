import { CustomerLayout } from '../../layouts/customer-layout';
import { VendorPage } from './vendor-page';

/** `/vendor:{id}`: the brand's page inside the customer site's header and tabs. */
export function VendorRoute() {
  return (
    <CustomerLayout>
      <VendorPage />
    </CustomerLayout>
  );
}
