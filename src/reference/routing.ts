/**
 * Routing of the interface (§4): POST {base}/<resource>.<action> to its operation's handler, with the
 * de-facto statuses for what has none (404 unknown operation, 405 wrong method, 501 not implemented).
 */
import type { IncomingMessage } from 'node:http';
import type { UnservedStyle } from './contract.js';
import type { FaultId } from './faults/index.js';
import { BASE_PATH, type Reply } from './http.js';
import type { Handler } from './operations/base.js';
import { HttpError } from './request.js';
import type { ToleranceId } from './tolerances/index.js';

export interface Route {
  operation: string;
  handler: Handler;
}

/**
 * The operation at `pathname`, or the reply fault unknown-operation-200 gives instead of the 404.
 * De-facto: an unknown operation is answered 404 before authentication, so this runs before it.
 */
export function routeOperation(
  request: IncomingMessage,
  pathname: string,
  handlers: Readonly<Record<string, Handler>>,
  fault: (id: FaultId) => boolean,
): Route | Reply {
  const operation = pathname.startsWith(`${BASE_PATH}/`) ? pathname.slice(BASE_PATH.length + 1) : undefined;
  const misrouted = fault('dotted-paths-not-found') && (operation?.split('.').length ?? 0) > 2;
  const handler = operation === undefined || misrouted ? undefined : handlers[operation];
  if (!handler || operation === undefined) {
    if (fault('unknown-operation-200') && !misrouted) return { status: 200, body: {} };
    throw new HttpError(
      404,
      'not-found',
      `No operation at '${pathname}'; operations are POST ${BASE_PATH}/<resource>.<action>, e.g. ${BASE_PATH}/message.create (§4).`,
    );
  }
  if (request.method !== 'POST') {
    throw new HttpError(
      405,
      'method-not-allowed',
      `${operation} takes POST (§1 rule 1), not ${request.method}.`,
    );
  }
  return { operation, handler };
}

/**
 * Tolerance: a bridge lacks what its platform lacks (and says so in login.features); the fault declares
 * an operation it does not implement. Runs after authentication, as a bridge answers.
 */
export function checkImplemented(
  operation: string,
  fault: (id: FaultId) => boolean,
  tolerate: (id: ToleranceId) => boolean,
): void {
  if (
    (tolerate('partial-platform') && partialPlatformLacks(operation)) ||
    (fault('declared-operation-501') && operation === 'friend.list')
  ) {
    throw new HttpError(501, 'not-implemented', `${operation} is not implemented by this adapter.`);
  }
}

/** What a bridge to a platform without friends, reactions, roles and guild invitations lacks (tolerance partial-platform). */
export const partialPlatformLacks = (operation: string): boolean =>
  /^(friend|reaction|guild\.role|guild\.member\.role)\./.test(operation) || operation === 'guild.approve';

/**
 * The answer of a server that does not serve `operation` (ReferenceOptions.unserved), as servers of the
 * family answer: a framework's route miss (404 text or JSON), 405, 501, 500, or 400 to any body.
 */
export function unservedReply(operation: string, style: UnservedStyle): Reply {
  switch (style) {
    case '404-text':
      return { status: 404, raw: 'Not Found' };
    case '404-json':
      return { status: 404, body: { message: `Cannot POST ${BASE_PATH}/${operation}` } };
    case '405':
      return { status: 405, body: { message: 'Method Not Allowed' } };
    case '501':
      return { status: 501, body: { message: `${operation} is not implemented` } };
    case '500':
      return { status: 500, body: { message: 'internal server error' } };
    case '400':
      return { status: 400, body: { message: 'bad request' } };
  }
}
