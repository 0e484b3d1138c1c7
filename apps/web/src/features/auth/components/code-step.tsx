import { AUTH_MESSAGES, formatPhoneNational, SMS_CODE_LENGTH } from '@kitchaco/domain';
import { Alert, Anchor, Group, PinInput, Stack, Text } from '@mantine/core';
import { useEffect, useId, useRef, useState } from 'react';
import { useSendSms } from '../api/send-sms';
import { type CustomerSignIn, useCustomerSignIn } from '../hooks/use-customer-sign-in';

interface CodeStepProps {
  phone: string;
  onChangeNumber: () => void;
  onSignedIn: (result: CustomerSignIn) => void;
}

/** Step 2 of the customer sign-in: the 4-digit code, checked as soon as the last digit is typed. */
export function CodeStep({ phone, onChangeNumber, onSignedIn }: CodeStepProps) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [failures, setFailures] = useState(0);
  const [resent, setResent] = useState(false);
  const firstInput = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const signIn = useCustomerSignIn();
  const resend = useSendSms();

  // After a wrong code the digits are cleared and typing starts again at the first one.
  useEffect(() => {
    if (failures > 0) firstInput.current?.focus();
  }, [failures]);

  const submit = (value: string) => {
    setError(null);
    signIn.mutate(
      { phone, code: value },
      {
        onSuccess: onSignedIn,
        onError: (failure) => {
          console.warn('Customer sign-in failed', failure);
          setError(AUTH_MESSAGES.tryAgain);
          setCode('');
          setFailures((count) => count + 1);
        },
      },
    );
  };

  const sendNewCode = () => {
    setError(null);
    setResent(false);
    resend.mutate(
      { phone },
      {
        onSuccess: () => setResent(true),
        onError: (failure) => console.warn('Sending a new sign-in code failed', failure),
      },
    );
  };

  return (
    <Stack>
      <Text id={hintId}>
        Enter the {SMS_CODE_LENGTH}-digit code we sent to {formatPhoneNational(phone)}.
      </Text>
      <PinInput
        ref={firstInput}
        length={SMS_CODE_LENGTH}
        type="number"
        oneTimeCode
        autoFocus
        value={code}
        onChange={setCode}
        onComplete={submit}
        readOnly={signIn.isPending}
        error={error !== null}
        size="lg"
        aria-label="Verification code"
        aria-describedby={hintId}
        getInputProps={(index) => ({ 'aria-label': `Digit ${index + 1} of ${SMS_CODE_LENGTH}` })}
      />
      {signIn.isPending && <Text role="status">Signing you in…</Text>}
      {resent && <Text role="status">A new code is on its way.</Text>}
      {error && (
        <Alert color="red" variant="light">
          {error}
        </Alert>
      )}
      <Group gap="lg">
        <Anchor component="button" type="button" onClick={sendNewCode} disabled={resend.isPending}>
          Send a new code
        </Anchor>
        <Anchor component="button" type="button" onClick={onChangeNumber}>
          Change number
        </Anchor>
      </Group>
    </Stack>
  );
}
