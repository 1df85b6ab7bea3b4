/**
 * The run's quiet channel (holds.ts 'quiet-channel'): created at the first need, in the sandbox guild,
 * tracked for deletion at cleanup; not ready when channel.create does not give one (the checks that need
 * it then run alone in the sandbox channel).
 */
import { tr } from '../i18n/index.js';
import type { CheckDefinition } from './check.js';
import type { CheckEnvironment } from './context/environment.js';
import { createdIdOf } from './intents.js';

/** Who created the quiet channel, in the ledger and the cleanup report. */
export const QUIET_CHANNEL_OWNER = 'run';

/** Whether a check needs the quiet channel (the after phase reads events, never a channel). */
export const needsQuietChannel = (check: CheckDefinition): boolean =>
  check.phase !== 'after' &&
  (check.holds?.includes('quiet-channel') === true || check.shares?.includes('quiet-channel') === true);

export class QuietChannel {
  channelId?: string;
  #ready?: Promise<boolean>;
  constructor(private readonly env: CheckEnvironment) {}

  ready(): Promise<boolean> {
    this.#ready ??= this.#create();
    return this.#ready;
  }

  async #create(): Promise<boolean> {
    const { client, sandbox, ledger, config } = this.env;
    // Not offered by the login (login.features): not called; the readers run alone in the sandbox channel.
    if (config.features && !config.features.has('channel.create')) return false;
    const name = `conformance-quiet-${Date.now().toString(36)}`;
    const fields = { guild_id: sandbox.guildId, data: { name, type: 0 } };
    // In the ledger's journal from now on: a run killed before the answer leaves it findable by its name.
    const intent = ledger.intend(QUIET_CHANNEL_OWNER, 'channel.create', fields);
    try {
      const { result } = await client.call('channel.create', fields);
      ledger.answered(intent, result.status, createdIdOf(result.body));
      const id = result.ok ? (result.body as { id?: unknown } | null)?.id : undefined;
      if (typeof id !== 'string') return false;
      ledger.add(
        {
          kind: 'channel',
          label: tr`quiet channel ${id} (${name}) in guild ${sandbox.guildId}`,
          undo: ['channel.delete', { channel_id: id }],
        },
        QUIET_CHANNEL_OWNER,
      );
      this.channelId = id;
      return true;
    } catch (error) {
      ledger.answered(intent, undefined, undefined, (error as Error).message);
      return false;
    }
  }
}
