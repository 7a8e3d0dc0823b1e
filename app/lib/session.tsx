/** The signed-in state of the page: who the user is, and the calls that change it. */
import { createContext, type ReactNode, useCallback, useContext, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useRevalidator } from 'react-router';
import { COOKIE, type Theme } from '../../core/limits.ts';
import { localizedPath } from '../../core/locales.ts';
import type { User } from '../../core/types.ts';
import type { Api, QrSession } from './api.ts';
import { browserApi, preloadApi } from './browser-api.ts';
import { adoptLapsedDrafts, forgetDrafts, noteLapsed } from './draft-store.ts';
import { useIntl } from './intl.tsx';
import { activePath } from './paths.ts';
import { useSocketEvent, useSocketSession } from './socket.ts';
import { useToast } from './toast.tsx';

interface SessionValue {
  user: User | null;
  /**
   * Whose drafts the text boxes hold: the signed-in person, or the one whose session expired in this page (a call
   * refused 401), until someone signs in or the session ends for good. The words on screen stay while it lapses.
   */
  draftOwner: number | null;
  locale: string;
  api: Api;
  theme: Theme;
  signInAsGuest(): Promise<User>;
  /** Password sign-in by username or email; then to `returnTo` (default: the language's root) with the user refetched. */
  signIn(username: string, password: string, returnTo?: string): Promise<User>;
  /** Polls a shown QR code; once approved, the server has set the session cookies and the page moves on as after signIn. */
  checkQrSignIn(qrToken: string, returnTo?: string): Promise<QrSession['status']>;
  signOut(): Promise<void>;
  /**
   * The session ended for good on the server (signed out, account erased): the person's drafts are forgotten, and
   * until the root is loaded again the page acts signed out, so what mounts on the way home asks nothing of the
   * server with a session that is gone.
   */
  endSession(): void;
  /** The session was ended from another tab or device (not by this tab): the page says so once (SessionEndedNotice). */
  endedElsewhere: boolean;
  /** Runs a call of this tab's that ends the session (signing out, erasing the account): the server's word is not news. */
  endingHere<T>(call: () => Promise<T>): Promise<T>;
  setTheme(theme: Theme): void;
}

const SessionContext = createContext<SessionValue | null>(null);

interface RootSlice {
  user: User | null;
  locale: string;
  csrfToken: string | null;
  theme: Theme;
  cookieDomain: string | null;
  subdomains: boolean;
}

export function SessionProvider({ root, children }: { root: RootSlice; children: ReactNode }) {
  const revalidator = useRevalidator();
  const [theme, setThemeState] = useState<Theme>(root.theme);
  const [ended, setEnded] = useState<{ user: User; forGood: boolean; elsewhere?: boolean } | null>(null);
  const user = root.user && root.user !== ended?.user ? root.user : null;
  // Lapsed until another sign-in brings a new user, also when a navigation meanwhile loaded the root signed out.
  const lapsedId = ended && !ended.forGood && (root.user === null || root.user === ended.user) ? ended.user.id : null;
  const draftOwner = user?.id ?? lapsedId;
  const lapse = useCallback(() => {
    if (!root.user) return;
    noteLapsed(root.user.id);
    setEnded({ user: root.user, forGood: false });
  }, [root.user]);
  /** The session ended for good: here (`elsewhere` false) or, as the server says, in another tab or on another device. */
  const end = useCallback(
    (elsewhere: boolean) => {
      if (!root.user) return;
      // Unsent private words (a chat message, a comment) must not outlive the account on a shared device.
      forgetDrafts(root.user.id);
      const gone = root.user;
      // Ended here and then heard of from the server (its word may come after the call's answer): still ended here.
      setEnded((was) => (was?.forGood && was.user === gone ? was : { user: gone, forGood: true, elsewhere }));
    },
    [root.user],
  );
  const endSession = useCallback(() => end(false), [end]);
  /** This tab is ending the session (signing out, erasing the account): the server's word of it is not news. */
  const signingOut = useRef(false);
  const endingHere = useCallback(async <T,>(call: () => Promise<T>) => {
    signingOut.current = true;
    try {
      return await call();
    } finally {
      signingOut.current = false;
    }
  }, []);
  const endedElsewhere = ended?.forGood === true && ended.elsewhere === true && user === null;
  // Before the boxes read the drafts of the person who signed in (their effects run after layout effects).
  useLayoutEffect(() => {
    if (user) adoptLapsedDrafts(user.id);
  }, [user]);
  useSocketSession(user?.id ?? null);
  // Signed out or erased in another tab or on another device, or signed out there by a password change: every tab
  // of this session hears it from the server.
  useSocketEvent('session:ended', () => end(!signingOut.current), user !== null);
  // A call the server refused for want of a session ends it here too: the page stops saying "signed in as …" and
  // offers to sign in, and what was being written stays in its draft, as the session may only have expired.
  const endRef = useRef(lapse);
  endRef.current = lapse;
  const api = useMemo(
    () => browserApi({ locale: root.locale, csrfToken: root.csrfToken, onUnauthenticated: () => endRef.current() }),
    [root.locale, root.csrfToken],
  );
  useEffect(preloadApi, []);

  const signInAsGuest = useCallback(async () => {
    const { data } = await api.guestLogin();
    // The server set the session cookies; reloading the root picks up the user and the new CSRF token.
    await revalidator.revalidate();
    return data;
  }, [api, revalidator]);

  const navigate = useNavigate();
  /** SPEC.md section 4: after a login the app goes to the root path, then the current user is refetched. */
  const finishSignIn = useCallback(
    async (returnTo?: string) => {
      await navigate(returnTo ?? activePath(localizedPath(root.locale, '/'), root.subdomains));
      await revalidator.revalidate();
    },
    [navigate, revalidator, root.locale, root.subdomains],
  );

  const signIn = useCallback(
    async (username: string, password: string, returnTo?: string) => {
      const { data } = await api.login(username, password);
      await finishSignIn(returnTo);
      return data;
    },
    [api, finishSignIn],
  );

  const checkQrSignIn = useCallback(
    async (qrToken: string, returnTo?: string) => {
      const result = await api.checkQrSession(qrToken);
      if (result.status === 'approved') await finishSignIn(returnTo);
      return result.status;
    },
    [api, finishSignIn],
  );

  /** SPEC.md section 4: signing out goes to the root, so a sign-in page left behind does not ask to sign in again. */
  const signOut = useCallback(async () => {
    await endingHere(async () => {
      await api.logout();
      endSession();
    });
    await finishSignIn();
  }, [api, finishSignIn, endSession, endingHere]);

  const setTheme = useCallback(
    (next: Theme) => {
      setThemeState(next);
      document.documentElement.classList.toggle('dark', next === 'dark');
      // Shared with every language subdomain through the parent domain.
      const domain = root.cookieDomain ? `; domain=${root.cookieDomain}` : '';
      // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from some browsers we serve.
      document.cookie = `${COOKIE.theme}=${next}; path=/; max-age=${365 * 24 * 3600}; samesite=lax${domain}`;
      if (root.user) api.updateUser(root.user.id, { theme: next }).catch(() => {});
    },
    [api, root.user, root.cookieDomain],
  );

  const value = useMemo(
    () => ({
      user,
      draftOwner,
      locale: root.locale,
      api,
      theme,
      signInAsGuest,
      signIn,
      checkQrSignIn,
      signOut,
      endSession,
      endedElsewhere,
      endingHere,
      setTheme,
    }),
    [
      user,
      draftOwner,
      root.locale,
      api,
      theme,
      signInAsGuest,
      signIn,
      checkQrSignIn,
      signOut,
      endSession,
      endedElsewhere,
      endingHere,
      setTheme,
    ],
  );
  return <SessionContext value={value}>{children}</SessionContext>;
}

export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession outside SessionProvider');
  return value;
}

/**
 * Says once, calmly, that the session was ended from another tab or device: the page turned signed out and the words
 * being written went (endSession forgets them on purpose), and without a word that looked like a fault.
 */
export function SessionEndedNotice() {
  const { endedElsewhere } = useSession();
  const toast = useToast();
  const intl = useIntl();
  // Once per ending: a language switched meanwhile brings a new `intl`, not news.
  const said = useRef(false);
  useEffect(() => {
    if (!endedElsewhere) said.current = false;
    else if (!said.current) {
      said.current = true;
      toast.success(intl.formatMessage({ id: 'session.ended_elsewhere' }));
    }
  }, [endedElsewhere, toast, intl]);
  return null;
}
