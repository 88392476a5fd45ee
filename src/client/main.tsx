import { createRoot } from 'react-dom/client';
import NProgress from 'nprogress';
import 'nprogress/nprogress.css';
import './styles/global.css';
import { App } from './app';
import { startElderMode } from './state/elder-mode';

// nprogress's default template carries role="bar" and role="spinner", which are no ARIA roles
NProgress.configure({ showSpinner: false, barSelector: '.bar', template: '<div class="bar" aria-hidden="true"><div class="peg"></div></div>' });

// the level is on <html> before the first paint: no flash of small text
startElderMode();
createRoot(document.getElementById('root')!).render(<App />);
