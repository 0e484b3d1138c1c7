import { DEVICE_CODE_MINUTES } from '@kitchaco/domain';
import { Alert, Button, Group, Loader, Modal, Paper, Stack, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import type { DeviceCode, useCreateDeviceCode } from '../api/create-device-code';
import type { Kiosk } from '../lib/terminal-status';

export interface KioskTarget {
  id: number;
  username: string;
  location: string;
}

interface DeviceCodeModalProps {
  /** The kiosk a code is being created for; null closes the modal. */
  kiosk: KioskTarget | null;
  /** The kiosk as the list last read it (every 5 s while its code waits): says when it pairs. */
  terminal?: Kiosk;
  /** The create_device_code call, reset by the caller before the modal opens. */
  create: ReturnType<typeof useCreateDeviceCode>;
  /** Closing before a code was created: nothing changed. */
  onCancel: () => void;
  /** OK after the code was shown: the list is read again, so it shows the new code. */
  onDone: () => void;
}

/**
 * The card terminal code flow of the spec: confirm, then the device code (large, with the time left
 * to type it on the terminal); OK reloads the list. One modal for both steps, so focus stays put.
 */
export function DeviceCodeModal({ kiosk, terminal, create, onCancel, onDone }: DeviceCodeModalProps) {
  // Kept while the modal closes, so its text does not vanish mid-way.
  const [shown, setShown] = useState<KioskTarget | null>(kiosk);
  if (kiosk && kiosk !== shown) setShown(kiosk);
  const code = create.data ?? null;

  const close = code ? onDone : onCancel;
  const confirm = () => {
    if (kiosk) create.mutate({ kioskId: kiosk.id, kioskName: kiosk.username });
  };

  return (
    <Modal
      opened={kiosk !== null}
      onClose={close}
      title={code ? 'Square device code' : 'Create a Square device code'}
      centered
      closeOnClickOutside={!create.isPending}
      closeOnEscape={!create.isPending}
    >
      {code && shown ? (
        <CodeStep
          code={code}
          kiosk={shown}
          paired={terminal?.terminal_status === 'paired' ? terminal : null}
          onOk={onDone}
        />
      ) : (
        <Stack>
          <Text>
            Create a device code for <strong>{shown?.username}</strong> at {shown?.location}? The kiosk's card
            terminal signs in with it, and it replaces any code the kiosk had.
          </Text>
          {create.error && (
            // Square's own reason ("Location `X` not found"), as the server passes it on.
            <Alert color="red" variant="light" role="alert" title="No code was created">
              {create.error.message}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel} disabled={create.isPending}>
              Cancel
            </Button>
            <Button onClick={confirm} loading={create.isPending} data-autofocus>
              {create.error ? 'Try again' : 'Create code'}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

function CodeStep({
  code,
  kiosk,
  paired,
  onOk,
}: {
  code: DeviceCode;
  kiosk: KioskTarget;
  /** The kiosk once its terminal paired with this code. */
  paired: Kiosk | null;
  onOk: () => void;
}) {
  const left = useSecondsUntil(code.pairBy);
  return (
    <Stack>
      <Text>
        Type this code on the card terminal of <strong>{kiosk.username}</strong> ({kiosk.location}), under
        Sign in with device code.
      </Text>
      <Paper withBorder bg="gray.0" py="lg" ta="center">
        <Text
          component="output"
          aria-label="Device code"
          ff="monospace"
          fw={700}
          fz={44}
          lh={1.1}
          style={{ letterSpacing: '0.2em', display: 'block' }}
        >
          {code.code}
        </Text>
      </Paper>
      <Text>Valid for {DEVICE_CODE_MINUTES} minutes.</Text>
      {paired ? (
        <Alert
          color="green"
          variant="light"
          role="status"
          icon={<IconCircleCheck aria-hidden size={20} />}
          title="The terminal is paired"
        >
          Device {paired.square_terminal_device_id} signed in with this code: {kiosk.username} takes card
          payments through it.
        </Alert>
      ) : left > 0 ? (
        <Stack gap={4}>
          <Text role="timer" aria-label={`Time left: ${formatSeconds(left)}`} fw={600}>
            Expires in {formatSeconds(left)}
          </Text>
          <Group gap="xs">
            <Loader size="xs" type="dots" aria-hidden />
            <Text size="sm" c="dimmed">
              Waiting for the code to be entered on the terminal…
            </Text>
          </Group>
        </Stack>
      ) : (
        <Alert color="orange" variant="light" role="alert" title="This code has expired">
          Create a new code for this kiosk if the terminal did not sign in.
        </Alert>
      )}
      <Group justify="flex-end">
        <Button onClick={onOk} data-autofocus>
          OK
        </Button>
      </Group>
    </Stack>
  );
}

/** Whole seconds from now until `at` (0 once passed), updated every second. */
function useSecondsUntil(at: Date): number {
  const [left, setLeft] = useState(() => secondsUntil(at));
  useEffect(() => {
    const tick = () => setLeft(secondsUntil(at));
    tick();
    const timer = window.setInterval(tick, 1000);
    return () => window.clearInterval(timer);
  }, [at]);
  return left;
}

function secondsUntil(at: Date): number {
  return Math.max(0, Math.ceil((at.getTime() - Date.now()) / 1000));
}

/** 299 -> "4:59". */
function formatSeconds(total: number): string {
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  return `${minutes}:${String(seconds).padStart(2, '0')}`;
}
