import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import type { CustomerSession } from '../../../lib/session/customer-session';
import { useCustomerSession } from '../../../lib/session/use-customer-session';
import { LazyCustomerLoginModal } from './lazy-dialogs';

interface SignInGateProps {
  title: string;
  text: string;
  /** Open the sign-in at once (checkout asks straight away). */
  openAtStart?: boolean;
  children: (session: CustomerSession) => ReactNode;
}

/**
 * A page for signed-in customers: signed out, it shows why and a Sign In button instead. The sign-in
 * modal stays mounted once the session exists, so it can finish (ask for the profile, or reload) and
 * the customer carries on where they were.
 */
export function SignInGate({ title, text, openAtStart = false, children }: SignInGateProps) {
  const session = useCustomerSession();
  const [opened, setOpened] = useState(openAtStart && session === null);
  return (
    <>
      {session ? (
        children(session)
      ) : (
        <Paper withBorder radius="md" p="xl" maw={560}>
          <Stack gap="md" align="flex-start">
            <Title order={1} fz="h2">
              {title}
            </Title>
            <Text>{text}</Text>
            <Button onClick={() => setOpened(true)}>Sign In</Button>
          </Stack>
        </Paper>
      )}
      <LazyCustomerLoginModal opened={opened} onClose={() => setOpened(false)} />
    </>
  );
}
