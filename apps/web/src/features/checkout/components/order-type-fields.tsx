import { formatAUD, type KitchacoLocation, type OrderType, toMills } from '@kitchaco/domain';
import { Fieldset, Radio, Stack, TextInput } from '@mantine/core';

interface OrderTypeFieldsProps {
  location: KitchacoLocation;
  orderType: OrderType;
  onOrderType: (value: OrderType) => void;
  address: string;
  onAddress: (value: string) => void;
  addressError: string | null;
  disabled: boolean;
}

/** Pickup at the location, or delivery to an address. */
export function OrderTypeFields(props: OrderTypeFieldsProps) {
  const { location, orderType, onOrderType, address, onAddress, addressError, disabled } = props;
  return (
    <Fieldset legend="Pickup or delivery" disabled={disabled}>
      <Stack gap="sm">
        <Radio
          name="order-type"
          value="pickup"
          checked={orderType === 'pickup'}
          onChange={() => onOrderType('pickup')}
          label={`Pickup at ${location.name}`}
          description={location.location}
        />
        <Radio
          name="order-type"
          value="delivery"
          checked={orderType === 'delivery'}
          onChange={() => onOrderType('delivery')}
          label="Delivery"
          description={`Delivered from ${location.name}; delivery charge ${formatAUD(toMills(location.delivery_charge))}, shown in the summary`}
        />
        {orderType === 'delivery' && (
          <TextInput
            label="Delivery address"
            autoComplete="street-address"
            placeholder="Street, suburb and postcode"
            value={address}
            onChange={(event) => onAddress(event.currentTarget.value)}
            error={addressError}
            maxLength={300}
            required
          />
        )}
      </Stack>
    </Fieldset>
  );
}
