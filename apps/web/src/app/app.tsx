import { BrowserRouter } from '../lib/router';
import { AppProviders } from './providers';
import { AppRoutes, prefetchPageData } from './router';

// The first page's reads start as the app's code runs, alongside the page's own code.
prefetchPageData(window.location);

export function App() {
  return (
    <AppProviders>
      <BrowserRouter onNavigate={prefetchPageData}>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
