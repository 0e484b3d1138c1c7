import {
  DEFAULT_EXPIRY_ADJUSTMENT_DAYS,
  type Mills,
  priceStockOrder,
  STOCK_MESSAGES,
  toAmount,
  toMills,
} from '@kitchaco/domain';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMemo, useState } from 'react';
import { isApiError } from '../../../api';
import { useNavigate } from '../../../lib/router';
import { useApproveStockOrder } from '../api/approve-stock-order';
import { useDisapproveStockOrder } from '../api/disapprove-stock-order';
import type { ReviewOrder } from '../api/get-admin-specific-pending';
import { type Entry, qtyOf } from '../lib/review-entry';

export const PENDING_PATH = '/stock-admin';

interface OrderReviewValues {
  /** Approved quantity per line id. */
  quantities: Record<number, Entry>;
  /** Expiry adjustment in days per line id, for the lines with an expiry. */
  expiry: Record<number, Entry>;
  /** The below-minimum fee decision: 0, minus the order's fee, or plus the location's fee. */
  adjustment: Mills;
  /** Why the order is disapproved, sent to the location (optional). */
  reason: string;
}

/**
 * The stock admin's review of one order as a `@mantine/form` form: approved quantities, expiry
 * adjustments, the fee decision and the disapproval reason; live totals priced by the domain; the
 * approve and disapprove calls.
 */
export function useOrderReview(order: ReviewOrder) {
  const navigate = useNavigate();
  const approve = useApproveStockOrder();
  const disapprove = useDisapproveStockOrder();
  const form = useForm<OrderReviewValues>({
    initialValues: {
      quantities: Object.fromEntries(order.orderData.map((l) => [l.id, l.qty])),
      expiry: Object.fromEntries(
        order.orderData
          .filter((l) => l.has_expiry)
          .map((l) => [l.id, l.expiry_adjustment ?? DEFAULT_EXPIRY_ADJUSTMENT_DAYS]),
      ),
      adjustment: toMills(order.admin_adjustment),
      reason: '',
    },
  });
  const { quantities, expiry, adjustment, reason } = form.values;
  const [validation, setValidation] = useState<string | null>(null);
  const [disapproveOpen, setDisapproveOpen] = useState(false);

  const fee = toMills(order.delivery_charge);
  const locationFee =
    order.min_stock_delivery_charge != null && order.min_stock_delivery_charge > 0
      ? toMills(order.min_stock_delivery_charge)
      : null;

  const priced = useMemo(
    () =>
      priceStockOrder(
        order.orderData.map((l) => ({
          price: toMills(l.price),
          qty: qtyOf(quantities[l.id]),
          hasGst: l.has_gst,
        })),
        { deliveryCharge: fee, adminAdjustment: adjustment },
      ),
    [order.orderData, quantities, fee, adjustment],
  );

  const failure = approve.error ?? disapprove.error;
  const busy = approve.isPending || disapprove.isPending;

  const submitApprove = () => {
    setValidation(null);
    disapprove.reset();
    const chosen = order.orderData.filter((l) => qtyOf(quantities[l.id]) > 0);
    if (chosen.length === 0 || priced.total <= 0) {
      setValidation(STOCK_MESSAGES.selectAtLeastOne);
      return;
    }
    approve.mutate(
      {
        orderId: order.id,
        admin_adjustment: toAmount(adjustment),
        sub_total: toAmount(priced.subTotal),
        gst: toAmount(priced.gst),
        total: toAmount(priced.total),
        stockData: order.orderData.map((l) => ({
          stock_list_id: l.stock_list_id,
          qty: qtyOf(quantities[l.id]),
          expiry_adjustment: l.has_expiry ? qtyOf(expiry[l.id]) : null,
        })),
      },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: STOCK_MESSAGES.approved });
          navigate(PENDING_PATH);
        },
      },
    );
  };

  const submitDisapprove = () => {
    approve.reset();
    disapprove.mutate(
      { orderId: order.id, reason: reason.trim() },
      {
        onSuccess: () => {
          setDisapproveOpen(false);
          notifications.show({ color: 'green', message: STOCK_MESSAGES.disapproved });
          navigate(PENDING_PATH);
        },
        onError: () => setDisapproveOpen(false),
      },
    );
  };

  return {
    approve,
    disapprove,
    quantities,
    setQuantity: (lineId: number, value: Entry) =>
      form.setFieldValue('quantities', (q) => ({ ...q, [lineId]: value })),
    expiry,
    setExpiry: (lineId: number, value: Entry) =>
      form.setFieldValue('expiry', (e) => ({ ...e, [lineId]: value })),
    adjustment,
    setAdjustment: (value: Mills) => form.setFieldValue('adjustment', value),
    reason,
    setReason: (value: string) => form.setFieldValue('reason', value),
    fee,
    locationFee,
    priced,
    itemsTotal: priced.subTotal + priced.gst,
    failure,
    decided: isApiError(failure, 409),
    busy,
    validation,
    disapproveOpen,
    setDisapproveOpen,
    submitApprove,
    submitDisapprove,
  };
}
