/**
 * The vocabulary an operation is written in (its group, fields, response shape, required resources): a leaf,
 * so spec/operation-inputs.ts (the operations as written) and spec/catalogue.ts (what it derives) both
 * import it and not each other.
 */
import type { VARIANT_POINTS } from './variants.js';

export type OperationGroup =
  | 'messages'
  | 'channels'
  | 'guilds'
  | 'members'
  | 'roles'
  | 'reactions'
  | 'friends';

/** Schema files that are resources (§2, plus the de-facto Login and the list envelopes). */
export type ResourceName =
  | 'Message'
  | 'Channel'
  | 'ChannelType'
  | 'Guild'
  | 'GuildMember'
  | 'Member'
  | 'GuildRole'
  | 'Friend'
  | 'User'
  | 'Emoji'
  | 'Direction'
  | 'Order'
  | 'Login'
  | 'List'
  | 'BidiList'
  | 'EventEnvelope';

/** A "Required resource" (§1 rule 4) as it appears on a result or event body. */
export type ResourceKey = 'channel' | 'guild' | 'user' | 'member' | 'message' | 'role' | 'emoji';

export type VariantPointName = keyof typeof VARIANT_POINTS;

export type FieldType = 'string' | 'number' | 'boolean' | 'Channel' | 'GuildRole' | 'Direction' | 'Order';

/** How a field changes with a §4.8 variant: per value, renamed, re-required, or absent. */
export interface FieldVariant {
  point: VariantPointName;
  values: Readonly<Record<string, { name?: string; required?: boolean } | 'absent'>>;
}

export interface Field {
  name: string;
  type: FieldType;
  required: boolean;
  description: string;
  variant?: FieldVariant;
}

export type ResponseShape =
  /** One object. */
  | { kind: 'resource'; resource: ResourceName }
  /** A JSON array of objects. */
  | { kind: 'array'; resource: ResourceName }
  /** A paginated list {data, next?}. */
  | { kind: 'list'; resource: ResourceName }
  /** A bidirectional paginated list {data, prev?, next?}. */
  | { kind: 'bidi'; resource: ResourceName };
