/**
 * Answers of the trigger for the request events (§6 guild-request, guild-member-request, friend-request),
 * which the approve operations answer with message_id = the request id (§4.3, §4.4, §4.7).
 */

/** The request id in a trigger's answer: `request_id`, or `message_id` / `id` as some triggers name it. */
export const requestIdOf = (answer: unknown): string | undefined => {
  const fields = (answer ?? {}) as Record<string, unknown>;
  for (const name of ['request_id', 'message_id', 'id']) {
    const value = fields[name];
    if (typeof value === 'string' && value.length > 0) return value;
  }
  return undefined;
};

/** The requester's user id in a trigger's answer: `user_id`, or `user.id`. */
export const requesterIdOf = (answer: unknown): string | undefined => {
  const fields = (answer ?? {}) as { user_id?: unknown; user?: { id?: unknown } };
  if (typeof fields.user_id === 'string') return fields.user_id;
  return typeof fields.user?.id === 'string' ? fields.user.id : undefined;
};
