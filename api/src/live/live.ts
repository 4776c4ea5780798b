import { z } from 'zod';
import { defineRoute, noErrors } from '../core/contract';

const Notice = z.strictObject({
  topic: z.string(),
  companyId: z.string().nullable(),
  tenantId: z.string().nullable(),
  ids: z.array(z.string()),
  position: z.string(),
});

/** The change feed (docs/architecture.md, "Live updates"). */
export const liveRoutes = {
  live: defineRoute({
    method: 'GET',
    url: '/api/live',
    permission: 'websocket',
    summary: 'WebSocket of change notices for the selected company',
    description:
      'Upgrades to a WebSocket; the token comes as the `token` query value (browsers cannot set headers). The socket sends `{"type":"hello"}`, then `{"type":"notices","notices":[…]}`; an invalid token closes it with code 4401, a foreign page origin is refused with 403 before the upgrade. The schema below is that of the messages.',
    query: z.object({ token: z.string().optional() }),
    response: z.discriminatedUnion('type', [
      z.strictObject({ type: z.literal('hello'), companyId: z.string() }),
      z.strictObject({ type: z.literal('notices'), notices: z.array(Notice) }),
    ]),
    errors: noErrors,
  }),
};
