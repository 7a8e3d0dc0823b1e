/**
 * Every screen exists once per language: English at its own path, the others under /{code}. Route ids are
 * the base name, three underscores and the language code (SPEC.md section 2). Screens sit in the five layouts
 * as DESIGN.md assigns them; a layout is one pathless route holding its screens in every language.
 */
import { layout, type RouteConfig, type RouteConfigEntry, route } from '@react-router/dev/routes';
import { LOCALE_CODES } from '../core/locales.ts';

type Screen = [name: string, path: string, file: string];

const layouts: Record<'home' | 'default' | 'nonavpage' | 'settings' | 'chat', Screen[]> = {
  home: [
    ['feeds', '', 'routes/feeds.tsx'],
    ['mood', 'mood', 'routes/mood.tsx'],
    ['topics', 'topic', 'routes/topics.tsx'],
    ['thoughts', 'thought', 'routes/thoughts.tsx'],
  ],
  default: [
    ['thought', 'thought/:id', 'routes/thought.tsx'],
    ['problem', 'problem/:id', 'routes/problem.tsx'],
    ['tag', 'tag/:id', 'routes/tag.tsx'],
    ['search', 'search', 'routes/search.tsx'],
    ['profile', 'profile', 'routes/profile.tsx'],
    ['advice', 'advice', 'routes/advice.tsx'],
    ['topSupporters', 'topSupporters', 'routes/top-supporters.tsx'],
    ['languages', 'languages', 'routes/languages.tsx'],
    ['faq', 'FAQ', 'routes/pages/faq.tsx'],
    ['about', 'About', 'routes/pages/about.tsx'],
    ['contactUs', 'contactUs', 'routes/pages/contact.tsx'],
    ['privacy-policy', 'privacy-policy', 'routes/pages/privacy.tsx'],
    ['community-guidelines', 'community-guidelines', 'routes/pages/guidelines.tsx'],
    ['terms-and-conditions', 'terms-and-conditions', 'routes/pages/terms.tsx'],
    ['qr', 'qr/:token', 'routes/qr.tsx'],
  ],
  nonavpage: [
    ['topic', 'topic/:id', 'routes/topic.tsx'],
    ['notfound', 'notfound', 'routes/notfound.tsx'],
  ],
  settings: [
    ['settings-help', 'settings/help', 'routes/settings/help.tsx'],
    ['settings-general', 'settings/general', 'routes/settings/general.tsx'],
    ['notificationSettings', 'notificationSettings', 'routes/settings/notifications.tsx'],
    ['contentPreferences', 'contentPreferences', 'routes/settings/content.tsx'],
    ['changeAvatar', 'changeAvatar', 'routes/settings/avatar.tsx'],
    ['changeNickname', 'changeNickname', 'routes/settings/nickname.tsx'],
    ['deactivateAccount', 'deactivateAccount', 'routes/settings/deactivate.tsx'],
  ],
  chat: [['chat', 'chat', 'routes/chat.tsx']],
};

function localized(screens: Screen[]): RouteConfigEntry[] {
  return LOCALE_CODES.flatMap((code) => {
    const prefix = code === 'en' ? '' : code;
    return screens.map(([name, path, file]) => route([prefix, path].filter(Boolean).join('/') || '/', file, { id: `${name}___${code}` }));
  });
}

/** Unknown paths in any language: the not-found screen in the nonavpage frame, with status 404. */
const unknown = route('*', 'routes/notfound.tsx', { id: 'notfound' });

export default Object.entries(layouts).map(([name, screens]) =>
  layout(`layouts/${name}.tsx`, { id: `layout-${name}` }, [...localized(screens), ...(name === 'nonavpage' ? [unknown] : [])]),
) satisfies RouteConfig;
