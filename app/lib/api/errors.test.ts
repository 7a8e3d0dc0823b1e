/**
 * How a failed call reaches a person: the API's own JSON errors pass through as they are (code, translated message,
 * fields), and an answer that carries only its status (a proxy's 502 or 503 page, an empty 500, a plain-text 429)
 * becomes the nearest API code and a message in the page's language that says what to do, with the wait a
 * Retry-After names. Answered by a fake fetch, so each status and body is exactly what a proxy would send.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileCatalog } from '../../../scripts/catalogs.ts';
import { errorMessage } from '../../components/core/errors.ts';
import type { ApiFetch } from '../context.ts';
import { createIntl } from '../intl.tsx';
import { ApiError, createHttp, retryAfterSeconds } from './client.ts';

const catalog = (code: string) =>
  JSON.parse(readFileSync(new URL(`../../../locales/${code}.json`, import.meta.url), 'utf8')) as Record<string, string>;
const en = catalog('en');
const ar = catalog('ar');
const intls = {
  en: createIntl({ locale: 'en', messages: compileCatalog(en, 'en') }),
  ar: createIntl({ locale: 'ar', messages: compileCatalog(ar, 'ar') }),
};

/** The outcome of one GET answered with `status`, `body` and `headers`: the value, or the error's fields. */
async function answer(status: number, body: string | null, headers: Record<string, string> = {}, call: 'json' | 'empty' = 'json') {
  const fetcher: ApiFetch = async () => new Response(body, { status, headers });
  const http = createHttp(fetcher, { locale: 'en' });
  try {
    return { value: await (call === 'json' ? http.json('POST', '/api/posts', {}) : http.empty('POST', '/api/logout')) };
  } catch (err) {
    if (!(err instanceof ApiError)) return { thrown: (err as Error).name };
    return {
      status: err.status,
      code: err.code,
      fromApi: err.fromApi,
      retryAfter: err.retryAfter,
      en: errorMessage(err, intls.en),
      ar: errorMessage(err, intls.ar),
    };
  }
}

const html = (title: string) => `<!doctype html><html><head><title>${title}</title></head><body><h1>${title}</h1></body></html>`;
const asHtml = { 'content-type': 'text/html; charset=utf-8' };
const asJson = { 'content-type': 'application/json' };

describe('answers that carry only their status', () => {
  it('a gateway that found the server down or slow (502, 503, 504): unavailable, try again in a moment', async () => {
    for (const status of [502, 503, 504]) {
      expect(await answer(status, html('Service Unavailable'), asHtml), String(status)).toEqual({
        status,
        code: 'UNAVAILABLE',
        fromApi: false,
        retryAfter: null,
        en: 'The service is briefly unavailable. Please try again in a moment.',
        ar: 'الخدمة غير متاحة مؤقتًا. يُرجى المحاولة مرة أخرى بعد قليل.',
      });
    }
  });

  it('any other 5xx, with an empty body or a page: our fault, the text is kept, try again', async () => {
    for (const [status, body] of [
      [500, ''],
      [500, null],
      [501, html('Not Implemented')],
      [507, 'Insufficient Storage'],
    ] as const) {
      expect(await answer(status, body, asHtml), `${status} ${body}`).toEqual({
        status,
        code: 'SERVER_ERROR',
        fromApi: false,
        retryAfter: null,
        en: en['errors.server_fault'],
        ar: ar['errors.server_fault'],
      });
    }
    expect(en['errors.server_fault']).toBe('Something went wrong on our side. What you wrote is still here: please try again.');
  });

  it('a plain-text 429: slow down, with the wait in whole minutes when Retry-After names it', async () => {
    expect(await answer(429, 'Too Many Requests', { 'content-type': 'text/plain' })).toEqual({
      status: 429,
      code: 'RATE_LIMITED',
      fromApi: false,
      retryAfter: null,
      en: 'Too many requests in a short time. Please wait a moment, then try again.',
      ar: 'طلبات كثيرة جدًا في وقت قصير. يُرجى الانتظار قليلًا ثم المحاولة مرة أخرى.',
    });
    const waits = await Promise.all(
      ['30', '60', '61', '120', '3600'].map(async (seconds) => {
        const { retryAfter, en, ar } = await answer(429, 'Too Many Requests', { 'content-type': 'text/plain', 'retry-after': seconds });
        return [retryAfter, en, ar];
      }),
    );
    expect(waits).toEqual([
      [
        30,
        'Too many requests in a short time. Please wait 1 minute, then try again.',
        'طلبات كثيرة جدًا في وقت قصير. يُرجى الانتظار دقيقة واحدة ثم المحاولة مرة أخرى.',
      ],
      [
        60,
        'Too many requests in a short time. Please wait 1 minute, then try again.',
        'طلبات كثيرة جدًا في وقت قصير. يُرجى الانتظار دقيقة واحدة ثم المحاولة مرة أخرى.',
      ],
      [
        61,
        'Too many requests in a short time. Please wait 2 minutes, then try again.',
        'طلبات كثيرة جدًا في وقت قصير. يُرجى الانتظار دقيقتين ثم المحاولة مرة أخرى.',
      ],
      [
        120,
        'Too many requests in a short time. Please wait 2 minutes, then try again.',
        'طلبات كثيرة جدًا في وقت قصير. يُرجى الانتظار دقيقتين ثم المحاولة مرة أخرى.',
      ],
      [
        3600,
        'Too many requests in a short time. Please wait 60 minutes, then try again.',
        'طلبات كثيرة جدًا في وقت قصير. يُرجى الانتظار 60 دقيقة ثم المحاولة مرة أخرى.',
      ],
    ]);
  });

  it('a 4xx page from something in front of the server: the request failed, try again or reload', async () => {
    for (const status of [400, 401, 403, 404, 413]) {
      expect(await answer(status, html('Forbidden'), asHtml), String(status)).toEqual({
        status,
        // Never UNAUTHENTICATED: a proxy's 401 is not the end of the person's session.
        code: 'BAD_REQUEST',
        fromApi: false,
        retryAfter: null,
        en: 'Your request could not be completed. Please try again; if it keeps failing, reload the page.',
        ar: 'تعذّر إتمام طلبك. يُرجى المحاولة مرة أخرى، وإن تكرّر الخطأ فأعِد تحميل الصفحة.',
      });
    }
  });

  it('JSON that is not the API error (a CDN or proxy of its own) counts as no body', async () => {
    expect(await answer(502, JSON.stringify({ error: 'Bad Gateway' }), asJson)).toMatchObject({ code: 'UNAVAILABLE', fromApi: false });
    expect(await answer(500, JSON.stringify({ code: 'SERVER_ERROR', message: '' }), asJson)).toMatchObject({
      code: 'SERVER_ERROR',
      fromApi: false,
      en: en['errors.server_fault'],
    });
    expect(await answer(503, 'null', asJson)).toMatchObject({ code: 'UNAVAILABLE', fromApi: false });
  });
});

describe("the API's own JSON errors", () => {
  it('pass through as they are: code, the server-translated message, fields and wait', async () => {
    const cases = [
      [400, { code: 'MALFORMED_JSON', message: 'The request body is not valid JSON.' }],
      [401, { code: 'UNAUTHENTICATED', message: 'Please sign in to continue.' }],
      [422, { code: 'VALIDATION', message: 'The given data was invalid.', errors: { content: ['Too short.'] } }],
      [429, { code: 'WRITE_LIMIT', message: 'You have written a lot in a short time.', retry_at: '2026-11-26T10:00:00.000Z' }],
      [429, { code: 'RATE_LIMITED', message: 'Too many requests. Please try again later.' }],
      [503, { code: 'UNAVAILABLE', message: 'Kindred is busy.' }],
    ] as const;
    for (const [status, body] of cases) {
      const fetcher: ApiFetch = async () => new Response(JSON.stringify(body), { status, headers: { ...asJson, 'retry-after': '60' } });
      const err = await createHttp(fetcher, { locale: 'ar' })
        .json('POST', '/api/posts', {})
        .catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ApiError);
      const { code, fromApi, body: kept } = err as ApiError;
      expect([code, fromApi, kept, errorMessage(err, intls.ar)]).toEqual([body.code, true, body, body.message]);
    }
  });

  it("a fault's fixed English words (API.md) are said in the reader's language, as a fault without words is", async () => {
    const body = { code: 'SERVER_ERROR', message: 'Server Error' };
    const fetcher: ApiFetch = async () => new Response(JSON.stringify(body), { status: 500, headers: asJson });
    const err = await createHttp(fetcher, { locale: 'ar' })
      .json('POST', '/api/posts', {})
      .catch((e: unknown) => e);
    const { code, fromApi, body: kept } = err as ApiError;
    expect([code, fromApi, kept, errorMessage(err, intls.ar), errorMessage(err, intls.en)]).toEqual([
      'SERVER_ERROR',
      true,
      body,
      ar['errors.server_fault'],
      en['errors.server_fault'],
    ]);
  });
});

describe('answers that are not errors', () => {
  it('JSON is the value; 204 and an empty call are nothing; a page where JSON was due is no answer from the API', async () => {
    expect(await answer(200, JSON.stringify({ data: [1] }), asJson)).toEqual({ value: { data: [1] } });
    expect(await answer(204, null)).toEqual({ value: undefined });
    expect(await answer(200, '', {}, 'empty')).toEqual({ value: undefined });
    // A captive portal's sign-in page: said as a connection that did not reach the server.
    expect(await answer(200, html('Sign in to the Wi-Fi'), asHtml)).toEqual({ thrown: 'TypeError' });
    expect(errorMessage(new TypeError('Failed to fetch'), intls.ar)).toBe(ar['errors.network']);
  });
});

describe('Retry-After', () => {
  it('reads seconds and HTTP dates; anything else names no wait', () => {
    const now = Date.parse('2026-11-26T08:00:00Z');
    expect(
      ['120', ' 5 ', '0', 'Thu, 26 Nov 2026 08:02:30 GMT', 'Thu, 26 Nov 2026 07:59:00 GMT', 'soon', '-5', '1.5', ''].map((h) =>
        retryAfterSeconds(h, now),
      ),
    ).toEqual([120, 5, 0, 150, 0, null, null, null, null]);
    expect(retryAfterSeconds(null, now)).toBe(null);
  });
});
