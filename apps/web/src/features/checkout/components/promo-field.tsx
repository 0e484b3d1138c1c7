import { Badge, Button, Group, TextInput } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import type { FormEvent, ReactNode } from 'react';

interface PromoFieldProps {
  applied: string | null;
  /** The code being typed. */
  code: string;
  onCode: (code: string) => void;
  onApply: (code: string) => void;
  onRemove: () => void;
  checking: boolean;
  error: ReactNode;
  disabled: boolean;
}

/** A promo code, checked by the server when applied. */
export function PromoField({
  applied,
  code,
  onCode,
  onApply,
  onRemove,
  checking,
  error,
  disabled,
}: PromoFieldProps) {
  if (applied) {
    return (
      <Group gap="sm">
        <Badge
          size="lg"
          variant="light"
          color="green"
          c="dark.8"
          radius="sm"
          tt="none"
          leftSection={<IconCheck aria-hidden size={14} />}
        >
          Promo code {applied} applied
        </Badge>
        <Button variant="subtle" size="compact-sm" onClick={onRemove} disabled={disabled}>
          Remove promo code
        </Button>
      </Group>
    );
  }

  const apply = (event: FormEvent) => {
    event.preventDefault();
    if (code.trim()) onApply(code.trim().toUpperCase());
  };

  // A form of its own inside the checkout would nest forms, so Enter is handled here instead.
  return (
    <Group align="flex-start" gap="sm">
      <TextInput
        label="Promo code"
        value={code}
        onChange={(event) => onCode(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') apply(event);
        }}
        error={error}
        autoComplete="off"
        maxLength={40}
        disabled={disabled}
        flex={1}
      />
      <Button
        variant="default"
        mt={25}
        onClick={apply}
        loading={checking}
        disabled={disabled || !code.trim()}
      >
        Apply
      </Button>
    </Group>
  );
}
