import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

/** How long to wait for a remote section to render an anchor target (#faqs, #contact). */
const anchorWaitMs = 5000;

/**
 * Scrolls to the top on every path change (spec). A link with a hash scrolls to its anchor instead, once the
 * remote that renders it has arrived. Query-only changes (portfolio filters) keep the scroll position.
 */
export function ScrollToTop() {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    if (!hash) {
      window.scrollTo(0, 0);
      return;
    }
    const id = decodeURIComponent(hash.slice(1));
    const scrollToAnchor = () => {
      const target = document.getElementById(id);
      if (!target) return false;
      target.scrollIntoView();
      return true;
    };
    if (scrollToAnchor()) return;
    const observer = new MutationObserver(() => {
      if (scrollToAnchor()) observer.disconnect();
    });
    observer.observe(document.body, { childList: true, subtree: true });
    const timer = window.setTimeout(() => observer.disconnect(), anchorWaitMs);
    return () => {
      observer.disconnect();
      window.clearTimeout(timer);
    };
  }, [pathname, hash]);
  return null;
}
