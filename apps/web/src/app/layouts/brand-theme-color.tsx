import { theme } from '../theme';

/**
 * The browser's own chrome (mobile address bar, task switcher) in the brand red, the primary shade
 * of app/theme.ts. React puts it in the document head while the page is shown, as the kitchen
 * display puts its own dark one, so each part of the app keeps its colour.
 */
export function BrandThemeColor() {
  return <meta name="theme-color" content={theme.colors?.brand?.[8]} />;
}
