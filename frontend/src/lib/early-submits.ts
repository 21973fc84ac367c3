/** Sent by a form of a page rendered at build time once React has taken it over (`useSendHeldForms`). */
export const APP_HYDRATED_EVENT = 'tafrit:hydrated';

type TextField = HTMLInputElement | HTMLTextAreaElement;

/**
 * What a person does on a page rendered at build time (the registration and login pages, decision 019) before the
 * app has taken it over is kept for the app:
 * - the text typed into a field: React sets a controlled field to its own (empty) state when it takes the page over,
 *   so the text is put back through the field's native setter and an `input` event, which React's handler reads;
 * - a form sent: the browser would send it itself, as a plain GET that reloads the page with the phone number in the
 *   address (and in the server's logs), and the person's "send code" would be lost. It is held, and sent again with
 *   the button that sent it once the text is back.
 */
export function holdEarlySubmits(doc: Document = document): void {
  const win = doc.defaultView ?? window;
  const typed = new Map<TextField, string>();
  let held: { form: HTMLFormElement; submitter: HTMLElement | null } | undefined;
  const remember = (event: Event) => {
    const field = event.target;
    if (field instanceof win.HTMLInputElement || field instanceof win.HTMLTextAreaElement)
      typed.set(field, field.value);
  };
  const hold = (event: Event) => {
    if (!(event.target instanceof win.HTMLFormElement)) return;
    event.preventDefault();
    held = { form: event.target, submitter: (event as SubmitEvent).submitter ?? null };
  };
  doc.addEventListener('input', remember, true);
  doc.addEventListener('submit', hold, true);
  doc.addEventListener(
    APP_HYDRATED_EVENT,
    () => {
      doc.removeEventListener('input', remember, true);
      doc.removeEventListener('submit', hold, true);
      for (const [field, value] of typed) {
        if (!field.isConnected || value === '') continue;
        // React's state of the field is empty even when the text is still on the screen, and React tells a change
        // only from what it last saw: it is shown an empty field (its own setter on the element), then the text is
        // put back past it (the prototype's setter) and announced, so its handler reads the text.
        field.value = '';
        const prototype = field instanceof win.HTMLTextAreaElement ? win.HTMLTextAreaElement : win.HTMLInputElement;
        Object.getOwnPropertyDescriptor(prototype.prototype, 'value')?.set?.call(field, value);
        field.dispatchEvent(new win.Event('input', { bubbles: true }));
      }
      if (!held?.form.isConnected) return;
      const { form, submitter } = held;
      held = undefined;
      // After React has rendered the text put back above.
      win.setTimeout(() => {
        if (form.isConnected)
          form.requestSubmit(submitter?.isConnected && isSubmitButton(submitter) ? submitter : undefined);
      }, 0);
    },
    { once: true },
  );
}

function isSubmitButton(element: HTMLElement): element is HTMLButtonElement | HTMLInputElement {
  return (element instanceof HTMLButtonElement || element instanceof HTMLInputElement) && element.type === 'submit';
}
