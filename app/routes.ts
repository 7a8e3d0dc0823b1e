/**
 * One route per screen, under one optional language segment (`:lang?`): English at its own path, the others
 * under /{code}. The language layout (`layouts/language.tsx`) checks the segment and puts the page's language in
 * the router context; an unknown code, or /en/…, is the 404 page. Screens sit in the five layouts as DESIGN.md
 * assigns them. Route ids are the screen names (SPEC.md section 2 named one route per screen and language,
 * `name___code`; decision 006 explains the departure).
 */
import { index, layout, type RouteConfig, type RouteConfigEntry, route } from '@react-router/dev/routes';

type Screen = [name: string, path: string, file: string];

export const LAYOUTS: Record<'home' | 'default' | 'nonavpage' | 'settings' | 'chat', Screen[]> = {
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
    ['help-now', 'help-now', 'routes/help-now.tsx'],
    ['moderation', 'moderation', 'routes/moderation.tsx'],
    ['notifications', 'notifications', 'routes/notifications.tsx'],
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
    ['accountSettings', 'settings/account', 'routes/settings/account.tsx'],
    ['deactivateAccount', 'deactivateAccount', 'routes/settings/deactivate.tsx'],
  ],
  chat: [['chat', 'chat', 'routes/chat.tsx']],
};

/** The id of the route that holds every screen and reads the language segment. */
export const LANGUAGE_ROUTE_ID = 'language';

const screen = ([name, path, file]: Screen): RouteConfigEntry =>
  path === '' ? index(file, { id: name }) : route(path, file, { id: name });

/** Unknown paths in any language: the not-found screen in the nonavpage frame, with status 404. */
const unknown = route('*', 'routes/notfound.tsx', { id: 'unknown' });

export default [
  route(
    ':lang?',
    'layouts/language.tsx',
    { id: LANGUAGE_ROUTE_ID },
    Object.entries(LAYOUTS).map(([name, screens]) =>
      layout(`layouts/${name}.tsx`, { id: `layout-${name}` }, [...screens.map(screen), ...(name === 'nonavpage' ? [unknown] : [])]),
    ),
  ),
] satisfies RouteConfig;
