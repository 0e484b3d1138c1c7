import { Button, CopyButton, Group, Modal, Stack, Text, TextInput } from '@mantine/core';

export interface TemporaryPassword {
  /** Whom it is for, as the super admin reads it. */
  name: string;
  password: string;
}

interface TemporaryPasswordModalProps {
  shown: TemporaryPassword | null;
  onClose: () => void;
}

/** The temporary password of a new or reset account, shown this once to hand over. */
export function TemporaryPasswordModal({ shown, onClose }: TemporaryPasswordModalProps) {
  return (
    <Modal opened={shown !== null} onClose={onClose} title="Temporary password" centered>
      {shown && (
        <Stack>
          <Group align="end" wrap="nowrap">
            <TextInput
              label={`Temporary password for ${shown.name}`}
              value={shown.password}
              readOnly
              onFocus={(e) => e.currentTarget.select()}
              styles={{ input: { fontFamily: 'monospace' } }}
              style={{ flex: 1 }}
            />
            <CopyButton value={shown.password}>
              {({ copied, copy }) => (
                <Button
                  variant={copied ? 'light' : 'filled'}
                  color={copied ? 'teal' : undefined}
                  onClick={copy}
                >
                  {copied ? 'Copied' : 'Copy'}
                </Button>
              )}
            </CopyButton>
          </Group>
          <Text>
            Give this password to {shown.name}; they choose their own at first sign-in. It is not shown again.
          </Text>
          <Group justify="end">
            <Button variant="default" onClick={onClose}>
              Done
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
