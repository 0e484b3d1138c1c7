import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

// A page that fails is caught by the router's error boundary, which shows the error page: a warning
// then, not an error (app/router.tsx).
createRoot(root, {
  onCaughtError: (error, info) => console.warn('Page failed', error, info.componentStack),
}).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
