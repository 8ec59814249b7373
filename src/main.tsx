import { createRoot } from 'react-dom/client';
import './shared/ui/theme.css';
import { App } from './app/app';
import { boot } from './app/boot';
import { registerServiceWorker } from './app/service-worker';
import { startInspector } from './shared/flow/inspector';

await startInspector();
await boot();
createRoot(document.getElementById('root')!).render(<App />);
registerServiceWorker();
