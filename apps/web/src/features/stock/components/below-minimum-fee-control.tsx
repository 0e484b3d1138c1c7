import { formatAUD, type Mills } from '@kitchaco/domain';
import { Button, Group, Text } from '@mantine/core';

interface FeeControlProps {
  fee: Mills;
  adjustment: Mills;
  locationFee: Mills | null;
  onRemove: () => void;
  onAdd: () => void;
  onUndo: () => void;
  disabled: boolean;
}

/** The below-minimum fee decision: remove the order's fee, add the location's, or undo. */
export function FeeControl({
  fee,
  adjustment,
  locationFee,
  onRemove,
  onAdd,
  onUndo,
  disabled,
}: FeeControlProps) {
  if (fee > 0) {
    if (adjustment === -fee) {
      return (
        <Group justify="space-between">
          <Text>The {formatAUD(fee)} fee is removed from this order.</Text>
          <Button variant="default" size="xs" onClick={onUndo} disabled={disabled}>
            Keep the fee
          </Button>
        </Group>
      );
    }
    return (
      <Group justify="space-between">
        <Text>This order carries a below-minimum fee of {formatAUD(fee)}.</Text>
        <Button variant="default" c="red.9" size="xs" onClick={onRemove} disabled={disabled}>
          Remove below-minimum fee
        </Button>
      </Group>
    );
  }
  if (adjustment > 0) {
    return (
      <Group justify="space-between">
        <Text>A below-minimum fee of {formatAUD(adjustment)} is added to this order.</Text>
        <Button variant="default" size="xs" onClick={onUndo} disabled={disabled}>
          Don't add the fee
        </Button>
      </Group>
    );
  }
  return (
    <Group justify="space-between">
      <Text>
        {locationFee === null
          ? "This order has no below-minimum fee. The location's fee is not known, so none can be added."
          : `This order has no below-minimum fee (the location's fee is ${formatAUD(locationFee)}).`}
      </Text>
      <Button variant="default" size="xs" onClick={onAdd} disabled={disabled || locationFee === null}>
        Add below-minimum fee
      </Button>
    </Group>
  );
}
