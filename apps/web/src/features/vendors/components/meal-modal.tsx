import { cartLineTotal, formatAUD, type MenuMeal, toMills, type Vendor } from '@kitchaco/domain';
import {
  Alert,
  Button,
  Checkbox,
  Fieldset,
  Group,
  Image,
  Modal,
  NumberInput,
  Radio,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { type FormEvent, useId, useState } from 'react';
import { MAX_LINE_QUANTITY, MAX_SPECIAL_REQUEST_LENGTH, type NewCartLine } from '../../../lib/cart/cart';

interface MealModalProps {
  /** The meal shown; it stays set while the modal closes, so the closing modal keeps its content. */
  meal: MenuMeal | null;
  opened: boolean;
  /** Changes each time the modal opens, so the choices start afresh. */
  openCount: number;
  vendor: Vendor;
  onClose: () => void;
  onAdd: (line: NewCartLine) => void;
  /** Why nothing can be added right now (another location's cart, another location's brand). */
  blockedReason: string | null;
}

const hasImage = (src: string | null) =>
  Boolean(src && src.trim() !== '' && src.trim().toUpperCase() !== 'NULL');

/** A meal's options: one sub-item (required when offered), any paid extras, quantity and a request. */
export function MealModal({
  meal,
  opened,
  openCount,
  vendor,
  onClose,
  onAdd,
  blockedReason,
}: MealModalProps) {
  return (
    <Modal opened={opened && meal !== null} onClose={onClose} title={meal?.meal_name} size="lg" centered>
      {meal && (
        <MealForm
          key={`${meal.id}-${openCount}`}
          meal={meal}
          vendor={vendor}
          onAdd={onAdd}
          blockedReason={blockedReason}
        />
      )}
    </Modal>
  );
}

type MealFormProps = Pick<MealModalProps, 'vendor' | 'onAdd' | 'blockedReason'> & { meal: MenuMeal };

function MealForm({ meal, vendor, onAdd, blockedReason }: MealFormProps) {
  const [subitemId, setSubitemId] = useState<string | null>(null);
  const [comboIds, setComboIds] = useState<string[]>([]);
  const [quantity, setQuantity] = useState(1);
  const [specialRequest, setSpecialRequest] = useState('');
  const [subitemError, setSubitemError] = useState<string | null>(null);
  const subitemErrorId = useId();

  const combos = meal.meal_combo.filter((c) => comboIds.includes(String(c.id)));
  const total = cartLineTotal(
    toMills(meal.meal_price),
    combos.map((c) => toMills(c.price)),
    quantity,
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (blockedReason) return;
    const subitem = meal.meal_subitem.find((s) => String(s.id) === subitemId) ?? null;
    if (meal.meal_subitem.length > 0 && !subitem) {
      setSubitemError('Please choose one option.');
      return;
    }
    onAdd({
      mealId: meal.id,
      vendorId: vendor.id,
      vendorTitle: vendor.title,
      name: meal.meal_name,
      unitPrice: meal.meal_price,
      subitem: subitem && { id: subitem.id, name: subitem.name },
      combos: combos.map((c) => ({ id: c.id, name: c.name, price: c.price })),
      quantity,
      specialRequest: specialRequest.trim(),
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {hasImage(meal.meal_image) && <Image src={meal.meal_image} alt="" radius="md" h={200} fit="cover" />}
        {meal.description && <Text>{meal.description}</Text>}
        <Text fw={700}>{formatAUD(toMills(meal.meal_price))} each</Text>

        {meal.meal_subitem.length > 0 && (
          <Fieldset
            legend="Choose one (required)"
            aria-describedby={subitemError ? subitemErrorId : undefined}
          >
            <Stack gap="xs">
              {meal.meal_subitem.map((subitem, index) => (
                <Radio
                  key={subitem.id}
                  name={`subitem-${meal.id}`}
                  value={String(subitem.id)}
                  label={subitem.name}
                  checked={subitemId === String(subitem.id)}
                  onChange={() => {
                    setSubitemId(String(subitem.id));
                    setSubitemError(null);
                  }}
                  data-autofocus={index === 0 || undefined}
                />
              ))}
            </Stack>
            {subitemError && (
              <Text id={subitemErrorId} c="red.9" size="sm" mt="xs" role="alert">
                {subitemError}
              </Text>
            )}
          </Fieldset>
        )}

        {meal.meal_combo.length > 0 && (
          <Fieldset legend="Extras (optional)">
            <Checkbox.Group value={comboIds} onChange={setComboIds}>
              <Stack gap="xs">
                {meal.meal_combo.map((combo) => (
                  <Checkbox
                    key={combo.id}
                    value={String(combo.id)}
                    label={`${combo.name} (+${formatAUD(toMills(combo.price))})`}
                  />
                ))}
              </Stack>
            </Checkbox.Group>
          </Fieldset>
        )}

        <Group align="flex-start" grow>
          <NumberInput
            label="Quantity"
            min={1}
            max={MAX_LINE_QUANTITY}
            clampBehavior="strict"
            allowDecimal={false}
            allowNegative={false}
            value={quantity}
            onChange={(value) => setQuantity(typeof value === 'number' && value >= 1 ? value : 1)}
            maw={160}
          />
        </Group>

        <Textarea
          label="Special request"
          description={`${specialRequest.length}/${MAX_SPECIAL_REQUEST_LENGTH} characters`}
          placeholder="For example: no onion, sauce on the side"
          maxLength={MAX_SPECIAL_REQUEST_LENGTH}
          autosize
          minRows={2}
          maxRows={4}
          value={specialRequest}
          onChange={(event) => setSpecialRequest(event.currentTarget.value)}
        />

        {blockedReason && (
          <Alert color="orange" variant="light">
            {blockedReason}
          </Alert>
        )}

        <Group justify="space-between" align="center" mt="xs">
          <Text size="lg" fw={700} aria-live="polite">
            Total {formatAUD(total)}
          </Text>
          <Button type="submit" size="md" disabled={blockedReason !== null}>
            Add to cart
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
