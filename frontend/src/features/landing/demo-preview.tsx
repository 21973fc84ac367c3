import { formatShekels } from '@tafrit/contracts/money';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { heLanding } from '@/i18n/he-landing';
import { useDemoPreview } from './api/demo-menu';

/**
 * A few dishes of the demo café, live from its menu. Until the menu answers (or when it cannot) nothing shows but
 * the link above, which always works: the preview is a bonus, never a broken box. Its height is reserved from the
 * start: it loads when scrolled into view, and growing then would shift the page under a reader (or a smooth scroll
 * to a section below it) by its whole height.
 */
export function DemoPreview() {
  const ref = useRef<HTMLDivElement>(null);
  const visible = useInView(ref);
  const { data } = useDemoPreview(visible);
  const strings = heLanding.features.experience;
  return (
    <div ref={ref} className="mt-auto min-h-56 pt-4" data-testid="demo-preview">
      {data ? (
        <figure className="rounded-xl border border-line bg-canvas p-4">
          <figcaption className="text-sm text-muted">
            {strings.previewFrom} <span className="font-bold text-ink">{data.businessName}</span>
          </figcaption>
          <ul aria-label={strings.previewLabel} className="mt-2 divide-y divide-line">
            {data.items.map((item) => (
              <li key={item.name} className="flex items-center justify-between gap-3 py-2">
                <span className="text-ink">{item.name}</span>
                <bdi dir="ltr" className="font-medium text-ink">
                  {formatShekels(item.priceAgorot)}
                </bdi>
              </li>
            ))}
          </ul>
        </figure>
      ) : null}
    </div>
  );
}

/** True once the element has been on screen; at once where IntersectionObserver is missing. */
function useInView(ref: RefObject<HTMLElement | null>): boolean {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setNear(true);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, ref]);
  return near;
}
