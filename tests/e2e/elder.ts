/** Measures for 长辈模式 (tests/e2e/elder-mode.spec.ts): small targets, sideways scroll, text sizes. */
import type { Page } from '@playwright/test';

export interface SmallTarget {
  what: string;
  width: number;
  height: number;
}

/**
 * Every visible control a finger or a pointer aims at, measured as the box one can hit: a native
 * checkbox by its label, an input inside antd's frame by the frame. A control inside a larger
 * control (an icon in a card link) counts as the larger one; a link inside running text is exempt
 * (WCAG 2.5.8's inline exception).
 */
export async function smallTargets(page: Page, min = 44): Promise<SmallTarget[]> {
  return page.evaluate((min) => {
    const SEL = 'a[href], button, input:not([type=hidden]), select, textarea, [role=button], [role=tab], [role=link], [role=checkbox], [role=radio], [role=switch], [role=menuitem], [role=option], .ant-pagination-item, [tabindex]:not([tabindex="-1"])';
    const FRAME = '.ant-tabs-tab, .ant-select, .ant-picker, .ant-input-affix-wrapper, .ant-input-number, .ant-checkbox-wrapper, .ant-radio-wrapper, .ant-radio-button-wrapper, .ant-switch, .ant-upload, .ant-input-search, label';
    const seen = new Set<Element>();
    const out: { what: string; width: number; height: number }[] = [];
    const visible = (el: Element) => {
      const r = el.getBoundingClientRect();
      if (r.width <= 2 || r.height <= 2) return false;
      if (el.closest('[aria-hidden="true"], [inert]')) return false;
      const cs = getComputedStyle(el);
      return cs.visibility !== 'hidden' && cs.display !== 'none' && Number(cs.opacity) > 0.05;
    };
    const inlineInText = (el: Element) => {
      const p = el.parentElement;
      if (!p || getComputedStyle(el).display !== 'inline') return false;
      return [...p.childNodes].some((n) => n !== el && n.nodeType === 3 && (n.textContent ?? '').trim().length > 1);
    };
    for (const el of document.querySelectorAll(SEL)) {
      let target: Element = el.closest(FRAME) ?? el;
      // a native checkbox or radio is hidden by antd: its label is the target
      if ((el as HTMLInputElement).type === 'checkbox' || (el as HTMLInputElement).type === 'radio') target = el.closest('label') ?? target;
      if (!visible(target) && !(el !== target && visible(el))) continue;
      if (inlineInText(el)) continue;
      // inside a larger control: the larger one is aimed at
      const outer = target.parentElement?.closest(SEL + ', ' + FRAME);
      if (outer && visible(outer)) {
        const r = outer.getBoundingClientRect();
        if (r.width >= min - 0.5 && r.height >= min - 0.5) continue;
      }
      if (seen.has(target)) continue;
      seen.add(target);
      const r = target.getBoundingClientRect();
      if (r.width < min - 0.5 || r.height < min - 0.5) {
        const label = (target.getAttribute('aria-label') || (target as HTMLElement).innerText || target.getAttribute('title') || '').trim().slice(0, 20);
        const cls = (target.getAttribute('class') || '').split(/\s+/).filter(Boolean).slice(0, 2).join('.');
        out.push({ what: `${target.tagName.toLowerCase()}${cls ? '.' + cls : ''} 「${label}」`, width: Math.round(r.width), height: Math.round(r.height) });
      }
    }
    return out;
  }, min);
}

/** How far the page scrolls sideways (0 when it does not). */
export const sidewaysScroll = (page: Page) => page.evaluate(() => Math.max(0, document.documentElement.scrollWidth - document.documentElement.clientWidth));

/** The computed font size (px) of the first element matching each selector, null where absent. */
export const fontSizes = (page: Page, selectors: string[]) =>
  page.evaluate((sels) => sels.map((s) => {
    const el = document.querySelector(s);
    return el ? parseFloat(getComputedStyle(el).fontSize) : null;
  }), selectors);
