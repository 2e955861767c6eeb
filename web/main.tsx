import { StrictMode } from 'react';
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
  // Let the browser paint the prerendered page first; React adopts it right after.
  requestAnimationFrame(() => setTimeout(() => hydrateRoot(root, app)));
} else {
  createRoot(root).render(app);
}
