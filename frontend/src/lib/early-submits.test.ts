import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { APP_HYDRATED_EVENT, holdEarlySubmits } from './early-submits';

function loginForm() {
  document.body.innerHTML = `<form id="f"><input name="phone" id="phone" /><button type="submit" id="send">שליחה</button></form>`;
  return {
    form: document.getElementById('f') as HTMLFormElement,
    phone: document.getElementById('phone') as HTMLInputElement,
    button: document.getElementById('send') as HTMLButtonElement,
  };
}

function type(field: HTMLInputElement, value: string) {
  field.value = value;
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('holdEarlySubmits', () => {
  it('holds a form sent before the app took the page over, puts back the text, then sends it with its button', () => {
    holdEarlySubmits();
    const { form, phone, button } = loginForm();
    const sent: { prevented: boolean; submitter: unknown; phone: string }[] = [];
    // Listens after the hold, as React's root listener would: sees the held event (prevented) and then the replay.
    form.addEventListener('submit', (event) => {
      sent.push({ prevented: event.defaultPrevented, submitter: event.submitter, phone: phone.value });
      event.preventDefault();
    });
    type(phone, '052-3456789');
    button.click();
    expect(sent).toEqual([{ prevented: true, submitter: button, phone: '052-3456789' }]);

    // Taking the page over, React sets the controlled field to its own state: empty.
    phone.value = '';
    const inputs = vi.fn();
    phone.addEventListener('input', inputs);
    document.dispatchEvent(new Event(APP_HYDRATED_EVENT));
    expect(phone.value).toBe('052-3456789');
    expect(inputs).toHaveBeenCalledTimes(1);
    expect(sent).toHaveLength(1);
    vi.runAllTimers();
    expect(sent[1]).toEqual({ prevented: false, submitter: button, phone: '052-3456789' });

    // Once the app is there, nothing is held any more.
    button.click();
    expect(sent[2]).toMatchObject({ prevented: false });
  });

  it('sends nothing and touches no field after the takeover when nothing was done before', () => {
    holdEarlySubmits();
    const { form, phone } = loginForm();
    const submitted = vi.fn();
    const inputs = vi.fn();
    form.addEventListener('submit', submitted);
    phone.addEventListener('input', inputs);
    document.dispatchEvent(new Event(APP_HYDRATED_EVENT));
    vi.runAllTimers();
    expect(submitted).not.toHaveBeenCalled();
    expect(inputs).not.toHaveBeenCalled();
  });
});
