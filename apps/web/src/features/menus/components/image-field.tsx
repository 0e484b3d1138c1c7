import { MAX_IMAGE_BYTES } from '@kitchaco/domain';
import { FileInput, Group, Image, Stack, Text } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { FoodImage } from '../../../components/food-image';
import { IMAGE_TYPES, MENUS_TEXT } from '../messages';

/** The browser's check of a chosen file, with the server's own words; null when it may be sent. */
export function imageProblem(file: Pick<File, 'type' | 'size'>): string | null {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return MENUS_TEXT.imageType;
  if (file.size > MAX_IMAGE_BYTES) return MENUS_TEXT.imageTooLarge;
  return null;
}

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsDataURL(file);
  });
}

interface ImageFieldProps {
  /** The meal's stored image, if any. */
  current: string | null;
  mealName: string;
  seed: number;
  /** The chosen upload as a base64 data URL, or null to keep the current image. */
  value: string | null;
  onChange: (dataUrl: string | null) => void;
  /** A server refusal of the image. */
  error?: ReactNode;
  disabled?: boolean;
}

/**
 * The meal picture: the current one (or the placeholder) and a file choice checked in the browser
 * before it is read (type and size); a preview of the chosen file replaces the picture until saved.
 */
export function ImageField({ current, mealName, seed, value, onChange, error, disabled }: ImageFieldProps) {
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const choose = async (next: File | null) => {
    setFile(next);
    setProblem(null);
    if (!next) return onChange(null);
    const refused = imageProblem(next);
    if (refused) {
      setProblem(refused);
      return onChange(null);
    }
    try {
      onChange(await readAsDataUrl(next));
    } catch {
      setProblem('The file could not be read. Please choose it again.');
      onChange(null);
    }
  };

  return (
    <Group align="flex-start" gap="md" wrap="nowrap">
      <Stack gap={4} w={180} style={{ flex: 'none' }}>
        {value ? (
          <Image
            src={value}
            alt={`Preview of the new image of ${mealName || 'the meal'}`}
            h={120}
            radius="md"
            fit="cover"
          />
        ) : (
          <FoodImage src={current} name={mealName || '?'} seed={seed} h={120} />
        )}
        <Text size="xs" c="dimmed" ta="center">
          {value ? 'New image (saved with Submit)' : current ? 'Current image' : 'No image yet'}
        </Text>
      </Stack>
      <FileInput
        label="Image"
        description={MENUS_TEXT.imageRules}
        placeholder="Choose an image"
        accept={IMAGE_TYPES.join(',')}
        value={file}
        onChange={(next) => void choose(next)}
        leftSection={<IconPhoto aria-hidden size={18} />}
        clearable
        clearButtonProps={{ 'aria-label': 'Clear the chosen image' }}
        error={problem ?? error}
        disabled={disabled}
        style={{ flex: 1 }}
        // Mantine's placeholder grey (2.1:1) is too faint for WCAG AA.
        styles={{ placeholder: { color: 'var(--mantine-color-dimmed)' } }}
      />
    </Group>
  );
}
