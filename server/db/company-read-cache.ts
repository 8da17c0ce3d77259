import type { Db } from './types';

/** The channel migration 039's triggers tell every change of a company's reads on. */
export const COMPANY_READ_CHANGES_CHANNEL = 'fechai_company_reads';

/** Past this many companies held, the cache starts again (a bound on memory, not an LRU). */
const MAX_COMPANIES = 5_000;
/**
 * Past this many answers held for one company, the oldest kept goes first: lists are held per
 * search or filter, cursor and page size, and people type many searches.
 */
export const MAX_ENTRIES_PER_COMPANY = 100;

export interface CompanyReadCache {
  /**
   * The answer of `load` for this company and key: from memory when a fresh one is held, else
   * loaded (and kept unless the company changed meanwhile). `key` names the read, then everything it
   * depends on besides the company (the caller, the search, the page size); absent parts are null.
   */
  read<T>(companyId: string, key: ReadKey, load: () => Promise<T>): Promise<T>;
  /** Stops listening for changes. */
  close(): Promise<void>;
}

/** A read's name and what it depends on; held as JSON, so no part's text can pass for another's. */
export type ReadKey = readonly [name: string, ...parts: (string | number | null)[]];

interface Entry {
  value: unknown;
  storedAt: number;
}

interface CompanyEntries {
  /** Bumped by every change announced for the company: a read that started before one is not kept. */
  generation: number;
  entries: Map<string, Entry>;
}

/**
 * Reads many people open and few rows change (the home's dashboard, the sales board, the customer
 * and task lists), kept per company for a few seconds. Every write to the rows they read announces
 * its company at commit (migration 039's triggers, whatever code wrote it) and every instance drops
 * what it holds for it;
 * this instance's own writes are dropped before their COMMIT resolves, so whoever saves a task sees
 * it on the next read. An answer read while a change was announced is used once and not kept.
 * `ttlMs` bounds what changes with the clock alone (a task falls due, the company's day turns) and a
 * lost notification (a dropped LISTEN connection); 0 keeps nothing.
 */
export async function createCompanyReadCache(db: Db, ttlMs: number): Promise<CompanyReadCache> {
  const companies = new Map<string, CompanyEntries>();

  function forget(companyId: string): void {
    const company = companies.get(companyId);
    if (company) {
      company.generation++;
      company.entries.clear();
    }
  }

  function companyOf(companyId: string): CompanyEntries {
    let company = companies.get(companyId);
    if (!company) {
      if (companies.size >= MAX_COMPANIES) companies.clear();
      company = { generation: 0, entries: new Map() };
      companies.set(companyId, company);
    }
    return company;
  }

  const stop = await db.listen(COMPANY_READ_CHANGES_CHANNEL, forget, { ownCommits: true });

  return {
    async read<T>(companyId: string, readKey: ReadKey, load: () => Promise<T>): Promise<T> {
      if (ttlMs <= 0) return load();
      const key = JSON.stringify(readKey);
      const company = companyOf(companyId);
      const held = company.entries.get(key);
      if (held && Date.now() - held.storedAt < ttlMs) return held.value as T;
      const { generation } = company;
      const startedAt = Date.now();
      const value = await load();
      // Kept only when nothing of this company changed while it was read (and the cache did not
      // start again meanwhile: the company's entries would then be another object).
      if (companies.get(companyId) === company && company.generation === generation) {
        company.entries.delete(key);
        if (company.entries.size >= MAX_ENTRIES_PER_COMPANY) {
          // A Map keeps insertion order: its first key is the oldest answer kept.
          company.entries.delete(company.entries.keys().next().value!);
        }
        company.entries.set(key, { value, storedAt: startedAt });
      }
      return value;
    },
    close: stop,
  };
}
