import type { TeamAnswer } from '@tafrit/contracts/http/team.schemas';
import { errorMessagesHe } from '@tafrit/contracts/messages.he';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetToasts } from '@/components/ui/toast';
import { heOwnerTeam } from '@/i18n/he-owner-team';
import { createAppRouter } from '@/router';
import { demoBusiness, failure, json, stubApi, type ApiCall } from '@/test/api-stub';

const t = heOwnerTeam;
const at = '2026-11-29T09:00:00.000Z';

const team: TeamAnswer = {
  members: [
    {
      id: 'owner',
      kind: 'owner',
      name: 'דנה כהן',
      phone: '+972523456789',
      role: 'owner',
      addedAt: at,
      lastActiveAt: at,
      pinSet: false,
      signIns: [
        {
          id: 's-1',
          current: true,
          browser: 'Chrome',
          system: 'Windows',
          signedInAt: at,
          lastUsedAt: at,
          impersonated: false,
        },
        {
          id: 's-2',
          current: false,
          browser: 'Safari',
          system: 'iOS',
          signedInAt: at,
          lastUsedAt: at,
          impersonated: false,
        },
      ],
    },
    {
      id: '11111111-1111-4111-8111-111111111111',
      kind: 'person',
      name: 'יוסי לוי',
      phone: '+972541112233',
      role: 'kitchen',
      addedAt: at,
      lastActiveAt: null,
      pinSet: true,
      signIns: [],
    },
    {
      id: '22222222-2222-4222-8222-222222222222',
      kind: 'screen',
      name: 'מטבח',
      phone: null,
      role: 'kitchen',
      addedAt: at,
      lastActiveAt: at,
      pinSet: false,
      signIns: [],
    },
  ],
  settings: { idleHours: 12 },
};

function teamServer(extra?: (call: ApiCall) => Response | undefined) {
  return stubApi((call) => {
    if (call.path === '/api/business/profile') return json({ success: true, data: { business: demoBusiness } });
    const answer = extra?.(call);
    if (answer) return answer;
    if (call.path === '/api/team' && call.method === 'GET') return json({ success: true, data: team });
    return undefined;
  });
}

function renderTeam() {
  const router = createAppRouter({ history: createMemoryHistory({ initialEntries: ['/team'] }) });
  render(<RouterProvider router={router} />);
  return router;
}

const member = (name: string) =>
  screen.getAllByTestId('team-member').find((row) => within(row).queryByRole('heading', { name }))!;

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('authToken', 'owner-token');
  localStorage.setItem('businessData', JSON.stringify(demoBusiness));
  resetToasts();
});
afterEach(() => {
  localStorage.clear();
  resetToasts();
});

describe('the team page', () => {
  it('lists the owner, a person and a screen with role, phone, activity and sign-ins', async () => {
    teamServer();
    renderTeam();
    await screen.findByRole('heading', { level: 3, name: 'יוסי לוי' });
    const owner = member('דנה כהן');
    expect(within(owner).getByText('052-3456789')).toBeTruthy();
    // The owner's own sign-in here cannot be ended from the list; the other one can.
    expect(within(owner).getAllByRole('button', { name: /ניתוק/ })).toHaveLength(1);
    const person = member('יוסי לוי');
    expect(within(person).getByTestId('team-member-role').textContent).toBe('מטבח');
    expect(within(person).getByText(t.team.never)).toBeTruthy();
    expect(within(person).getByText(t.team.pinSet)).toBeTruthy();
    expect(within(person).getByRole('button', { name: t.team.removeLabel('יוסי לוי') })).toBeTruthy();
    const screenRow = member('מטבח');
    expect(within(screenRow).getByRole('button', { name: t.team.revokeLabel('מטבח') })).toBeTruthy();
    expect(within(screenRow).queryByRole('combobox')).toBeNull();
  });

  it("shows the server's refusal of the business's own phone beside the phone, in Hebrew", async () => {
    const calls = teamServer((call) =>
      call.path === '/api/team' && call.method === 'POST' ? failure(409, 'team.own_phone', 'own phone') : undefined,
    );
    const user = userEvent.setup();
    renderTeam();
    await user.click(await screen.findByRole('button', { name: t.invite.open }));
    await user.type(screen.getByLabelText(t.invite.phone), '052-3456789');
    await user.type(screen.getByLabelText(t.invite.name), 'דנה');
    await user.click(screen.getByRole('radio', { name: new RegExp('מנהל/ת') }));
    await user.click(screen.getByRole('button', { name: t.invite.send }));

    const phone = screen.getByLabelText(t.invite.phone);
    await waitFor(() => expect(phone.getAttribute('aria-invalid')).toBe('true'));
    const describedBy = (phone.getAttribute('aria-describedby') ?? '').split(' ');
    const described = describedBy.map((id) => document.getElementById(id)?.textContent).join(' ');
    expect(described).toContain(errorMessagesHe['team.own_phone']);
    const post = calls.find((call) => call.method === 'POST' && call.path === '/api/team');
    expect(post?.body).toEqual({ phone: '+972523456789', name: 'דנה', role: 'manager' });
  });

  it('asks for a role before inviting, then invites and reads the team again', async () => {
    let invited = false;
    const calls = teamServer((call) => {
      if (call.path === '/api/team' && call.method === 'POST') {
        invited = true;
        return json({ success: true, data: { id: 'new' } });
      }
      return undefined;
    });
    const user = userEvent.setup();
    renderTeam();
    await user.click(await screen.findByRole('button', { name: t.invite.open }));
    await user.type(screen.getByLabelText(t.invite.phone), '054-7778899');
    await user.type(screen.getByLabelText(t.invite.name), 'רונית');
    await user.click(screen.getByRole('button', { name: t.invite.send }));
    expect(await screen.findByText('נא לבחור תפקיד: מנהל/ת, מטבח או הנהלת חשבונות')).toBeTruthy();
    expect(invited).toBe(false);

    await user.click(screen.getByRole('radio', { name: /הנהלת חשבונות/ }));
    await user.click(screen.getByRole('button', { name: t.invite.send }));
    expect(await screen.findByText(t.invite.sent('רונית'))).toBeTruthy();
    await waitFor(() =>
      expect(calls.filter((call) => call.path === '/api/team' && call.method === 'GET')).toHaveLength(2),
    );
  });

  it("changes a person's role, and removes them only after the confirmation", async () => {
    const calls = teamServer((call) =>
      call.method === 'PATCH' || call.method === 'DELETE' ? json({ success: true, data: {} }) : undefined,
    );
    const user = userEvent.setup();
    renderTeam();
    await screen.findByRole('heading', { level: 3, name: 'יוסי לוי' });
    await user.selectOptions(screen.getByLabelText(t.team.changeRole('יוסי לוי')), 'manager');
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'PATCH')).toMatchObject({
        path: '/api/team/11111111-1111-4111-8111-111111111111',
        body: { role: 'manager' },
      }),
    );

    await user.click(screen.getByRole('button', { name: t.team.removeLabel('יוסי לוי') }));
    const dialog = await screen.findByRole('dialog', { name: t.team.removeDialog.title('יוסי לוי') });
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: t.team.removeDialog.confirm }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'DELETE')?.path).toBe(
        '/api/team/11111111-1111-4111-8111-111111111111',
      ),
    );
  });

  it('ends another sign-in of the owner from the list', async () => {
    const calls = teamServer((call) =>
      call.method === 'DELETE' ? json({ success: true, data: { signedOut: 1 } }) : undefined,
    );
    const user = userEvent.setup();
    renderTeam();
    await screen.findByRole('heading', { level: 3, name: 'יוסי לוי' });
    await user.click(within(member('דנה כהן')).getByRole('button', { name: /ניתוק/ }));
    await waitFor(() => expect(calls.find((call) => call.method === 'DELETE')?.path).toBe('/api/auth/sessions/s-2'));
  });

  it('opens a pairing code for a kitchen screen, written XXXX-XXXX with its time', async () => {
    teamServer((call) =>
      call.path === '/api/team/pairing-codes'
        ? json({ success: true, data: { code: 'ABCD2345', expiresAt: '2026-11-29T09:10:00.000Z' } }, 201)
        : undefined,
    );
    const user = userEvent.setup();
    renderTeam();
    await user.click(await screen.findByRole('button', { name: t.pair.open }));
    expect((await screen.findByTestId('pair-screen-code')).textContent).toBe('ABCD-2345');
    expect(screen.getByText(/בתוקף עד/).textContent).toContain('11:10');
  });

  it('keeps the idle time between 1 and 72 hours', async () => {
    const calls = teamServer((call) =>
      call.path === '/api/team/settings' ? json({ success: true, data: { idleHours: 8 } }) : undefined,
    );
    const user = userEvent.setup();
    renderTeam();
    const hours = await screen.findByLabelText(t.idle.label);
    expect((hours as HTMLInputElement).value).toBe('12');
    await user.clear(hours);
    await user.type(hours, '100');
    await user.click(screen.getByRole('button', { name: t.idle.save }));
    expect(await screen.findByText('בין 1 ל־72 שעות')).toBeTruthy();
    expect(calls.some((call) => call.path === '/api/team/settings')).toBe(false);
    await user.clear(hours);
    await user.type(hours, '8');
    await user.click(screen.getByRole('button', { name: t.idle.save }));
    await waitFor(() =>
      expect(calls.find((call) => call.path === '/api/team/settings')?.body).toEqual({ idleHours: 8 }),
    );
  });
});
