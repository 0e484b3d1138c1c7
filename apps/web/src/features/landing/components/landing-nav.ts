import { LANDING_SECTIONS } from '../../../lib/landing-host';

/** The navbar's section links, in the spec's order. */
export const NAV_SECTIONS = [
  { section: LANDING_SECTIONS.why, label: 'Why Multibrands' },
  { section: LANDING_SECTIONS.customers, label: 'What customers say' },
  { section: LANDING_SECTIONS.process, label: "What's the process" },
  { section: LANDING_SECTIONS.join, label: 'Join Us' },
] as const;
