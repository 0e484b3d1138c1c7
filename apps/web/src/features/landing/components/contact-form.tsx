import { Paper } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { LANDING_SECTIONS } from '../../../lib/landing-host';
import { LandingSection } from './landing-sections';

// The form (its inputs, validation and sending) sits at the foot of the page: it loads right after
// the first screen, in a card of the same size (docs/performance.md, "Web").
const ContactFormCard = lazy(async () => ({
  default: (await import('./contact-form-card')).ContactFormCard,
}));

/** The Join Us section with the contact form. */
export function ContactForm() {
  return (
    <LandingSection
      id={LANDING_SECTIONS.join}
      title="Join Us"
      intro="Tell us about yourself and your kitchen (or the suburb you have in mind). We reply within 2 business days."
    >
      <Suspense fallback={<Paper withBorder shadow="md" maw={760} h={400} aria-busy="true" />}>
        <ContactFormCard />
      </Suspense>
    </LandingSection>
  );
}
