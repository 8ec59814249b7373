import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import './shared/ui/theme.css';
import { App } from './app/app';
import { boot } from './app/boot';
import { startInspector } from './shared/flow/inspector';

await startInspector();
await boot();
const root = createRoot(document.getElementById('root')!);
// The first render as a transition: React yields every few ms instead of one long task, so a slow
// phone stays responsive while the first screen is built.
startTransition(() => root.render(<App />));
// What needs to run early but not before the first paint: the back buttons' count, the service worker.
import('./app/after-paint').then(({ afterPaint }) => afterPaint(), () => {});
