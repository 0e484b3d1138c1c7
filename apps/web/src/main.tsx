import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadPage } from './app/router';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

// A page that fails is caught by the router's error boundary, which shows the error page: a warning
// then, not an error (app/router.tsx).
const reactRoot = createRoot(root, {
  onCaughtError: (error, info) => console.warn('Page failed', error, info.componentStack),
});

// The first page's code (layout and page) is in before the first render, so the page appears in one
// step as soon as it can; a failure shows on the page, through the error boundary.
void preloadPage(window.location.pathname)
  .catch(() => undefined)
  .then(() =>
    reactRoot.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
