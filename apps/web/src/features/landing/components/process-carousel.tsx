import { Badge, SimpleGrid } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { LANDING_SECTIONS } from '../../../lib/landing-host';
import { PROCESS_STEPS } from '../content';
import { InfoCard, LandingSection } from './landing-sections';

// The carousel (Embla, its autoplay and styles) is a fifth of the landing page's JavaScript and sits
// below the fold: it loads right after the first screen, which shows the first steps meanwhile
// (docs/performance.md, "Web").
const ProcessSteps = lazy(async () => ({ default: (await import('./process-steps')).ProcessSteps }));

/** One step of the process as a card: "Step n", its title and text. */
export function StepCard({ index }: { index: number }) {
  const step = PROCESS_STEPS[index];
  if (!step) return null;
  return (
    <InfoCard
      top={
        <Badge size="lg" w="fit-content">
          Step {index + 1}
        </Badge>
      }
      title={step.title}
      text={step.text}
    />
  );
}

/** Until the carousel is here: its first view (three steps), where the carousel will show them. */
function FirstSteps() {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg" px={48} pb={40}>
      {[0, 1, 2].map((i) => (
        <StepCard key={i} index={i} />
      ))}
    </SimpleGrid>
  );
}

/** The "What's the process" section: the onboarding steps as a carousel. */
export function ProcessCarousel() {
  return (
    <LandingSection
      id={LANDING_SECTIONS.process}
      title="What's the process"
      intro="From a first call to your brands going live on every delivery app: eight steps, with us beside you."
      tinted
    >
      <Suspense fallback={<FirstSteps />}>
        <ProcessSteps />
      </Suspense>
    </LandingSection>
  );
}
