import { createActor, fromPromise } from 'xstate';
import { describe, expect, it, vi } from 'vitest';
import type { Company } from '../../contract/content';
import { companyDirectoryMachine } from '../../machines/market/company-directory';
import { connectCompanyDirectory } from '../../machines/market/company-directory.connect';
import { productPageMachine } from '../../machines/market/product-page';
import { connectProductPage } from '../../machines/market/product-page.connect';

const company = (id: number, name: string): Company => ({
  id, name, logo: '', url: `https://${id}.example`, subject: 'Brokerage', registered_address: '1 Road', location: 'Limassol', email: `${id}@x.example`,
});
const settle = () => new Promise((r) => setTimeout(r, 0));

describe('company directory', () => {
  it('lists every company first, opens one that is listed and remembers it, and ignores any other id', async () => {
    const remember = vi.fn();
    const names: string[] = [];
    const actor = createActor(companyDirectoryMachine.provide({
      actors: { search: fromPromise(async ({ input }: { input: { name: string } }) => (names.push(input.name), [company(1, 'Northwind'), company(2, 'Contoso')])) },
      actions: { remember: (_, params) => remember(params.id) },
    })).start();
    expect(connectCompanyDirectory(actor.getSnapshot())).toMatchObject({ isLoading: true, isEmpty: false });
    await settle();
    expect(names).toEqual(['']);
    expect(connectCompanyDirectory(actor.getSnapshot()).results.map((c) => c.name)).toEqual(['Northwind', 'Contoso']);
    actor.send({ type: 'COMPANY.OPEN', id: 99 });
    expect(connectCompanyDirectory(actor.getSnapshot()).open).toBeUndefined();
    actor.send({ type: 'COMPANY.OPEN', id: 2 });
    expect(connectCompanyDirectory(actor.getSnapshot()).open?.name).toBe('Contoso');
    expect(remember).toHaveBeenCalledWith(2);
    actor.send({ type: 'COMPANY.CLOSE' });
    expect(connectCompanyDirectory(actor.getSnapshot()).open).toBeUndefined();
  });

  it('says so when nothing matches', async () => {
    const actor = createActor(companyDirectoryMachine.provide({ actors: { search: fromPromise(async (): Promise<Company[]> => []) } })).start();
    await settle();
    expect(connectCompanyDirectory(actor.getSnapshot())).toMatchObject({ isEmpty: true, isLoading: false });
  });

  it('/product is the directory only in main mode 1, and the search when the mode cannot be read', async () => {
    const page = (load: () => Promise<number>) => createActor(productPageMachine.provide({ actors: { loadMainMode: fromPromise(load) } })).start();
    const directory = page(async () => 1);
    const search = page(async () => 0);
    const failed = page(async () => Promise.reject(new Error('offline')));
    expect(connectProductPage(directory.getSnapshot()).mode).toBe('loading');
    await settle();
    expect([directory, search, failed].map((a) => connectProductPage(a.getSnapshot()).mode)).toEqual(['directory', 'search', 'search']);
  });
});
