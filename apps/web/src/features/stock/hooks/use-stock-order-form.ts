import {
  BELOW_MINIMUM_ERROR_CODE,
  isBelowMinimum,
  priceStockOrder,
  STOCK_MESSAGES,
  type StockOrder,
  toAmount,
  toMills,
} from '@kitchaco/domain';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMemo, useState } from 'react';
import { ApiError } from '../../../api';
import { useNavigate } from '../../../lib/router';
import { type StockOrderData, useSaveStockOrder } from '../api/save-stock-order';
import { useStockList } from '../api/stock-list';

/** Quantity per stock list item id; 0 or absent = not ordered. */
export type Quantities = Record<number, number>;

interface StockOrderFormValues {
  quantities: Quantities;
}

/**
 * The stock order form's state and rules: the quantities (a `@mantine/form` form), the items in
 * the order shown, the live totals priced by the same domain function the server uses, and the
 * save with its below-minimum fee offer.
 */
export function useStockOrderForm({
  locationId,
  order,
  historyPath,
}: {
  locationId: number;
  order: StockOrder | undefined;
  historyPath: string;
}) {
  const list = useStockList(locationId);
  const save = useSaveStockOrder();
  const navigate = useNavigate();
  const form = useForm<StockOrderFormValues>({
    initialValues: {
      quantities: Object.fromEntries((order?.orderData ?? []).map((l) => [l.stock_list_id, l.qty])),
    },
  });
  const quantities = form.values.quantities;
  const setQuantities = (next: (q: Quantities) => Quantities) =>
    form.setFieldValue('quantities', (q) => next(q));
  const [problem, setProblem] = useState<string | null>(null);
  const [feeOffer, setFeeOffer] = useState<{ message: string; fee: number } | null>(null);
  const [placed, setPlaced] = useState<string | null>(null);

  // Editing: the order's own items first (in the list's order), so what was ordered is in view.
  const items = useMemo(() => {
    const all = list.data?.data ?? [];
    if (!order) return all;
    const inOrder = new Set(order.orderData.map((l) => l.stock_list_id));
    return [...all.filter((i) => inOrder.has(i.id)), ...all.filter((i) => !inOrder.has(i.id))];
  }, [list.data, order]);
  const chosen = items.filter((i) => (quantities[i.id] ?? 0) > 0);
  const linesToPrice = chosen.map((i) => ({
    price: toMills(i.price),
    qty: quantities[i.id]!,
    hasGst: i.has_gst,
  }));
  const beforeFee = priceStockOrder(linesToPrice);
  const minimum = toMills(list.data?.location.min_stock_order ?? 0);
  // An edited order keeps the fee it carries while it stays below the minimum, and shows it.
  const carriedFee =
    order && order.delivery_charge > 0 && isBelowMinimum(beforeFee.total, minimum)
      ? toMills(order.delivery_charge)
      : 0;
  const priced = priceStockOrder(linesToPrice, { deliveryCharge: carriedFee });

  const setQty = (id: number, value: number | string) => {
    setProblem(null);
    setQuantities((q) => ({ ...q, [id]: typeof value === 'number' && value > 0 ? value : 0 }));
  };
  // Fills every item that has a recommendation; quantities typed for the others stay.
  const recommended = items.filter((i) => i.recommended_order > 0);
  const fillRecommended = () => {
    setProblem(null);
    setQuantities((q) => ({
      ...q,
      ...Object.fromEntries(recommended.map((i) => [i.id, i.recommended_order])),
    }));
  };

  const submit = (deliveryCharge?: number) => {
    if (!list.data) return;
    const { location } = list.data;
    setProblem(null);
    const empty = order ? STOCK_MESSAGES.selectAtLeastOne : STOCK_MESSAGES.selectAtLeastOneToOrder;
    if (chosen.length === 0 || beforeFee.total <= 0) {
      setProblem(empty);
      return;
    }
    // The fee only applies below the minimum: above it the server charges none, and a fee sent
    // anyway would make the totals disagree.
    const charge = isBelowMinimum(beforeFee.total, minimum) ? deliveryCharge : undefined;
    const amounts = priceStockOrder(linesToPrice, { deliveryCharge: toMills(charge ?? 0) });
    const orderData: StockOrderData = {
      kitchaco: locationId,
      sub_total: toAmount(amounts.subTotal),
      gst: toAmount(amounts.gst),
      total: toAmount(amounts.total),
      ...(charge !== undefined ? { delivery_charge: charge } : {}),
      stockData: chosen.map((i) =>
        order ? { stock_list_id: i.id, qty: quantities[i.id]! } : { id: i.id, qty: quantities[i.id]! },
      ),
    };
    save.mutate(
      { orderData, ...(order ? { orderId: order.id } : {}) },
      {
        onSuccess: (answer) => {
          setFeeOffer(null);
          if (order) {
            notifications.show({ color: 'green', message: answer.message });
            navigate(historyPath);
          } else {
            form.setFieldValue('quantities', {});
            setPlaced(answer.message);
          }
        },
        onError: (error) => {
          setFeeOffer(null);
          if (error instanceof ApiError && error.code === BELOW_MINIMUM_ERROR_CODE) {
            setFeeOffer({ message: error.message, fee: location.min_stock_delivery_charge });
            return;
          }
          setProblem(error.message);
          if (error instanceof ApiError && error.status === 409) void list.refetch();
        },
      },
    );
  };

  return {
    list,
    save,
    items,
    quantities,
    chosen,
    beforeFee,
    minimum,
    carriedFee,
    priced,
    recommended,
    setQty,
    fillRecommended,
    submit,
    problem,
    dismissProblem: () => setProblem(null),
    feeOffer,
    closeFeeOffer: () => setFeeOffer(null),
    placed,
    closePlaced: () => setPlaced(null),
    viewHistory: () => navigate(historyPath),
  };
}
