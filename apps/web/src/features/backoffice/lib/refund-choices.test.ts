import type { AdminOrder, AdminOrderLine } from '@kitchaco/domain';
import { describe, expect, it } from 'vitest';
import { mayHaveCardPayment, refundChoices } from './refund-choices';

function line(name: string, quantity: number, subTotal: number, vendorId: number | null = 3): AdminOrderLine {
  return {
    meal_id: 1,
    meal__name: name,
    meal_name: name,
    vendor: 'Burger Barn',
    vendor_id: vendorId,
    subitem: null,
    special_request: null,
    quantity,
    meal__price: subTotal / quantity,
    combo_array: [],
    combo: null,
    sub_total: subTotal,
  };
}

function order(lines: AdminOrderLine[], deliveryCharge = 0): AdminOrder {
  return {
    id: 7,
    external_id: null,
    order_date: '25 Nov 2026',
    order_time: '10:00 AM',
    kitchaco: 1,
    kitchaco__location: 'Reservoir',
    customer_name: 'Sam',
    customer__phone: '+61400000000',
    customer__email: 'sam@example.test',
    payment_receipt_number: 'AB12',
    status: 'Received',
    channel: 'online_delivery',
    order_source: 'Kitchaco',
    order_type: 'delivery',
    delivery_location: '1 Main St',
    sub_total: lines.reduce((s, l) => s + l.sub_total, 0),
    delivery_charge: deliveryCharge,
    discount: 0,
    payment_total_amount: 0,
    meal_list: lines,
    status_changed_at: null,
    status_changed_by: null,
  };
}

describe('refundChoices', () => {
  it("offers one item and the whole line of each line (with the line's brand), and the delivery charge", () => {
    const choices = refundChoices(order([line('Burger', 3, 38.85), line('Fries', 1, 6.5, 4)], 5), 100);
    expect(choices).toEqual([
      { label: '1 × Burger', amount: 12.95, vendorId: 3 },
      { label: '3 × Burger', amount: 38.85, vendorId: 3 },
      { label: 'Fries', amount: 6.5, vendorId: 4 },
      { label: 'Delivery charge', amount: 5, vendorId: null },
    ]);
  });

  it('leaves out what is more than can still be refunded, and repeats no label', () => {
    const choices = refundChoices(order([line('Burger', 2, 26), line('Burger', 2, 26)]), 20);
    expect(choices).toEqual([{ label: '1 × Burger', amount: 13, vendorId: 3 }]);
    expect(refundChoices(order([line('Burger', 1, 13)]), 0)).toEqual([]);
  });
});

describe('mayHaveCardPayment', () => {
  it('is true for our own card channels only', () => {
    expect(mayHaveCardPayment('online_pickup')).toBe(true);
    expect(mayHaveCardPayment('in_store_card')).toBe(true);
    expect(mayHaveCardPayment('in_store_cash')).toBe(false);
    expect(mayHaveCardPayment('uber_eats')).toBe(false);
  });
});
