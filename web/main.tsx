import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { AppProvider } from './app/provider';
import { AppRoutes } from './app/router';
import './styles/index.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const app = (
  <StrictMode>
    <AppProvider>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProvider>
  </StrictMode>
);

// Public pages arrive prerendered (web/prerender/entry.tsx): React adopts their HTML. The app
// shell (admin, confirmations) arrives empty and is rendered here.
if (root.hasChildNodes()) {
  // As a transition, hydration works in slices that let the browser paint and answer the
  // visitor in between, rather than in one long task (the booking form's is the longest).
  startTransition(() => {
    hydrateRoot(root, app);
  });
} else {
  createRoot(root).render(app);
}
