/**
 * One Uber Eats Payment Details report, the same four rows under each of the report's two heading
 * sets (uber-payment-details.ts): an order with a partial refund (a further row of the same Order
 * ID), an order canceled before it was accepted (no acceptance time, no payment date) and a large
 * order. Test fixtures for the order import and the payout import, which must read both to the same
 * figures; exported so the server's import tests use the same files.
 */

const file = (...rows: string[]) => `${rows.join('\r\n')}\r\n`;

/** The downloaded report's headings (Order Accept Time, Sales (incl. GST), Marketplace Fee, Total payout, Payout Date). */
export const UBER_PAYMENT_DETAILS_REPORT_HEADINGS_FILE = file(
  '"Payment details report, 05/10/2026 - 18/10/2026",,,,,,,,,,,,,,,',
  'Store Name,Store ID,Order ID,Workflow ID,Dining Mode,Order Channel,Order Status,Order Date,Order Accept Time,Sales (excl. GST),GST on Sales,Sales (incl. GST),Marketplace Fee,Total payout,Payout Date,Payout reference ID',
  'Burger Barn,ue-1-1,UE-A,wf-1,Delivery,Uber Eats,Completed,06/10/2026,12:30,33.64,3.36,37.00,11.10,25.90,14/10/2026,PR-1',
  'Burger Barn,ue-1-1,UE-A,wf-1,Delivery,Uber Eats,Refund,08/10/2026,,-4.55,-0.45,-5.00,-1.50,-3.50,14/10/2026,PR-1',
  'Burger Barn,ue-1-1,UE-C,wf-3,Delivery,Uber Eats,Canceled,09/10/2026,,0,0,0,0,0,,',
  'Burger Barn,ue-1-1,UE-D,wf-4,Delivery,Uber Eats,Completed,10/10/2026,6:05 PM,"1,122.27",112.23,"$1,234.50",370.35,864.15,21/10/2026,PR-2',
);

/**
 * The headings Uber's help page lists, in its order and all of them ("Profit Summary Details",
 * https://help.uber.com/merchants-and-restaurants/article/profit-summary-details?nodeId=cd9e5108-aa19-4358-89b6-2f546a0dbac9):
 * Order Acceptance Time, Food sales (VAT included), Uber Total Service Fee, Payment, Payment date.
 */
export const UBER_PAYMENT_DETAILS_HELP_PAGE_HEADINGS_FILE = file(
  '"Payment details report, 05/10/2026 - 18/10/2026",,,,,,,,,,,,,,,,,,,,,,',
  'Order ID,Store Name,Store ID,Order Date / Refund Date,Order Acceptance Time,Food sales,VAT on food sales,Food sales (VAT included),Adjustments (VAT included),Delivery fee (excluding VAT),Delivery fee (VAT included),Total order (VAT included),Cost of delivery (without VAT),Delivery cost (VAT included),Uber service fees before discount (excluding VAT),Service fee discount (excluding VAT),Uber Total Service Fee,Payment,Payment date,Order Status,Uber to Restaurant Invoice Link,Restaurant invoice link to Eater,Link to Invoice Delivery Partner to Restaurant',
  'UE-A,Burger Barn,ue-1-1,06/10/2026,12:30,33.64,3.36,37.00,0,0,0,37.00,0,0,11.10,0,11.10,25.90,14/10/2026,Completed,,,',
  'UE-A,Burger Barn,ue-1-1,08/10/2026,,-4.55,-0.45,-5.00,0,0,0,-5.00,0,0,-1.50,0,-1.50,-3.50,14/10/2026,Refund,,,',
  'UE-C,Burger Barn,ue-1-1,09/10/2026,,0,0,0,0,0,0,0,0,0,0,0,0,0,,Canceled,,,',
  'UE-D,Burger Barn,ue-1-1,10/10/2026,6:05 PM,"1,122.27",112.23,"$1,234.50",0,0,0,"$1,234.50",0,0,370.35,0,370.35,864.15,21/10/2026,Completed,,,',
);
