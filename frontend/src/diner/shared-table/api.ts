// The diner's calls of the shared table (issue 34): `GET /api/tables/{departmentId}/{table}?key=` and its changes,
// each answering the table's new state. No zod here (the diner's chunks carry none): the answer's shape is checked
// by hand, enough to draw it.
import type { DinerLanguage } from '@tafrit/contracts/languages';
import type { TableTabHoldAnswer } from '@tafrit/contracts/http/tables.schemas';
import type { TableDinerColour, TableSocketState, TableState } from '@tafrit/contracts/tables';
import type { LineRequest } from './table-state';

export interface TablePlace {
  departmentId: string;
  table: number;
  key: string;
}

/** The table's code is not valid (404): unknown table, wrong secret, or shared tables turned off. */
export class TableNotFound extends Error {
  override readonly name = 'TableNotFound';
}

/** The server refused a change (4xx, 5xx), with its message for people when it gave one. */
export class TableRefused extends Error {
  override readonly name = 'TableRefused';
  constructor(
    readonly status: number,
    readonly code: string | undefined,
    message: string,
  ) {
    super(message);
  }
}

const base = ({ departmentId, table }: TablePlace) => `/api/tables/${encodeURIComponent(departmentId)}/${table}`;
const withKey = (path: string, { key }: TablePlace) => `${path}?key=${encodeURIComponent(key)}`;

/** The table's state as the socket sends it to everyone at the table (no `you`), checked enough to draw it. */
export function isPushedState(value: unknown): value is TableSocketState {
  if (typeof value !== 'object' || value === null) return false;
  const state = value as Partial<TableSocketState>;
  return (
    typeof state.number === 'number' &&
    typeof state.cart?.cartId === 'string' &&
    typeof state.cart.version === 'number' &&
    Array.isArray(state.cart.lines) &&
    Array.isArray(state.cart.diners) &&
    Array.isArray(state.payments)
  );
}

/** An answer to the reader's own request: the table's state with the reader (`you`). */
function isTableState(value: unknown): value is TableState {
  return isPushedState(value) && typeof (value as Partial<TableState>).you?.dinerId === 'string';
}

const NETWORK_RETRIES = [400, 1200, 3000];
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Envelope = { success?: boolean; data?: unknown; message?: string; code?: string } | null;

/** One request, retried only when no answer came at all (the same body: the server does it once). */
async function answerOf(method: string, path: string, body?: unknown, signal?: AbortSignal) {
  for (let attempt = 0; ; attempt += 1) {
    try {
      const response = await fetch(path, {
        method,
        headers: { Accept: 'application/json', ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        credentials: 'same-origin',
        ...(signal ? { signal } : {}),
      });
      return { response, answer: (await response.json().catch(() => null)) as Envelope };
    } catch (error) {
      if (signal?.aborted || attempt >= NETWORK_RETRIES.length) throw error;
      await wait(NETWORK_RETRIES[attempt]!);
    }
  }
}

/**
 * One call, its answer's `data` as the table's state. A network failure (no answer at all) is retried with the same
 * body, so an added line keeps its id and the server adds it once; an answer of the server is never retried.
 */
async function call(method: string, path: string, body?: unknown, signal?: AbortSignal): Promise<TableState> {
  const { response, answer } = await answerOf(method, path, body, signal);
  // A line that is gone (removed twice) is a refusal of that change; any other 404 is the table's code.
  if (response.status === 404 && answer?.code !== 'table.line_not_found')
    throw new TableNotFound(answer?.message ?? '');
  if (!response.ok || !answer?.success || !isTableState(answer.data)) {
    throw new TableRefused(response.status, answer?.code, answer?.message ?? '');
  }
  return answer.data;
}

export const getTableState = (place: TablePlace, signal?: AbortSignal) =>
  call('GET', withKey(base(place), place), undefined, signal);

export const saveMe = (place: TablePlace, me: { name: string; colour: TableDinerColour }) =>
  call('PUT', withKey(`${base(place)}/me`, place), me);

export const saveNotes = (place: TablePlace, notes: string | null) =>
  call('PUT', withKey(`${base(place)}/notes`, place), { notes });

export function sendLineRequest(place: TablePlace, request: LineRequest): Promise<TableState> {
  const lines = `${base(place)}/lines`;
  if (request.kind === 'add') {
    const { kind: _kind, ...body } = request;
    return call('POST', withKey(lines, place), body);
  }
  const path = withKey(`${lines}/${encodeURIComponent(request.lineId)}`, place);
  if (request.kind === 'remove') return call('DELETE', path);
  return call('PATCH', path, {
    quantity: request.quantity,
    ...(request.options ? { options: request.options } : {}),
  });
}

/** Pay at the end (part 3): send the lines not sent yet as the next round, of the cart as the phone showed it. */
export const sendRound = (place: TablePlace, version: number) =>
  call('POST', withKey(`${base(place)}/rounds`, place), { version });

/** The holder's charge of the held card for what is left. */
export const chargeTab = (place: TablePlace) => call('POST', withKey(`${base(place)}/tab/charge`, place), {});

/** The card hold's page (`TableTabHoldAnswer`), in the diner's language: its address, to frame. */
export async function openHold(place: TablePlace, language: DinerLanguage): Promise<string> {
  const { response, answer } = await answerOf('POST', withKey(`${base(place)}/tab`, place), { language });
  if (response.status === 404) throw new TableNotFound(answer?.message ?? '');
  const data = answer?.data as Partial<TableTabHoldAnswer> | undefined;
  if (!response.ok || !answer?.success || typeof data?.paymentUrl !== 'string') {
    throw new TableRefused(response.status, answer?.code, answer?.message ?? '');
  }
  return data.paymentUrl;
}
