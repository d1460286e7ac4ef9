import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { PortalApp } from './app/portal-app';
import { registerPortalServiceWorker } from './lib/service-worker';
import '@/index.css';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('The #root element is missing from portal/index.html');

createRoot(rootElement).render(
  <StrictMode>
    <PortalApp />
  </StrictMode>,
);

registerPortalServiceWorker();
