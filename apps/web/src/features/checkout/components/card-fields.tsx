import { Alert, Fieldset, Group, Text, TextInput } from '@mantine/core';
import { IconCreditCard } from '@tabler/icons-react';
import type { FieldErrors } from '../../../lib/schema-errors';

export interface CardDetails {
  card_number: string;
  expiry: string;
  cvc: string;
  name: string;
}

export const EMPTY_CARD: CardDetails = { card_number: '', expiry: '', cvc: '', name: '' };

interface CardFieldsProps {
  value: CardDetails;
  onChange: (value: CardDetails) => void;
  errors: FieldErrors;
  disabled: boolean;
}

/** Groups of four digits, as printed on the card. */
function formatCardNumber(input: string): string {
  return input
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** "0427" -> "04/27": the slash comes by itself. */
function formatExpiry(input: string, previous: string): string {
  const digits = input.replace(/\D/g, '').slice(0, 4);
  // Deleting the slash deletes the month's last digit too, so backspace never gets stuck on it.
  if (input.length < previous.length && previous.endsWith('/') && !input.includes('/')) {
    return digits.slice(0, 1);
  }
  return digits.length >= 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

/** Payments go through the local test provider unless the build says live. */
const TEST_CARDS = import.meta.env.VITE_CARD_PAYMENTS !== 'live';

/** Card number, expiry, security code and name on the card. */
export function CardFields({ value, onChange, errors, disabled }: CardFieldsProps) {
  const set = (patch: Partial<CardDetails>) => onChange({ ...value, ...patch });
  return (
    <Fieldset legend="Card details" disabled={disabled}>
      {TEST_CARDS && (
        <Alert variant="light" color="gray" icon={<IconCreditCard aria-hidden />} mb="md" p="sm">
          <Text size="sm">
            Test payments: card 4242 4242 4242 4242 is accepted and 4000 0000 0000 0002 is declined, with any
            future expiry and any security code.
          </Text>
        </Alert>
      )}
      <TextInput
        label="Card number"
        inputMode="numeric"
        autoComplete="cc-number"
        value={value.card_number}
        onChange={(event) => set({ card_number: formatCardNumber(event.currentTarget.value) })}
        error={errors.card_number}
        required
      />
      <Group grow mt="sm" align="flex-start">
        <TextInput
          label="Expiry (MM/YY)"
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="MM/YY"
          value={value.expiry}
          onChange={(event) => set({ expiry: formatExpiry(event.currentTarget.value, value.expiry) })}
          error={errors.expiry}
          required
        />
        <TextInput
          label="Security code (CVC)"
          inputMode="numeric"
          autoComplete="cc-csc"
          value={value.cvc}
          onChange={(event) => set({ cvc: event.currentTarget.value.replace(/\D/g, '').slice(0, 4) })}
          error={errors.cvc}
          required
        />
      </Group>
      <TextInput
        label="Name on card"
        autoComplete="cc-name"
        mt="sm"
        value={value.name}
        onChange={(event) => set({ name: event.currentTarget.value })}
        error={errors.name}
        required
      />
    </Fieldset>
  );
}

/** The card's problems in words a customer understands, or none. */
export function checkCard(card: CardDetails, now: Date): FieldErrors {
  const errors: FieldErrors = {};
  const digits = card.card_number.replace(/\D/g, '');
  if (digits.length < 12 || digits.length > 19)
    errors.card_number = 'Enter the 12 to 19 digits of your card number.';
  const expiry = /^(0[1-9]|1[0-2])\/(\d{2})$/.exec(card.expiry);
  if (!expiry) errors.expiry = 'Enter the expiry as MM/YY.';
  else {
    const lastMonth = new Date(2000 + Number(expiry[2]), Number(expiry[1]), 1);
    if (lastMonth.getTime() <= now.getTime()) errors.expiry = 'This card has expired.';
  }
  if (!/^\d{3,4}$/.test(card.cvc)) errors.cvc = 'Enter the 3 or 4 digit security code.';
  if (!card.name.trim()) errors.name = 'Enter the name on the card.';
  return errors;
}
