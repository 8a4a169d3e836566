import type { WebhookEventType } from '@app/contract';
import type { Queryable } from '../../db/client.ts';

/**
 * Something that happened to a business's document, told to whoever listens (webhooks, ADR 0055). A
 * feature publishes in the transaction that made it happen, so a listener's work (a delivery job)
 * exists exactly when the change does; features never import the listener, app.ts wires it. Only
 * the document's business hears of it (ADR 0077), named by its id or, where the record does not
 * carry its business yet (certificates, SWMS), by its maker, a member of it.
 */
export type OutboundEvent = {
  type: WebhookEventType;
  /** What the event says, as sent: ids, kinds, versions; never a document's content. */
  data: Record<string, string | number>;
} & ({ businessId: string } | { userId: string });

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
