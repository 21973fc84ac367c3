// The agent's three HTTP calls. Answers use the project's envelope: `{ success: true, data }` or
// `{ success: false, message (Hebrew), code }`.
import { AGENT_AUTH_SCHEME } from '@tafrit/contracts/printing';
import type {
  AgentInfo,
  AgentStatusAnswer,
  AgentTestSlipAnswer,
  PairAnswer,
  PairRequest,
} from '@tafrit/contracts/printing';

export const HTTP_TIMEOUT_MS = 20_000;
export const CREDENTIAL_INVALID_CODE = 'printer.agent_credential_invalid';

export class ServerError extends Error {
  constructor(
    message: string,
    readonly code: string | null,
    readonly status: number | null,
  ) {
    super(message);
  }
}

export const serverUrl = (server: string, path: string): string => `${server.replace(/\/+$/, '')}${path}`;

const call = async <T>({
  server,
  path,
  method,
  body,
  headers = {},
}: {
  server: string;
  path: string;
  method: 'GET' | 'POST';
  body?: unknown;
  headers?: Record<string, string>;
}): Promise<T> => {
  let response: Response;
  try {
    response = await fetch(serverUrl(server, path), {
      method,
      headers: {
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(HTTP_TIMEOUT_MS),
    });
  } catch (error) {
    const cause = (error as { cause?: { message?: string } }).cause?.message;
    throw new ServerError(
      `אין חיבור לשרת ${server} / cannot reach the server: ${cause ?? (error as Error).message}`,
      null,
      null,
    );
  }
  type Envelope = { success?: boolean; data?: T; message?: string; code?: string };
  let answer: Envelope | null = null;
  try {
    answer = (await response.json()) as Envelope;
  } catch {
    // Not JSON (a proxy's error page): reported below with the status.
  }
  if (response.ok && answer?.success === true) return answer.data as T;
  throw new ServerError(
    answer?.message ?? `השרת החזיר שגיאה ${response.status} / the server answered ${response.status}`,
    answer?.code ?? null,
    response.status,
  );
};

export const agentAuthorization = (agentId: string, agentSecret: string): Record<string, string> => ({
  authorization: `${AGENT_AUTH_SCHEME} ${agentId}:${agentSecret}`,
});

export const pairAgent = ({ server, code, agent }: { server: string; code: string; agent: AgentInfo }) =>
  call<PairAnswer>({ server, path: '/api/printer/pair', method: 'POST', body: { code, agent } satisfies PairRequest });

/** What a paired agent signs its calls with, and the server it calls. */
export interface AgentCredentials {
  server: string;
  agentId: string;
  agentSecret: string;
}

/** A call of a paired agent, signed with its credentials. */
const agentCall = <T>(
  { server, agentId, agentSecret }: AgentCredentials,
  request: { path: string; method: 'GET' | 'POST'; body?: unknown },
) => call<T>({ server, ...request, headers: agentAuthorization(agentId, agentSecret) });

export const fetchAgentStatus = (credentials: AgentCredentials) =>
  agentCall<AgentStatusAnswer>(credentials, { path: '/api/printer/agent/status', method: 'GET' });

export const fetchTestSlip = (credentials: AgentCredentials) =>
  agentCall<AgentTestSlipAnswer>(credentials, { path: '/api/printer/agent/test-slip', method: 'POST', body: {} });
