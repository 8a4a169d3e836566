import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { watchConnectivity } from './app/connectivity.ts';
import { startAuthSession } from './lib/auth/auth-store.ts';
import './index.css';

startAuthSession();
watchConnectivity();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
