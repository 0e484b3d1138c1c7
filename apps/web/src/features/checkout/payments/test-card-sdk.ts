import { type FieldProblem, standInToken, type TypedCard } from './sandbox-cards';
import classes from './test-card-form.module.css';
import type { Card, CardField, Payments, TokenResult } from './web-payments-sdk';

/**
 * The demo's stand-in of Square's Web Payments SDK (PAYMENTS_PROVIDER=test): the same `card()`,
 * `attach`, `tokenize`, `focus` and `destroy` as Square's (./web-payments-sdk.ts), so checkout runs
 * the code it runs with Square. Where Square shows its card form in a frame of its own, this one
 * renders plain labelled fields into the element it is attached to; what is typed stays in them
 * and is never sent anywhere: `tokenize()` answers the one-time token Square's sandbox gives for the
 * same test values (./sandbox-cards.ts), and only that token reaches the server. Loaded only for
 * the test provider, in a chunk of its own.
 */
export function testPayments(): Payments {
  return { card: async () => testCard() };
}

interface FieldSpec {
  field: CardField;
  label: string;
  placeholder?: string;
  maxLength: number;
  /** Each keystroke's value, tidied as the customer types. */
  tidy: (value: string, previous: string) => string;
  wide?: boolean;
}

/** Groups of four digits (American Express and Diners Club: 4-6-5 and 4-6-4, as printed). */
function formatNumber(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 19);
  if (/^3[0478]/.test(digits)) {
    return [digits.slice(0, 4), digits.slice(4, 10), digits.slice(10, 15)].filter(Boolean).join(' ');
  }
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** "0427" -> "04/27"; deleting the slash deletes the month's last digit too, so backspace never sticks. */
function formatExpiry(value: string, previous: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  if (value.length < previous.length && previous.endsWith('/') && !value.includes('/'))
    return digits.slice(0, 1);
  return digits.length >= 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

const FIELDS: FieldSpec[] = [
  { field: 'cardNumber', label: 'Card number', maxLength: 23, tidy: formatNumber, wide: true },
  {
    field: 'expirationDate',
    label: 'Expiry (MM/YY)',
    placeholder: 'MM/YY',
    maxLength: 5,
    tidy: formatExpiry,
  },
  {
    field: 'cvv',
    label: 'Security code (CVV)',
    maxLength: 4,
    tidy: (value) => value.replace(/\D/g, '').slice(0, 4),
  },
  {
    field: 'postalCode',
    label: 'Postcode',
    maxLength: 10,
    tidy: (value) => value.replace(/[^A-Za-z0-9 -]/g, '').slice(0, 10),
  },
];

let instances = 0;

function testCard(): Card {
  const id = `test-card-${++instances}`;
  const inputs = new Map<CardField, HTMLInputElement>();
  const errors = new Map<CardField, HTMLElement>();
  let root: HTMLElement | null = null;
  let destroyed = false;

  const showProblem = (field: CardField, message: string | null) => {
    const input = inputs.get(field);
    const error = errors.get(field);
    if (!input || !error) return;
    error.textContent = message ?? '';
    error.hidden = message === null;
    input.classList.toggle(classes.invalid ?? '', message !== null);
    if (message === null) {
      input.removeAttribute('aria-invalid');
      input.removeAttribute('aria-describedby');
    } else {
      input.setAttribute('aria-invalid', 'true');
      input.setAttribute('aria-describedby', error.id);
    }
  };

  const build = (): HTMLElement => {
    const form = document.createElement('div');
    form.className = classes.form ?? '';
    form.dataset.testCardForm = '';
    for (const spec of FIELDS) {
      const wrapper = document.createElement('div');
      wrapper.className = `${classes.field ?? ''} ${spec.wide ? (classes.wide ?? '') : ''}`;
      const label = document.createElement('label');
      label.className = classes.label ?? '';
      label.htmlFor = `${id}-${spec.field}`;
      label.textContent = spec.label;
      const input = document.createElement('input');
      input.id = `${id}-${spec.field}`;
      input.className = classes.input ?? '';
      input.type = 'text';
      input.inputMode = spec.field === 'postalCode' ? 'text' : 'numeric';
      // Test mode: a browser must never fill in a real card here.
      input.autocomplete = 'off';
      input.spellcheck = false;
      input.maxLength = spec.maxLength;
      input.setAttribute('aria-required', 'true');
      if (spec.placeholder) input.placeholder = spec.placeholder;
      let previous = '';
      input.addEventListener('input', () => {
        const tidy = spec.tidy(input.value, previous);
        if (tidy !== input.value) input.value = tidy;
        previous = tidy;
        showProblem(spec.field, null);
      });
      const error = document.createElement('p');
      error.id = `${id}-${spec.field}-error`;
      error.className = classes.error ?? '';
      error.hidden = true;
      wrapper.append(label, input, error);
      form.append(wrapper);
      inputs.set(spec.field, input);
      errors.set(spec.field, error);
    }
    return form;
  };

  const usable = () => {
    if (destroyed) throw new Error('PaymentMethodAlreadyDestroyedError: the card was destroyed');
    if (!root) throw new Error('PaymentMethodNotAttachedError: the card is not attached');
    return root;
  };

  return {
    async attach(target) {
      if (destroyed) throw new Error('PaymentMethodAlreadyDestroyedError: the card was destroyed');
      const element = typeof target === 'string' ? document.querySelector<HTMLElement>(target) : target;
      if (!element) throw new Error(`No element ${String(target)} to attach the card to`);
      root = element;
      root.replaceChildren(build());
    },
    async tokenize(): Promise<TokenResult> {
      usable();
      const value = (field: CardField) => inputs.get(field)?.value ?? '';
      const typed: TypedCard = {
        number: value('cardNumber'),
        expiry: value('expirationDate'),
        cvv: value('cvv'),
        postalCode: value('postalCode'),
      };
      const result = standInToken(typed, new Date());
      for (const spec of FIELDS) showProblem(spec.field, null);
      if (!result.ok) {
        for (const problem of result.problems) showProblem(problem.field, problem.message);
        return { status: 'Invalid', errors: result.problems.map(validationError) };
      }
      const digits = typed.number.replace(/\D/g, '');
      const [month, year] = typed.expiry.split('/').map(Number);
      return {
        status: 'OK',
        token: result.token,
        details: {
          method: 'Card',
          card: {
            brand: result.brand,
            last4: digits.slice(-4),
            expMonth: month ?? 0,
            expYear: 2000 + (year ?? 0),
          },
        },
      };
    },
    async focus(field) {
      usable();
      const input = inputs.get(field);
      input?.focus();
      return input !== undefined;
    },
    async destroy() {
      if (destroyed) return false;
      destroyed = true;
      root?.replaceChildren();
      root = null;
      return true;
    },
  };
}

const validationError = (problem: FieldProblem) => ({
  type: 'ValidationError',
  field: problem.field,
  message: problem.message,
});
