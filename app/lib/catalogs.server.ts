/**
 * The server's copy of the compiled catalogs (scripts/catalogs.ts), bundled into its build: the same ASTs the
 * browser loads from /assets, so both render the same text.
 */
import load from 'virtual:kindred/catalogs-server';
import { DEFAULT_LOCALE } from '../../core/locales.ts';
import { type Messages, messagesFor, rememberMessages } from './i18n.ts';

const loading = new Map<string, Promise<Messages>>();

/** Makes a language's catalog (English for an unknown code) readable with `messagesFor`, once per process. */
export function loadServerMessages(code: string): Promise<Messages> {
  const key = code in load ? code : DEFAULT_LOCALE;
  let pending = loading.get(key);
  if (!pending) {
    pending = load[key]().then(({ default: messages }) => {
      rememberMessages(key, messages);
      return messagesFor(key);
    });
    // A failed import is tried again by the next request rather than kept.
    pending.catch(() => loading.delete(key));
    loading.set(key, pending);
  }
  return pending;
}
