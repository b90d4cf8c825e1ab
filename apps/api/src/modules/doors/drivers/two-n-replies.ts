/**
 * The replies of 2N's HTTP API: `{"success": true, "result": …}`, or `{"success": false, "error":
 * {"code": 12, "param": "switch", "description": "invalid parameter value"}}` on failure.
 */
import { z } from 'zod';
import type { RelayReply } from './relay-request.js';
import { DriverError } from './types.js';

const twoNReplySchema = z.object({
  success: z.boolean(),
  result: z.unknown().optional(),
  error: z
    .object({ code: z.number().optional(), param: z.string().optional(), description: z.string().optional() })
    .optional(),
});

export const switchStatusResultSchema = z.object({
  switches: z.array(z.object({ switch: z.number(), active: z.boolean(), locked: z.boolean().optional() })),
});

/** The reply's `result` when the relay says it succeeded; otherwise a DriverError('protocol'). */
export function readTwoNResult(reply: RelayReply): unknown {
  const succeededOverHttp = reply.httpStatus >= 200 && reply.httpStatus < 300;
  const parsed = twoNReplySchema.safeParse(parseJson(reply.body));
  if (!parsed.success) {
    throw new DriverError(
      succeededOverHttp
        ? 'The relay’s answer is not a 2N API reply'
        : `The relay answered HTTP ${reply.httpStatus}`,
      'protocol',
    );
  }
  if (succeededOverHttp && parsed.data.success) return parsed.data.result;
  throw new DriverError(`The relay refused: ${describeTwoNError(parsed.data, reply.httpStatus)}`, 'protocol');
}

function describeTwoNError(reply: z.infer<typeof twoNReplySchema>, httpStatus: number): string {
  const { description, code, param } = reply.error ?? {};
  const parts = [
    // Device text goes into door logs and API replies, so keep it to a sensible length.
    description ? description.slice(0, 200) : `HTTP ${httpStatus}`,
    param ? `parameter ${param.slice(0, 40)}` : undefined,
    code === undefined ? undefined : `error ${code}`,
  ];
  return parts.filter(Boolean).join(', ');
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
