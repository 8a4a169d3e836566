import type { WebhookEventType } from '@app/contract';
import type { Queryable } from '../../db/client.ts';

/**
 * Something that happened to a user's document, told to whoever listens (webhooks, ADR 0055). A
 * feature publishes in the transaction that made it happen, so a listener's work (a delivery job)
 * exists exactly when the change does; features never import the listener, app.ts wires it.
 */
export type OutboundEvent = {
  type: WebhookEventType;
  /** The document's owner: only their own endpoints hear of it. */
  userId: string;
  /** What the event says, as sent: ids, kinds, versions; never a document's content. */
  data: Record<string, string | number>;
};

export type OutboundEventListener = (tx: Queryable, event: OutboundEvent) => Promise<void>;

export class OutboundEvents {
  private readonly listeners: OutboundEventListener[] = [];

  listen(listener: OutboundEventListener): void {
    this.listeners.push(listener);
  }

  /** Hands `event` to every listener on `tx`, the caller's transaction. */
  async publish(tx: Queryable, event: OutboundEvent): Promise<void> {
    for (const listener of this.listeners) await listener(tx, event);
  }
}
