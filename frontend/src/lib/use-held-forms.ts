import { useEffect } from 'react';
import { APP_HYDRATED_EVENT } from './early-submits';

/**
 * Called by a form of a page rendered at build time (login, registration): once React has taken that form over, a
 * send held before (`holdEarlySubmits`) goes again, now to the form's own handler. A component's effect runs after
 * its subtree is committed, so the handler is attached by then; a root-level signal could come before a lazy route's
 * form is.
 */
export function useSendHeldForms(): void {
  useEffect(() => {
    document.dispatchEvent(new Event(APP_HYDRATED_EVENT));
  }, []);
}
