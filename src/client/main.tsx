import { createRoot } from 'react-dom/client';
import 'nprogress/nprogress.css';
import './styles/global.css';
import { App } from './app';

createRoot(document.getElementById('root')!).render(<App />);
