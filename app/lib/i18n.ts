/** Catalogs for the web app: each locale is its own chunk, loaded on demand with its fallbacks. */
import { catalogChain } from '../../core/locales.ts';

export type Messages = Record<string, string>;

const loaders = import.meta.glob<Messages>('../../locales/*.json', { import: 'default' });

async function loadCatalog(code: string): Promise<Messages> {
  const load = loaders[`../../locales/${code}.json`];
  try {
    if (!load) throw new Error(`no catalog for ${code}`);
    return await load();
  } catch (err) {
    console.error('Failed locale loading', code, err);
    return {};
  }
}

/** The locale's messages with gaps filled from its fallbacks and English. */
export async function loadMessages(code: string): Promise<Messages> {
  const catalogs = await Promise.all(catalogChain(code).map(loadCatalog));
  return Object.assign({}, ...catalogs.reverse());
}

export function parseCookies(header: string | null): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of (header ?? '').split(';')) {
    const i = part.indexOf('=');
    if (i > 0) {
      try {
        out[part.slice(0, i).trim()] = decodeURIComponent(part.slice(i + 1).trim());
      } catch {
        // A malformed cookie is ignored rather than breaking the page.
      }
    }
  }
  return out;
}
