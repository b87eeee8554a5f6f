/**
 * Scrolling that follows what matters: a log stays at its newest entry until the person scrolls up
 * (and follows again once they scroll back to the end), and a strip of tabs scrolls the current tab
 * into view.
 */
import type { Attachment } from 'svelte/attachments';

/** How close to the end (px) still counts as "at the end": a wheel notch short of it does not stop following. */
export const END_SLACK = 24;

export interface ScrollBox {
  scrollTop: number;
  scrollHeight: number;
  clientHeight: number;
}

/** True when `box` is scrolled to its end, or within `slack` of it. */
export function atEnd(box: ScrollBox, slack = END_SLACK): boolean {
  return box.scrollHeight - box.scrollTop - box.clientHeight <= slack;
}

/** Keeps the element scrolled to its end as content is added, while the person has not scrolled away from it. */
export const followEnd: Attachment<HTMLElement> = (el) => {
  let following = true;
  const onScroll = () => (following = atEnd(el));
  const follow = () => {
    if (following) el.scrollTop = el.scrollHeight;
  };
  const added = new MutationObserver(follow);
  added.observe(el, { childList: true, subtree: true, characterData: true });
  const resized = new ResizeObserver(follow);
  resized.observe(el);
  el.addEventListener('scroll', onScroll, { passive: true });
  follow();
  return () => {
    added.disconnect();
    resized.disconnect();
    el.removeEventListener('scroll', onScroll);
  };
};

export interface Span {
  left: number;
  right: number;
}

/** The `scrollLeft` that shows `item` whole inside `view` (both in the same coordinates), moving as little as it can. */
export function scrollLeftToShow(view: Span, item: Span, scrollLeft: number): number {
  if (item.left < view.left || item.right - item.left > view.right - view.left)
    return scrollLeft - (view.left - item.left);
  if (item.right > view.right) return scrollLeft + (item.right - view.right);
  return scrollLeft;
}

/** Scrolls `strip` sideways so `item` (one of its children) is in view. */
export function revealInStrip(strip: HTMLElement, item: HTMLElement): void {
  const next = scrollLeftToShow(strip.getBoundingClientRect(), item.getBoundingClientRect(), strip.scrollLeft);
  if (next !== strip.scrollLeft) strip.scrollLeft = next;
}
