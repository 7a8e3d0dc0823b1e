/**
 * The keyboard focus ring is whole on a phone, left to right and right to left, in the lists that scroll sideways
 * (the header's navigation on every screen, the profile's tabs, the search result types): a scrolling box clips what
 * reaches past it, so a ring drawn outside the link showed as one thin line, or nothing, above, below and at the ends.
 */
import { expect, type Locator, type Page, test } from '@playwright/test';
import { at } from './pages.ts';
import { overflow, person } from './people.ts';

/** Whether the ring of the focused element lies inside its scrolling ancestor's visible box (and the viewport). */
function ringInside(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement;
    const style = getComputedStyle(el);
    if (style.outlineStyle === 'none') return `${el.textContent}: no ring`;
    const reach = Number.parseFloat(style.outlineOffset) + Number.parseFloat(style.outlineWidth);
    const r = el.getBoundingClientRect();
    const ring = { left: r.left - reach, right: r.right + reach, top: r.top - reach, bottom: r.bottom + reach };
    let box = { left: 0, top: 0, right: document.documentElement.clientWidth, bottom: window.innerHeight };
    for (let p = el.parentElement; p; p = p.parentElement) {
      if (getComputedStyle(p).overflowX === 'visible') continue;
      const b = p.getBoundingClientRect();
      box = {
        left: Math.max(box.left, b.left),
        top: Math.max(box.top, b.top),
        right: Math.min(box.right, b.right),
        bottom: Math.min(box.bottom, b.bottom),
      };
    }
    // Half a pixel for where a scroll leaves a link at a fraction of a pixel.
    const inside =
      ring.left >= box.left - 0.5 && ring.right <= box.right + 0.5 && ring.top >= box.top - 0.5 && ring.bottom <= box.bottom + 0.5;
    return inside ? 'inside' : `${el.textContent}: ring ${JSON.stringify(ring)} outside ${JSON.stringify(box)}`;
  });
}

/** Tabs through `items` from the first to the last, checking each one's ring once the list has scrolled to it. */
async function tabThrough(page: Page, items: Locator, key: 'Tab' | 'ArrowRight' | 'ArrowLeft') {
  const n = await items.count();
  expect(n).toBeGreaterThan(3);
  await items.first().focus();
  for (let i = 0; i < n; i++) {
    if (i > 0) await page.keyboard.press(key);
    await expect(items.nth(i)).toBeFocused();
    await expect.poll(() => ringInside(page)).toBe('inside');
  }
}

for (const lang of ['en', 'ar']) {
  test(`the focus ring is whole on every link of the header, the profile tabs and the search types at 390 px (${lang})`, async ({
    browser,
  }) => {
    const me = await person(browser, { viewport: { width: 390, height: 844 } });
    await me.page.goto(at(lang, '/'));
    await me.page.waitForLoadState('networkidle');
    await tabThrough(me.page, me.page.locator('header nav a'), 'Tab');

    await me.page.goto(at(lang, '/profile'));
    await me.page.waitForLoadState('networkidle');
    // One tab stop for the tab list; the arrow keys move along it (towards the end in the reading direction).
    await tabThrough(me.page, me.page.getByRole('tab'), lang === 'ar' ? 'ArrowLeft' : 'ArrowRight');

    await me.page.goto(at(lang, '/search?q=calm'));
    await me.page.waitForLoadState('networkidle');
    await tabThrough(me.page, me.page.locator('main nav a'), 'Tab');
    expect(await overflow(me.page)).toBeNull();
    expect(me.errors).toEqual([]);
    await me.close();
  });
}
