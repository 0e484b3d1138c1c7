/**
 * The landing site's words and figures in one place, so marketing changes are one edit. The figures
 * are the spec's claims (section 9); the spec gives the numbers without saying what 4M, 2.6B and
 * 7.1% count, so their captions are ours, for marketing to confirm (docs/landing.md).
 */

/** Auto-advance of the process carousel, as the spec sets it (about eight minutes). */
export const PROCESS_INTERVAL_MS = 500_000;

export interface Figure {
  /** As shown, large. */
  value: string;
  /** What the figure is; read after the value. */
  label: string;
}

export const FIGURES: readonly Figure[] = [
  { value: 'Up to 24', label: 'brands cooked from one kitchen' },
  { value: '4M', label: 'Australians order food delivery every month' },
  { value: '2.6B', label: 'dollars a year spent on food delivery in Australia' },
  { value: '7.1%', label: 'yearly growth of online food delivery' },
];

export interface Reason {
  title: string;
  text: string;
}

export const REASONS: readonly Reason[] = [
  {
    title: 'Many brands, one kitchen',
    text: 'Each brand reaches a different craving on the delivery apps, so the same rent, crew and equipment earn from many more orders.',
  },
  {
    title: 'Menus that already sell',
    text: 'Every brand arrives with tested recipes, photography and marketplace listings. You cook; the brands are already known.',
  },
  {
    title: 'Stock ordering made simple',
    text: 'Order the week’s stock for every brand at once, with quantities recommended from your own sales, in one delivery.',
  },
  {
    title: 'Every channel on one screen',
    text: 'Uber Eats, Deliveroo, DoorDash, Menulog, our own app and in-store kiosks in one dashboard, settled in one fortnightly statement.',
  },
];

export const TESTIMONIAL = {
  quote:
    'We went from one menu to a dozen brands without changing the kitchen. The stock arrives in one delivery, the orders come in on one screen, and every fortnight the statement shows exactly what we earned.',
  author: 'Kitchaco location operator',
  place: 'Melbourne',
};

export interface ProcessStep {
  title: string;
  text: string;
}

/** The 8-step onboarding process of the spec. */
export const PROCESS_STEPS: readonly ProcessStep[] = [
  {
    title: 'Get in touch',
    text: 'Send us the form at the bottom of this page. We reply within 2 business days to set up a first call.',
  },
  {
    title: 'Meet the team',
    text: 'An information session on the model, the costs and what a week in a Kitchaco kitchen looks like.',
  },
  {
    title: 'Choose your site',
    text: 'We assess your kitchen, or help you find one in a suburb where delivery demand is strong.',
  },
  {
    title: 'Sign the agreement',
    text: 'Your franchise agreement and brand licences are signed, and your location is set up in our systems.',
  },
  {
    title: 'Fit out the kitchen',
    text: 'Equipment and layout are planned so several brands can be cooked side by side at peak times.',
  },
  {
    title: 'Train your crew',
    text: 'Hands-on training in every brand’s recipes, the ordering kiosks and the stock ordering system.',
  },
  {
    title: 'Go live',
    text: 'Your brands are listed on Uber Eats, Deliveroo, DoorDash, Menulog and our own app on opening day.',
  },
  {
    title: 'Grow together',
    text: 'Sales dashboards, fortnightly statements and new brands added to your kitchen as they launch.',
  },
];
