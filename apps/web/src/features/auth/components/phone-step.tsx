import {
  AUTH_MESSAGES,
  normalisePhone,
  PHONE_COUNTRIES,
  type PhoneCountry,
  SMS_CODE_LENGTH,
} from '@kitchaco/domain';
import { Button, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { isApiError } from '../../../api';
import { useSendSms } from '../api/send-sms';

const PLACEHOLDERS: Record<PhoneCountry, string> = { AU: '0412 345 678', GB: '07400 123456' };

interface PhoneStepProps {
  /** Called with the number in international form once a code was requested. */
  onCodeRequested: (phone: string) => void;
}

/** Step 1 of the customer sign-in: an Australian or UK mobile number. */
export function PhoneStep({ onCodeRequested }: PhoneStepProps) {
  const [country, setCountry] = useState<PhoneCountry>('AU');
  const [number, setNumber] = useState('');
  const [error, setError] = useState<string | null>(null);
  const sendSms = useSendSms();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const phone = normalisePhone(number, country);
    if (!phone) {
      setError(AUTH_MESSAGES.phoneInvalid);
      return;
    }
    setError(null);
    sendSms.mutate(
      { phone },
      {
        onSuccess: () => onCodeRequested(phone),
        onError: (failure) => {
          console.warn('Sending the sign-in code failed', failure);
          if (isApiError(failure, 400)) setError(AUTH_MESSAGES.phoneInvalid);
          else if (isApiError(failure, 429)) setError(AUTH_MESSAGES.tooManyAttempts);
          // The spec only logs other send failures; the code step offers to send a new code.
          else onCodeRequested(phone);
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Text>Enter your mobile number and we will text you a {SMS_CODE_LENGTH}-digit code.</Text>
        <Group align="flex-start" wrap="nowrap" gap="sm">
          <NativeSelect
            label="Country"
            data={PHONE_COUNTRIES.map((c) => ({ value: c.code, label: c.label }))}
            value={country}
            onChange={(event) => setCountry(event.currentTarget.value as PhoneCountry)}
            w={200}
          />
          <TextInput
            label="Mobile number"
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            placeholder={PLACEHOLDERS[country]}
            value={number}
            onChange={(event) => setNumber(event.currentTarget.value)}
            error={error}
            data-autofocus
            required
            flex={1}
          />
        </Group>
        <Button type="submit" loading={sendSms.isPending}>
          Send code
        </Button>
      </Stack>
    </form>
  );
}
