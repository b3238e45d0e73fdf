import '@douyinfe/semi-ui-19/dist/css/semi.min.css';
import './app/app.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { applyStoredThemeMode } from './app/theme/theme-mode';
import { initI18n } from './i18n';

initI18n();
applyStoredThemeMode();

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
