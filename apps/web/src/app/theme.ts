import {
  type AlertProps,
  type CSSVariablesResolver,
  createTheme,
  type MantineThemeComponent,
  type ModalProps,
  type NotificationProps,
} from '@mantine/core';

/**
 * What `Modal.extend(...)` would return (`extend` is an identity function), without importing the
 * components: the theme is in the entry, and Modal alone would bring its scroll area, focus trap and
 * Floating UI into every first screen.
 */
type ComponentTheme<Props> = MantineThemeComponent & { defaultProps?: Partial<Props> };

export const theme = createTheme({
  primaryColor: 'blue',
  // Shade 6 (Mantine's default) gives white button text a contrast of 3.6:1; shade 8 passes WCAG AA.
  primaryShade: { light: 8, dark: 8 },
  defaultRadius: 'md',
  // Modals, menus and notifications appear without motion for people who ask for less of it.
  respectReducedMotion: true,
  components: {
    // Mantine's modal close button is an icon without a name; screen readers need one.
    Modal: {
      defaultProps: { closeButtonProps: { 'aria-label': 'Close' } },
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
 * WCAG AA; gray 7 and red 9 pass.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
  },
  dark: {},
});
