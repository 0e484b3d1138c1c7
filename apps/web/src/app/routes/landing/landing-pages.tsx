import { Box } from '@mantine/core';
import type { ReactNode } from 'react';
import { DocumentTitle } from '../../../components/document-title';
import { ContactForm } from '../../../features/landing/components/contact-form';
import { LandingFooter } from '../../../features/landing/components/landing-footer';
import { LandingHeader } from '../../../features/landing/components/landing-header';
import {
  BrandsShowcase,
  Figures,
  Hero,
  Reasons,
  Testimonial,
} from '../../../features/landing/components/landing-sections';
import { ProcessCarousel } from '../../../features/landing/components/process-carousel';
import { useSectionFromHash } from '../../../features/landing/hooks/use-section-from-hash';
import { BrandThemeColor } from '../../layouts/brand-theme-color';

/** The marketing site's frame: navbar, the page, footer. Phones and desktops alike. */
export function LandingLayout({ children }: { children: ReactNode }) {
  return (
    <Box mih="100vh" style={{ display: 'flex', flexDirection: 'column' }}>
      <BrandThemeColor />
      <LandingHeader />
      <Box component="main" style={{ flex: 1 }}>
        {children}
      </Box>
      <LandingFooter />
    </Box>
  );
}

/** `/` on the www. host and `/welcome` everywhere: the landing page of the spec. */
export function LandingPage() {
  useSectionFromHash();
  return (
    <>
      <DocumentTitle title="Multi-brand kitchens" />
      <Hero />
      <Figures />
      <Reasons />
      <BrandsShowcase />
      <Testimonial />
      <ProcessCarousel />
      <ContactForm />
    </>
  );
}
