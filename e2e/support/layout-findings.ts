import type { Page } from 'playwright-core';

/**
 * What a look at a page would find wrong in its layout, measured in the page: the page scrolling
 * sideways, a button whose label wraps, a placeholder cut off, text cut by its box, something past
 * the screen's right edge. Each finding names the element; none means nothing was found.
 */
export async function layoutFindings(page: Pick<Page, 'evaluate'>): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const root = document.scrollingElement ?? document.documentElement;
    if (root.scrollWidth > root.clientWidth + 1) {
      found.push(`page scrolls sideways (${root.scrollWidth} > ${root.clientWidth})`);
    }
    const nameOf = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? `.${el.className.trim().split(/\s+/).join('.')}` : ''} "${(el.textContent ?? '').trim().slice(0, 40)}"`;
    // Hidden for the eye only (1px, clipped: .visually-hidden and the like) counts as not visible.
    const visible = (el: Element) => {
      const box = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      return box.width > 2 && box.height > 2 && style.visibility !== 'hidden' && style.clipPath === 'none';
    };
    for (const el of document.querySelectorAll('button, a.button, .button')) {
      if (!visible(el)) continue;
      const style = getComputedStyle(el);
      const lineHeight = Number.parseFloat(style.lineHeight) || Number.parseFloat(style.fontSize) * 1.5;
      const range = document.createRange();
      range.selectNodeContents(el);
      const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
      const text = range.getBoundingClientRect();
      if (lines > 1 && text.height > lineHeight * 1.5) found.push(`label wraps: ${nameOf(el)}`);
    }
    // Measured as rendered text: a canvas may pick another font for system-ui than the page does.
    const probe = document.createElement('span');
    probe.style.cssText = 'position:absolute;visibility:hidden;white-space:pre;left:-9999px';
    document.body.append(probe);
    for (const input of document.querySelectorAll<HTMLInputElement>(
      'input[placeholder], textarea[placeholder]',
    )) {
      if (!visible(input) || input.value) continue;
      const style = getComputedStyle(input);
      probe.style.font = style.font;
      probe.style.letterSpacing = style.letterSpacing;
      probe.textContent = input.placeholder;
      // A search field keeps room for its clear button even while empty.
      const clearButton = input.type === 'search' ? 20 : 0;
      const room =
        input.clientWidth -
        Number.parseFloat(style.paddingLeft) -
        Number.parseFloat(style.paddingRight) -
        clearButton;
      if (probe.getBoundingClientRect().width > room + 1)
        found.push(`placeholder cut: "${input.placeholder}"`);
    }
    probe.remove();
    // A form control's value scrolls inside it by design: only other boxes count.
    for (const el of document.querySelectorAll('body *:not(input, textarea, select)')) {
      if (!visible(el) || el.children.length > 0) continue;
      const style = getComputedStyle(el);
      if (style.overflow === 'visible' && style.textOverflow !== 'ellipsis') continue;
      if (el.scrollWidth > el.clientWidth + 1 && style.overflowX !== 'auto' && style.overflowX !== 'scroll') {
        found.push(`text cut: ${nameOf(el)}`);
      }
    }
    for (const el of document.querySelectorAll('main *, [role="dialog"] *')) {
      if (!visible(el)) continue;
      const box = el.getBoundingClientRect();
      let clipped = false;
      for (let p = el.parentElement; p; p = p.parentElement) {
        const o = getComputedStyle(p).overflowX;
        if (o !== 'visible') {
          clipped = true;
          break;
        }
      }
      if (!clipped && box.right > window.innerWidth + 1) found.push(`past the right edge: ${nameOf(el)}`);
    }
    return [...new Set(found)];
  });
}
