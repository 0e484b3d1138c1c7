import {
  computeInvoice,
  INVOICE_CHANNELS,
  type Invoice,
  type InvoiceChannel,
  type InvoiceFigures,
  MISC_CHARGE_SLOTS,
  type MiscChargeWire,
  miscChargeWire,
  toMills,
} from '@kitchaco/domain';

/** One miscellaneous charge slot as typed: the amount as the number input holds it ('' when empty). */
export interface MiscSlot {
  label: string;
  gross: number | string;
  has_gst: boolean;
}

/** What the super admin chooses on the invoice before approving. */
export interface InvoiceChoices {
  misc: MiscSlot[];
  less_in_store_cash_sales: boolean;
  less_in_store_card_sales: boolean;
}

const emptySlot = (): MiscSlot => ({ label: '', gross: '', has_gst: false });

/** The choices an invoice opens with: its saved charges (once approved) in the first slots, then empty ones. */
export function initialChoices(report: {
  invoice: InvoiceFigures;
  less_in_store_cash_sales: boolean;
  less_in_store_card_sales: boolean;
}): InvoiceChoices {
  const misc = report.invoice.misc
    .slice(0, MISC_CHARGE_SLOTS)
    .map((m): MiscSlot => ({ label: m.label, gross: m.gross, has_gst: m.has_gst }));
  while (misc.length < MISC_CHARGE_SLOTS) misc.push(emptySlot());
  return {
    misc,
    less_in_store_cash_sales: report.less_in_store_cash_sales,
    less_in_store_card_sales: report.less_in_store_card_sales,
  };
}

function isBlank(slot: MiscSlot): boolean {
  return slot.label.trim() === '' && (slot.gross === '' || slot.gross === 0);
}

/** A slot's amount in dollars, or null when what is typed is not an amount. */
function amountOf(slot: MiscSlot): number | null {
  if (slot.gross === '') return 0;
  const n = typeof slot.gross === 'number' ? slot.gross : Number(slot.gross);
  return Number.isFinite(n) ? n : null;
}

export interface CheckedMisc {
  /** The charges to send, empty slots left out (the server and computeInvoice drop them alike). */
  wire: MiscChargeWire[];
  /** Per slot, the domain schema's message for what is wrong with it. */
  errors: (string | null)[];
}

/** Checks every slot with the same schema the server uses. */
export function checkMisc(slots: readonly MiscSlot[]): CheckedMisc {
  const wire: MiscChargeWire[] = [];
  const errors = slots.map((slot) => {
    if (isBlank(slot)) return null;
    const gross = amountOf(slot);
    const parsed = miscChargeWire.safeParse({
      label: slot.label,
      gross: gross ?? Number.NaN,
      has_gst: slot.has_gst,
    });
    if (!parsed.success) return parsed.error.issues[0]?.message ?? 'Check this charge';
    wire.push(parsed.data);
    return null;
  });
  return { wire, errors };
}

/**
 * The invoice recomputed with the screen's choices, from the figures the server sent, by the same
 * domain function the server approves with: the payout on screen is the payout approved.
 */
export function invoiceWithChoices(
  figures: InvoiceFigures,
  choices: InvoiceChoices,
  misc: CheckedMisc,
): Invoice {
  const rates = Object.fromEntries(
    INVOICE_CHANNELS.map((c) => [c, figures.commissions[c]?.rate ?? '0']),
  ) as Record<InvoiceChannel, string>;
  const sales = Object.fromEntries(
    Object.entries(figures.sales).map(([k, v]) => [k, toMills(v)]),
  ) as Invoice['sales'];
  return computeInvoice({
    sales,
    stock: {
      gross: toMills(figures.stock.gross),
      gst: toMills(figures.stock.gst),
      delivery_charge: toMills(figures.stock.delivery_charge),
      admin_adjustment: toMills(figures.stock.admin_adjustment),
    },
    rates,
    misc: misc.wire.map((m) => ({ label: m.label, gross: toMills(m.gross), has_gst: m.has_gst })),
    less_in_store_cash_sales: choices.less_in_store_cash_sales,
    less_in_store_card_sales: choices.less_in_store_card_sales,
    // Carried lines counted in the payout (reconciliation, paid invoices' adjustment notes), as the server counts them.
    carried: (figures.carried ?? []).map((m) => ({
      label: m.label,
      gross: toMills(m.gross),
      has_gst: m.has_gst,
    })),
  });
}

/** A rate as the server keeps it ("0.3000") as a percentage ("30%"; "0.125" is "12.5%"), without float noise. */
export function formatRate(rate: string): string {
  const [whole = '0', fraction = ''] = rate.split('.');
  const padded = fraction.padEnd(2, '0');
  const rest = padded.slice(2).replace(/0+$/, '');
  return `${Number(`${whole}${padded.slice(0, 2)}`)}${rest ? `.${rest}` : ''}%`;
}
