import '@mantine/carousel/styles.css';
import { Carousel } from '@mantine/carousel';
import { useReducedMotion } from '@mantine/hooks';
import Autoplay from 'embla-carousel-autoplay';
import { useRef } from 'react';
import { PROCESS_INTERVAL_MS, PROCESS_STEPS } from '../content';
import { StepCard } from './process-carousel';
import classes from './process-carousel.module.css';

/**
 * The 8-step onboarding process as a carousel (three steps in view on a wide screen), advancing on
 * its own every PROCESS_INTERVAL_MS as the spec sets it; pointing at it or focusing it pauses, and
 * a visitor who prefers reduced motion gets no auto-advance. Previous / next buttons and the
 * indicators work from the keyboard. Loaded by ./process-carousel.tsx after the first screen.
 */
export function ProcessSteps() {
  const reducedMotion = useReducedMotion();
  const autoplay = useRef(
    Autoplay({
      delay: PROCESS_INTERVAL_MS,
      stopOnInteraction: false,
      stopOnMouseEnter: true,
      stopOnFocusIn: true,
    }),
  );
  return (
    <Carousel
      aria-roledescription="carousel"
      aria-label="Onboarding steps"
      slideSize={{ base: '100%', sm: '50%', md: '33.333%' }}
      slideGap="lg"
      emblaOptions={{ align: 'start', loop: true }}
      plugins={reducedMotion ? [] : [autoplay.current]}
      withIndicators
      nextControlProps={{ 'aria-label': 'Next step' }}
      previousControlProps={{ 'aria-label': 'Previous step' }}
      classNames={{ root: classes.root, indicators: classes.indicators, indicator: classes.indicator }}
      controlsOffset={0}
      pb={40}
    >
      {PROCESS_STEPS.map((step, i) => (
        <Carousel.Slide
          key={step.title}
          role="group"
          aria-roledescription="slide"
          aria-label={`Step ${i + 1} of ${PROCESS_STEPS.length}`}
        >
          <StepCard index={i} />
        </Carousel.Slide>
      ))}
    </Carousel>
  );
}
