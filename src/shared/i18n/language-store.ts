import type { Language } from '../../../contract/fields';
import { storage } from '../storage/storage';
import { BCP47, isRtl, pickLanguage } from './languages';

type Messages = Record<string, string>;
type Listener = () => void;

const catalogues = import.meta.glob<Messages>('./messages/*.json', { import: 'default' });

interface State {
  lang: Language;
  messages: Messages;
}

let state: State | undefined;
const listeners = new Set<Listener>();

async function load(lang: Language): Promise<State> {
  const loader = catalogues[`./messages/${lang}.json`] ?? catalogues['./messages/en.json']!;
  return { lang, messages: await loader() };
}

function apply(next: State) {
  state = next;
  document.documentElement.lang = BCP47[next.lang];
  document.documentElement.dir = isRtl(next.lang) ? 'rtl' : 'ltr';
  listeners.forEach((l) => l());
}

/** The chosen language and its catalogue; each catalogue is its own small chunk. */
export const languageStore = {
  async init() {
    apply(await load(pickLanguage(storage.language(), navigator.languages ?? [navigator.language])));
  },
  async choose(lang: Language) {
    storage.setLanguage(lang);
    apply(await load(lang));
  },
  get: () => state!,
  lang: () => state?.lang ?? 'hk',
  subscribe(listener: Listener) {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
};
