import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@blueprintjs/core/lib/css/blueprint.css';
import '@blueprintjs/icons/lib/css/blueprint-icons.css';
import './styles/app.css';
import { App } from './App';
import { claimChunkReload } from './core/errors/chunkReload';
import { session } from './core/auth/storageKeys';

// Vite reports a failed preload of a lazy chunk (a new version was deployed): reload, at most once a minute.
window.addEventListener('vite:preloadError', (event) => {
  if (claimChunkReload(session, Date.now())) {
    event.preventDefault();
    window.location.reload();
  }
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
