import { expect, test } from './fixtures';

// A busy browser paints a page before it has read all of it: the header with its first links, the
// filters without their last field. Whatever arrives next must not move what is already on screen,
// or the page shifts under the shopper's eyes (issue 29: Lighthouse's 0.001 on /productos at desktop
// width was the header's links moving left when the cart link arrived). The test cuts the page as
// the parser would, one node at a time from the end, and checks that every element left keeps its
// horizontal place (a shift is a change of an element's start, not of its size). A line that grows
// taller as its second half arrives may still re-centre what is beside it: not checked here.

/**
 * For each container, the elements that moved when a node after them was removed, as
 * 'moved element ← removed node'. Empty when the container is stable however it is cut.
 */
function movedWhenCut(selectors: string[]): string[] {
  const name = (node: Node) => {
    const text = node.textContent?.trim().slice(0, 20);
    if (!(node instanceof Element)) return `"${text}"`;
    const className = node.getAttribute('class')?.split(' ')[0];
    return `${node.tagName.toLowerCase()}${className ? `.${className}` : ''}${text ? ` "${text}"` : ''}`;
  };
  const moved: string[] = [];
  for (const selector of selectors) {
    const container = document.querySelector(selector);
    if (!container) {
      moved.push(`no se encontró ${selector}`);
      continue;
    }
    const nodes: Node[] = [];
    const walker = document.createTreeWalker(
      container,
      NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT,
    );
    while (walker.nextNode()) nodes.push(walker.currentNode);
    const start = (element: Element) => {
      const box = element.getBoundingClientRect();
      return box.width === 0 && box.height === 0 ? null : Math.round(box.x);
    };
    const elements = nodes.filter((node): node is Element => node instanceof Element);
    const before = new Map(elements.map((element) => [element, start(element)]));
    for (let i = nodes.length - 1; i > 0; i--) {
      const removed = nodes[i]!;
      const label = name(removed);
      removed.parentNode?.removeChild(removed);
      for (const element of elements) {
        if (!element.isConnected) continue;
        const was = before.get(element);
        const now = start(element);
        if (was && now && was !== now) {
          moved.push(`${name(element)} ${was} → ${now} ← ${label}`);
          before.set(element, now);
        }
      }
    }
  }
  return moved;
}

test('lo que ya se pintó de /productos no se mueve cuando llega el resto', async ({
  page,
  isMobile,
}) => {
  const widths = isMobile ? [390] : [1024, 1280, 1350, 1440];
  for (const width of widths) {
    if (!isMobile) await page.setViewportSize({ width, height: 900 });
    await page.goto('/productos');
    await expect(page.getByRole('article').first()).toBeVisible();
    const moved = await page.evaluate(movedWhenCut, ['.site-header__bar', 'form.catalog-filters']);
    expect(moved, `a ${width} px`).toEqual([]);
  }
});
