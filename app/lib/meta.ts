/** Page metadata from the catalogs: translated title, description and keywords, feeds entries as default. */
import type { MetaDescriptor } from 'react-router';
import type { Messages } from './i18n.ts';

interface RootMatch {
  id: string;
  loaderData?: unknown;
}

export function pageMeta(matches: readonly (RootMatch | undefined)[], screen: string): MetaDescriptor[] {
  const root = matches.find((m) => m?.id === 'root')?.loaderData as { messages: Messages } | undefined;
  const m = root?.messages ?? {};
  const pick = (field: string) => m[`meta.${screen}.${field}`] ?? m[`meta.feeds.${field}`] ?? '';
  return [{ title: pick('title') }, { name: 'description', content: pick('description') }, { name: 'keywords', content: pick('keywords') }];
}
