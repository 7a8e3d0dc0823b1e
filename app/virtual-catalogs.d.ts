/** Modules of the catalogs plugin (scripts/catalogs.ts). */
declare module 'virtual:kindred/catalog-files' {
  /** Each language's compiled catalog (its fallbacks merged in): a hashed, immutable module URL. */
  const files: Record<string, string>;
  export default files;
}

declare module 'virtual:kindred/catalogs-server' {
  import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';

  const load: Record<string, () => Promise<{ default: Record<string, MessageFormatElement[]> }>>;
  export default load;
}

declare module 'virtual:kindred/page-texts-server' {
  import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';

  /** The static pages' catalogs, compiled, one per language that has them (no fallbacks merged). */
  const load: Record<string, () => Promise<{ default: Record<string, MessageFormatElement[]> }>>;
  export default load;
}
