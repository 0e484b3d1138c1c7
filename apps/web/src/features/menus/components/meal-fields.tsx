import { type MealStatus, type MenuEditor, statusChoices } from '@kitchaco/domain';
import { NumberInput, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import type { FormErrors } from '../form-errors';
import { MENUS_TEXT } from '../messages';
import { ImageField } from './image-field';

export interface MealDraft {
  meal_name: string;
  /** '' while the field is empty. */
  meal_price: number | string;
  status: MealStatus;
  description: string;
  /** The Select's value: a category id as text, or null. */
  category_id: string | null;
  /** A new image as a base64 data URL; null keeps the stored one. */
  image: string | null;
}

/** The price as the schema reads it: a number, or NaN for an empty field (refused as not a number). */
export function priceOf(value: number | string): number {
  if (typeof value === 'number') return value;
  return value.trim() === '' ? Number.NaN : Number(value);
}

interface MealFieldsProps {
  draft: MealDraft;
  onChange: (patch: Partial<MealDraft>) => void;
  errors: FormErrors;
  editor: MenuEditor;
  adding: boolean;
  /** Categories, for the super admin (the operator's forms send none). */
  categories?: readonly { id: number; title: string }[] | undefined;
  currentImage: string | null;
  seed: number;
  disabled?: boolean;
}

/** The meal's own fields, shared by the add and edit pages of both roles. */
export function MealFields({
  draft,
  onChange,
  errors,
  editor,
  adding,
  categories,
  currentImage,
  seed,
  disabled,
}: MealFieldsProps) {
  const statuses = statusChoices(editor, adding);
  return (
    <Stack gap="md">
      <ImageField
        current={currentImage}
        mealName={draft.meal_name}
        seed={seed}
        value={draft.image}
        onChange={(image) => onChange({ image })}
        error={errors.image}
        disabled={disabled}
      />
      <TextInput
        label="Meal Name"
        value={draft.meal_name}
        onChange={(e) => onChange({ meal_name: e.currentTarget.value })}
        error={errors.meal_name}
        maxLength={120}
        required
        disabled={disabled}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <NumberInput
          label="Price ($)"
          value={draft.meal_price}
          onChange={(meal_price) => onChange({ meal_price })}
          error={errors.meal_price}
          min={0}
          max={10_000}
          decimalScale={2}
          fixedDecimalScale
          allowNegative={false}
          thousandSeparator=","
          inputMode="decimal"
          required
          disabled={disabled}
        />
        <Select
          label="Meal Status"
          data={statuses}
          value={draft.status}
          onChange={(next) => next && onChange({ status: next as MealStatus })}
          allowDeselect={false}
          readOnly={editor === 'operator'}
          description={editor === 'operator' ? MENUS_TEXT.operatorStatus : undefined}
          error={errors.status}
          disabled={disabled}
          comboboxProps={{ withinPortal: true }}
        />
      </SimpleGrid>
      {editor === 'admin' && (
        <Select
          label="Category"
          placeholder={categories ? 'No category' : MENUS_TEXT.loading}
          data={(categories ?? []).map((c) => ({ value: String(c.id), label: c.title }))}
          value={draft.category_id}
          onChange={(category_id) => onChange({ category_id })}
          clearable
          clearButtonProps={{ 'aria-label': 'Clear the category' }}
          error={errors.category_id}
          disabled={disabled}
          comboboxProps={{ withinPortal: true }}
        />
      )}
      <Textarea
        label="Description"
        value={draft.description}
        onChange={(e) => onChange({ description: e.currentTarget.value })}
        error={errors.description}
        autosize
        minRows={3}
        maxRows={8}
        maxLength={1000}
        disabled={disabled}
      />
    </Stack>
  );
}
