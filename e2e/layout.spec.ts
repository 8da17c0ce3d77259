import { expect, type Page, test } from '@playwright/test';
import { layoutFindings } from './support/layout-findings';
import { signIn } from './support/sign-in';

// Layout facts jsdom cannot see, in Chromium at the two widths the screens are designed for.

/** Columns of the board cut by its visible edges (half in view, half out). */
function cutColumns(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const board = document.querySelector('.sales-board')!.getBoundingClientRect();
    return [...document.querySelectorAll('.board-column')]
      .filter((column) => {
        const box = column.getBoundingClientRect();
        const acrossEnd = box.left < board.right - 1 && box.right > board.right + 1;
        const acrossStart = box.left < board.left - 1 && box.right > board.left + 1;
        return acrossEnd || acrossStart;
      })
      .map((column) => column.querySelector('h2')?.textContent ?? '');
  });
}

test.describe('at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the sales board shows whole columns, says it scrolls, and the last column can be reached', async ({
    page,
  }) => {
    await signIn(page, '/sales');
    const board = page.getByRole('region', { name: 'Quadro de vendas' });
    const columns = board.locator('.board-column');
    await expect(columns.first()).toBeVisible();
    expect(await cutColumns(page)).toEqual([]);

    const last = columns.last();
    await expect(last).not.toBeInViewport({ ratio: 0.9 });
    const shown = page.getByText(/^Etapas \d+ a \d+ de \d+$/);
    await expect(shown).toBeVisible();
    const previous = page.getByRole('button', { name: 'Etapa anterior' });
    const next = page.getByRole('button', { name: 'Próxima etapa' });
    await expect(previous).toHaveAttribute('aria-disabled', 'true');

    // By keyboard, a column at a time, until there is nothing more after.
    await next.focus();
    for (let step = 0; step < 12; step++) {
      if ((await next.getAttribute('aria-disabled')) === 'true') break;
      const before = await shown.textContent();
      await page.keyboard.press('Enter');
      // A column further: the count moves on, or the end is reached with the last ones in view.
      await expect
        .poll(
          async () =>
            (await shown.textContent()) !== before || (await next.getAttribute('aria-disabled')) === 'true',
        )
        .toBe(true);
    }
    await expect(next).toHaveAttribute('aria-disabled', 'true');
    await expect(next).toBeFocused();
    // Whole (fractional column widths leave a sub-pixel to rounding).
    await expect(last).toBeInViewport({ ratio: 0.99 });
    await expect.poll(() => cutColumns(page)).toEqual([]);
    await expect(previous).toHaveAttribute('aria-disabled', 'false');
  });
});

test.describe('at 390 px', () => {
  // A desktop browser at a phone's size: a phone's user agent would be sent to /download-app.
  test.use({ viewport: { width: 390, height: 844 } });

  test('the main screens fit: nothing scrolls sideways or sticks out, no label wraps or is cut', async ({
    page,
  }) => {
    await signIn(page, '/home');
    for (const path of [
      '/home',
      '/customers',
      '/customers/new',
      '/tasks',
      '/tasks/new',
      '/sales',
      '/sales/new',
      '/settings',
      '/settings/services',
      '/settings/services/new',
      '/settings/company-info',
    ]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(await layoutFindings(page), path).toEqual([]);
    }
  });
});
