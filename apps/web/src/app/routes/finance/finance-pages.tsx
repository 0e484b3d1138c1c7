import '@mantine/dates/styles.css';
import { Group, Loader, Stack } from '@mantine/core';
import { QueryError } from '../../../components/query-state';
import { useExternalOperators } from '../../../features/backoffice/api/get-external-operators';
import { CarryIntoInvoice } from '../../../features/finance/components/carry-into-invoice';
import { SalesInvoice } from '../../../features/finance/components/sales-invoice';
import { SalesReport } from '../../../features/finance/components/sales-report';
import { TransactionalReport } from '../../../features/finance/components/transactional-report';
import { usePayoutReconciliation } from '../../../features/marketplaces/api/get-payout-reconciliation';
import { PayoutReconciliation } from '../../../features/marketplaces/components/payout-reconciliation';
import { StaffPortalPage } from '../staff/staff-portal-page';
import { STAFF_PORTALS } from '../staff/staff-portals';

/**
 * The fortnight's marketplace payouts beside its invoice, and "Carry into invoice" once a payout
 * report of the fortnight is imported (before, there is nothing to carry). One query for both.
 */
function PayoutsBesideInvoice({ period, operatorId }: Parameters<typeof PayoutReconciliation>[0]) {
  const reconciliation = usePayoutReconciliation({
    sales_invoice_fortnight_period: period.id,
    external_operator: operatorId,
  });
  const imported = reconciliation.data?.groups.some((g) => g.report_imported) ?? false;
  return (
    <Stack gap="sm">
      <PayoutReconciliation period={period} operatorId={operatorId} />
      {imported && <CarryIntoInvoice period={period} operatorId={operatorId} />}
    </Stack>
  );
}

/** The invoice with the back office's operator list (business names). */
function SalesInvoiceWithOperators() {
  const operators = useExternalOperators();
  if (operators.error) {
    return <QueryError title="The operators could not be loaded" error={operators.error} />;
  }
  if (!operators.data) {
    return (
      <Group justify="center" py="xl">
        <Loader role="status" aria-label="Loading operators" />
      </Group>
    );
  }
  return (
    <SalesInvoice
      operators={operators.data}
      beside={({ period, operatorId }) => (
        <PayoutsBesideInvoice key={`${operatorId}|${period.id}`} period={period} operatorId={operatorId} />
      )}
    />
  );
}

/** `/admin-sales-invoice`: an operator's fortnight payout invoice to approve; signed out, to /admin. */
export function AdminSalesInvoicePage() {
  return (
    <StaffPortalPage portal={STAFF_PORTALS.admin} redirectWhenSignedOut>
      {() => <SalesInvoiceWithOperators />}
    </StaffPortalPage>
  );
}

/** `/admin-sales-report`: a fortnight's sales per location, generated on demand; signed out, to /admin. */
export function AdminSalesReportPage() {
  return (
    <StaffPortalPage portal={STAFF_PORTALS.admin} redirectWhenSignedOut>
      {() => <SalesReport />}
    </StaffPortalPage>
  );
}

/** `/admin-txn-report`: the delivery platforms' orders of a fortnight, emailed or downloaded; signed out, to /admin. */
export function AdminTxnReportPage() {
  return (
    <StaffPortalPage portal={STAFF_PORTALS.admin} redirectWhenSignedOut>
      {() => <TransactionalReport />}
    </StaffPortalPage>
  );
}
