import type { MenuMeal } from '@kitchaco/domain';
import { SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useMemo } from 'react';
import { isSoldOut } from '../lib/availability';
import { MealCard } from './meal-card';

interface MenuSection {
  id: number;
  title: string;
  meals: MenuMeal[];
}

const UNCATEGORISED = { id: Number.MAX_SAFE_INTEGER, title: 'More' };

/** Meals by category, categories in id order (as the menu is set up), uncategorised last. */
export function groupMealsByCategory(meals: readonly MenuMeal[]): MenuSection[] {
  const sections = new Map<number, MenuSection>();
  for (const meal of meals) {
    const category = meal.category ?? UNCATEGORISED;
    const section = sections.get(category.id) ?? { id: category.id, title: category.title, meals: [] };
    section.meals.push(meal);
    sections.set(category.id, section);
  }
  return [...sections.values()].sort((a, b) => a.id - b.id);
}

interface MenuSectionsProps {
  meals: readonly MenuMeal[];
  onChoose: (meal: MenuMeal) => void;
}

export function MenuSections({ meals, onChoose }: MenuSectionsProps) {
  const sections = useMemo(() => groupMealsByCategory(meals), [meals]);
  const now = new Date();
  if (meals.length === 0) return <Text>This restaurant has nothing on its menu right now.</Text>;
  return (
    <Stack gap="xl">
      {sections.map((section) => (
        <Stack key={section.id} component="section" gap="sm" aria-labelledby={`menu-section-${section.id}`}>
          <Title order={2} fz="h3" id={`menu-section-${section.id}`}>
            {section.title}
          </Title>
          <SimpleGrid cols={{ base: 2, xl: 3 }} spacing="md">
            {section.meals.map((meal) => (
              <MealCard key={meal.id} meal={meal} onChoose={onChoose} soldOut={isSoldOut(meal, now)} />
            ))}
          </SimpleGrid>
        </Stack>
      ))}
    </Stack>
  );
}
