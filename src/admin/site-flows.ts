import { fromPromise } from 'xstate';
import type { z } from 'zod/mini';
import { backofficeProductCalls as productCalls, backofficeSettingsCalls as setup, backofficeSiteCalls as site } from '../../contract/backoffice';
import { recordEditor, type Fields } from '../../machines/backoffice/record-editor';
import { targetOf } from '../../machines/backoffice/site-records';
import { traderLookupMachine } from '../../machines/backoffice/trader-lookup';
import { staffCall } from './api';
import { changesQueue } from './flows';

/** The site screens' machines bound to the back-office API: what each target's fields become. */

type Out<C extends { response: z.ZodMiniType }> = z.output<C['response']>;
export type FundsData = { channels: Out<typeof setup.channels>; settings: Record<string, unknown> };
export type SettingsData = Record<string, unknown>;
export type NewsData = Out<typeof site.news>;
export type CompaniesData = Out<typeof site.companies>;
export type FeedbackData = Out<typeof site.feedback>;
export type ProductsData = Out<typeof productCalls.products>;
export type AreasData = Out<typeof site.areas>;

const settingsOf = async () => (await staffCall(setup.settings, {})).data;
const withId = (id: number | undefined, fields: Fields) => ({ ...(id === undefined ? {} : { id }), ...fields });
const saveSetting = async (key: string, value: string) => (await staffCall(setup.saveSetting, { key, value })).msg;
export const fundsFlow = recordEditor<FundsData>().provide({
  actors: {
    load: fromPromise(async () => {
      const [channels, settings] = await Promise.all([staffCall(setup.channels, {}), settingsOf()]);
      return { channels: channels.data, settings };
    }),
    save: fromPromise(async ({ input: { target, fields } }) => {
      const { kind, id, key } = targetOf(target);
      const input = withId(id, fields) as never;
      switch (kind) {
        case 'network': return { message: (await staffCall(setup.saveNetwork, input)).msg };
        case 'bank_coin': return { message: (await staffCall(setup.saveBankCoin, input)).msg };
        case 'wire_account': return { message: (await staffCall(setup.saveWireAccount, input)).msg };
        case 'currency': return { message: (await staffCall(setup.saveCurrency, input)).msg };
        default: return { message: await saveSetting(key, fields[key] ?? '') };
      }
    }),
  },
});

/** Site settings, one at a time by their flat names. */
export const siteSettingsFlow = recordEditor<SettingsData>().provide({
  actors: {
    load: fromPromise(settingsOf),
    save: fromPromise(async ({ input: { target, fields } }) => {
      const { key } = targetOf(target);
      return { message: await saveSetting(key, fields[key] ?? '') };
    }),
  },
});

export const pausesFlow = recordEditor<SettingsData>().provide({
  actors: {
    load: fromPromise(settingsOf),
    save: fromPromise(async ({ input: { target, fields } }) => {
      const scope = targetOf(target).key as 'site' | 'trading' | 'deposits' | 'withdrawals';
      // The form asks only for the message: it pauses. Resuming says `on` 0.
      return { message: (await staffCall(site.pause, { scope, on: fields.on === '0' ? 0 : 1, message: fields.message })).msg };
    }),
  },
});

/** A picture staff upload for a news item or a company's logo. */
const staffImage = fromPromise<{ url: string }, { file: Blob }>(async ({ input }) => (await staffCall(site.newsImage, {}, { file: input.file })).data);

export const newsFlow = recordEditor<NewsData>().provide({
  actors: {
    load: fromPromise(async ({ input }) => (await staffCall(site.news, { page: input.page })).data),
    save: fromPromise(async ({ input: { target, fields } }) => ({ message: (await staffCall(site.saveNews, withId(targetOf(target).id, fields) as never)).msg })),
    upload: staffImage,
  },
});

/** Every company of the directory (traders see the active ones), and the form that adds or changes one. */
export const companiesFlow = recordEditor<CompaniesData>().provide({
  actors: {
    load: fromPromise(async () => (await staffCall(site.companies, {})).data),
    save: fromPromise(async ({ input: { target, fields } }) => ({ message: (await staffCall(site.saveCompany, withId(targetOf(target).id, fields) as never)).msg })),
    upload: staffImage,
  },
});

/** `feedback:<id>` marks one handled. */
export const feedbackFlow = recordEditor<FeedbackData>().provide({
  actors: {
    load: fromPromise(async ({ input }) => (await staffCall(site.feedback, { page: input.page })).data),
    save: fromPromise(async ({ input: { target } }) => ({ message: (await changesQueue(staffCall(site.handleFeedback, { id: targetOf(target).id! }))).msg })),
  },
});

export const productsFlow = recordEditor<ProductsData>().provide({
  actors: {
    load: fromPromise(async () => (await staffCall(productCalls.products, {})).data),
    save: fromPromise(async ({ input: { target, fields } }) => {
      const { kind, id, rest } = targetOf(target);
      // An empty field is left out of a call; an emptied leverage list goes as none, so that staff can stop new orders.
      const value = rest === 'leverages' && !fields[rest] ? [] : fields[rest!];
      if (kind === 'product') return { message: (await staffCall(productCalls.saveProduct, { id: id!, field: rest, value } as never)).msg };
      const { sort, ...names } = fields;
      return { message: (await staffCall(productCalls.saveCategory, { ...(id === undefined ? {} : { id }), ...(sort ? { sort } : {}), names } as never)).msg };
    }),
  },
});

/** Area codes of registration by mobile: `area:<id>` saves the form, `area_remove:<id>` removes one. */
export const areasFlow = recordEditor<AreasData>().provide({
  actors: {
    load: fromPromise(async () => (await staffCall(site.areas, {})).data),
    save: fromPromise(async ({ input: { target, fields } }) => {
      const { kind, id } = targetOf(target);
      if (kind === 'area_remove') return { message: (await staffCall(site.removeArea, { id: id! })).msg };
      return { message: (await staffCall(site.saveArea, withId(id, fields) as never)).msg };
    }),
  },
});

export const traderLookupFlow = traderLookupMachine.provide({
  actors: { find: fromPromise(async ({ input }) => (await staffCall(site.trader, input)).data) },
});
