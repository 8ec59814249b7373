import type { Language } from '../../../contract/fields';
import { storage } from '../storage/storage';
import { BCP47, isRtl, pickLanguage } from './languages';
import { listeners } from '../flow/listeners';

type Messages = Record<string, string>;

const catalogues = import.meta.glob<Messages>('./messages/*.json', { import: 'default' });

interface State {
  lang: Language;
  messages: Messages;
}

let state: State | undefined;
/** The first catalogue's arrival, from init(). */
let initialised: Promise<void> | undefined;
const { subscribe, tell } = listeners();

type Loaders = Record<string, () => Promise<Messages>>;
/** Catalogues of features, by file name: they load with the feature's first screen, not before. */
const areas: Loaders[] = [];

const pick = (loaders: Loaders, lang: Language) => (loaders[`./messages/${lang}.json`] ?? loaders['./messages/en.json']!)();

async function load(lang: Language): Promise<State> {
  const parts = await Promise.all([catalogues, ...areas].map((loaders) => pick(loaders, lang)));
  return { lang, messages: Object.assign({}, ...parts) as Messages };
}

function apply(next: State) {
  state = next;
  document.documentElement.lang = BCP47[next.lang];
  document.documentElement.dir = isRtl(next.lang) ? 'rtl' : 'ltr';
  tell();
}

/** The chosen language and its catalogue; each catalogue is its own small chunk, and a feature's strings come with the feature. */
export const languageStore = {
  init() {
    initialised ??= (async () => {
      apply(await load(pickLanguage(storage.language(), navigator.languages ?? [navigator.language])));
    })();
    return initialised;
  },
  async choose(lang: Language) {
    storage.setLanguage(lang);
    apply(await load(lang));
  },
  /**
   * A feature's own catalogue (`import.meta.glob('./messages/*.json')` in the feature), merged in
   * for the current language and for every later choice. Resolves once its strings are there.
   */
  async addArea(loaders: Loaders) {
    if (areas.includes(loaders)) return;
    areas.push(loaders);
    // boot() waits for init() before any screen loads; waiting here keeps that order from mattering.
    await initialised;
    const current = state!;
    const messages = await pick(loaders, current.lang);
    if (state === current) apply({ lang: current.lang, messages: { ...current.messages, ...messages } });
    else apply(await load(state!.lang)); // the language changed meanwhile
  },
  get: () => state!,
  lang: () => state?.lang ?? 'hk',
  subscribe,
};
