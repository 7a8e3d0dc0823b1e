/** The interface languages, and the content languages the signed-in user reads. */
import type { contentLanguagesSchema, languageListSchema } from '../../../core/schemas/languages.ts';
import type { Http } from './client.ts';

export function languagesApi(http: Http) {
  return {
    languages: () => http.json<typeof languageListSchema>('GET', '/api/get/languages'),
    contentLanguages: () => http.json<typeof contentLanguagesSchema>('GET', '/api/get/languages/custom'),
    storeContentLanguages: (languages: string[]) =>
      http.json<typeof contentLanguagesSchema>('POST', '/api/store/custom/languages', { languages }),
    toggleAutoDetectLanguages: () => http.json<typeof contentLanguagesSchema>('POST', '/api/toggle/auto/detect/languages'),
  };
}
