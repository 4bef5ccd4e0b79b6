import { createRoot } from 'react-dom/client';
import { App } from './app.js';
import { I18nProvider } from './i18n/i18n.js';

const root = document.getElementById('root');
if (root)
  createRoot(root).render(
    <I18nProvider>
      <App />
    </I18nProvider>,
  );
