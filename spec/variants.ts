/**
 * The §4.8 variant points and their values (the first is the default): the one table, read by the
 * catalogue, the runner and the reference. A leaf with no imports, so the CLI can load it at startup.
 */
export const VARIANT_POINTS = {
  'message-list-id': ['without', 'with'],
  'list-next': ['optional', 'required'],
  'role-payload': ['data', 'role'],
  'message-member': ['GuildMember', 'Member'],
} as const;
