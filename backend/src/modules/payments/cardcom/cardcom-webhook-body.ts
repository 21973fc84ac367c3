const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface CardcomWebhookReference {
  lowProfileId: string;
  returnValue: string | null;
}

/**
 * What a Cardcom webhook may tell us: which page to ask about. The body (a `LowProfileResult`, as JSON or
 * form-encoded with the same field names) is not signed, so nothing else in it is read; the verdict comes from
 * GetLpResult. Accepts the parsed object (JSON or @fastify/formbody) or the raw text; anything else is null.
 */
export function parseCardcomWebhookBody(body: unknown): CardcomWebhookReference | null {
  const fields = fieldsOf(body);
  if (!fields) return null;
  const lowProfileId = fields.LowProfileId;
  // Only a GUID is ever sent back to Cardcom: whatever else a stranger posts stays here.
  if (typeof lowProfileId !== 'string' || !GUID.test(lowProfileId.trim())) return null;
  const returnValue = fields.ReturnValue;
  return {
    lowProfileId: lowProfileId.trim(),
    returnValue: typeof returnValue === 'string' && returnValue.length > 0 ? returnValue : null,
  };
}

function fieldsOf(body: unknown): Record<string, unknown> | null {
  if (body instanceof Uint8Array) return fieldsOf(Buffer.from(body).toString('utf8'));
  if (typeof body === 'string') {
    const text = body.trim();
    if (text.startsWith('{')) {
      try {
        return fieldsOf(JSON.parse(text));
      } catch {
        return null;
      }
    }
    return text.includes('=') ? Object.fromEntries(new URLSearchParams(text)) : null;
  }
  if (typeof body === 'object' && body !== null && !Array.isArray(body)) return body as Record<string, unknown>;
  return null;
}
