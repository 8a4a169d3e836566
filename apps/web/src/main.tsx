import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { watchConnectivity } from './app/connectivity.ts';
import { registerServiceWorker } from './app/service-worker.ts';
import { startAuthSession } from './lib/auth/auth-store.ts';
import './index.css';

startAuthSession();
watchConnectivity();
registerServiceWorker();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
