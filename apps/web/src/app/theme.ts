import {
  type AlertProps,
  type BadgeProps,
  type ButtonProps,
  type CardProps,
  type ChipProps,
  type CSSVariablesResolver,
  createTheme,
  type MantineColorsTuple,
  type MantineThemeComponent,
  type ModalProps,
  type NotificationProps,
  type PaperProps,
  rem,
  type TabsProps,
} from '@mantine/core';

/**
 * What `Modal.extend(...)` would return (`extend` is an identity function), without importing the
 * components: the theme is in the entry, and Modal alone would bring its scroll area, focus trap and
 * Floating UI into every first screen.
 */
type ComponentTheme<Props> = MantineThemeComponent & { defaultProps?: Partial<Props> };

/**
 * Kitchaco's tomato red, the brand colour (docs/design-system.md). Contrast (WCAG 2.1):
 * - shade 8 #c43c1a, the primary shade: white text on it 5.2:1 (filled buttons, the logo tile); as
 *   text and links 5.2:1 on white, 5.0:1 on gray 0 and 4.8:1 on brand 0 (the tinted sections).
 * - shade 9 #852812 on shade 1 #ffe0d6 (light buttons and badges): 7.3:1; on shade 2 (hover) 5.8:1.
 * - shades 0 to 7 are backgrounds and decoration only: none carries text.
 */
const brand: MantineColorsTuple = [
  '#fff1ec',
  '#ffe0d6',
  '#ffbfab',
  '#ff9b7d',
  '#fb7a56',
  '#f2603a',
  '#e04a24',
  '#d2431f',
  '#c43c1a',
  '#852812',
];

/**
 * Saffron, the accent: warmth behind the red (highlights, the steam of the logo, tinted panels).
 * Light tints are backgrounds under dark text (text on shade 1: 15:1); as text or a filled colour
 * only shades 8 and 9 pass (5.6:1 and 8.2:1 with white); light badges (shade 9 on 1) 7.2:1.
 */
const accent: MantineColorsTuple = [
  '#fff8e6',
  '#ffefc2',
  '#ffe08f',
  '#ffcf5c',
  '#fbbd32',
  '#f0ab17',
  '#d99208',
  '#b47606',
  '#8f5d08',
  '#6e470a',
];

/**
 * The system's own faces: nothing downloaded at run time, and each platform's best-hinted type. The
 * headings get their character from weight and tight tracking, not from a web font.
 */
const SYSTEM_FONTS =
  '-apple-system, BlinkMacSystemFont, "Segoe UI Variable Text", "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif, "Apple Color Emoji", "Segoe UI Emoji"';

export const theme = createTheme({
  colors: { brand, accent },
  primaryColor: 'brand',
  // The filled shade of EVERY colour (Mantine applies it to red, green... too): shade 8 gives white
  // text at least 4.5:1 on each (red 8 5.0:1, green 8 4.6:1; red 7 was 3.8:1), and brand 8 5.2:1.
  // In the dark scheme links are shade 4 (5.9:1 on the dark body).
  primaryShade: { light: 8, dark: 8 },
  fontFamily: SYSTEM_FONTS,
  headings: {
    fontFamily: SYSTEM_FONTS,
    fontWeight: '800',
    // A major-third scale (x1.25) from 18 px, so a page title stands well above its sections.
    sizes: {
      h1: { fontSize: rem(36), lineHeight: '1.15' },
      h2: { fontSize: rem(28), lineHeight: '1.2' },
      h3: { fontSize: rem(22), lineHeight: '1.3', fontWeight: '700' },
      h4: { fontSize: rem(18), lineHeight: '1.35', fontWeight: '700' },
      h5: { fontSize: rem(16), lineHeight: '1.4', fontWeight: '700' },
      h6: { fontSize: rem(14), lineHeight: '1.4', fontWeight: '700' },
    },
  },
  defaultRadius: 'md',
  radius: { xs: rem(4), sm: rem(6), md: rem(10), lg: rem(16), xl: rem(24) },
  // A 4 px grid: 8, 12, 16, 24, 32.
  spacing: { xs: rem(8), sm: rem(12), md: rem(16), lg: rem(24), xl: rem(32) },
  // Soft, warm shadows (a brown tint rather than grey): cards lift off the page without a hard edge.
  shadows: {
    xs: '0 1px 2px rgba(74, 34, 20, 0.06)',
    sm: '0 1px 3px rgba(74, 34, 20, 0.08), 0 1px 2px rgba(74, 34, 20, 0.04)',
    md: '0 4px 12px rgba(74, 34, 20, 0.08), 0 2px 4px rgba(74, 34, 20, 0.04)',
    lg: '0 12px 28px rgba(74, 34, 20, 0.10), 0 4px 8px rgba(74, 34, 20, 0.05)',
    xl: '0 24px 48px rgba(74, 34, 20, 0.14), 0 8px 16px rgba(74, 34, 20, 0.06)',
  },
  other: {
    /** The landing hero's headline: larger than h1, shrinking on narrow screens. */
    displayFontSize: 'clamp(2.25rem, 1.5rem + 3vw, 3.5rem)',
  },
  // Modals, menus and notifications appear without motion for people who ask for less of it.
  respectReducedMotion: true,
  components: {
    // Rounded, confident buttons, as on the food apps people know.
    Button: {
      defaultProps: { radius: 'xl' },
      styles: { label: { fontWeight: 700 } },
    } satisfies ComponentTheme<ButtonProps>,
    Card: {
      defaultProps: { radius: 'lg', shadow: 'sm', withBorder: true },
    } satisfies ComponentTheme<CardProps>,
    Paper: { defaultProps: { radius: 'lg' } } satisfies ComponentTheme<PaperProps>,
    // Sentence-case pills: capitals shout and read slower.
    Badge: {
      defaultProps: { radius: 'xl', variant: 'light', tt: 'none' },
      styles: { root: { fontWeight: 700, letterSpacing: 0 } },
    } satisfies ComponentTheme<BadgeProps>,
    Chip: { defaultProps: { radius: 'xl' } } satisfies ComponentTheme<ChipProps>,
    Tabs: { styles: { tabLabel: { fontWeight: 600 } } } satisfies ComponentTheme<TabsProps>,
    // Mantine's modal close button is an icon without a name; screen readers need one.
    Modal: {
      defaultProps: { closeButtonProps: { 'aria-label': 'Close' }, radius: 'lg' },
      styles: { title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } },
    } satisfies ComponentTheme<ModalProps>,
    // Light alerts colour their title with shade 8 of a pale background (orange: 3.6:1); the body
    // text colour passes WCAG AA for every alert colour.
    Alert: { styles: { title: { color: 'var(--mantine-color-text)' } } } satisfies ComponentTheme<AlertProps>,
    Notification: {
      defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } },
    } satisfies ComponentTheme<NotificationProps>,
  },
});

/**
 * Mantine's dimmed text (gray 6, 3.3:1 on white) and error red (red 6, 3.3:1) are too faint for
 * WCAG AA; gray 7 and red 9 pass. `--kitchaco-display` is the hero headline's size (theme.other).
 */
export const cssVariablesResolver: CSSVariablesResolver = (t) => ({
  variables: { '--kitchaco-display': String(t.other.displayFontSize) },
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
  },
  dark: {},
});
