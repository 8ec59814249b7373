import { createRoot } from 'react-dom/client';
import './shared/ui/theme.css';
import { App } from './app/app';
import { boot } from './app/boot';
import { startInspector } from './shared/flow/inspector';

await startInspector();
await boot();
createRoot(document.getElementById('root')!).render(<App />);
