/**
 * The one function screens call to record a product analytics event. It is tiny on purpose: it lives in the
 * first screen's bundle, while the client that sends events is loaded later (DESIGN §9), so events recorded
 * before it starts wait here and are handed over when it does.
 */

export type Properties = Record<string, unknown>;

export interface QueuedEvent {
  event: string;
  properties: Properties;
  /** When the event happened, not when it is sent. */
  timestamp: string;
}

type Sink = (queued: QueuedEvent) => void;

// Bounded so a page that never starts analytics (test host, no key) cannot grow without limit.
const maxQueued = 100;
const queue: QueuedEvent[] = [];
let sink: Sink | null = null;

export function track(event: string, properties?: Properties): void {
  const queued: QueuedEvent = { event, properties: { ...properties }, timestamp: new Date().toISOString() };
  if (sink) {
    sink(queued);
    return;
  }
  if (queue.length >= maxQueued) queue.shift();
  queue.push(queued);
}

/** Connects the analytics client; events queued so far are delivered first, in order. */
export function attachSink(next: Sink): void {
  sink = next;
  for (const queued of queue.splice(0)) next(queued);
}

/** Drops the client and any queued events (tests, and when analytics turns out to be off). */
export function detachSink(options: { keepQueue?: boolean } = {}): void {
  sink = null;
  if (!options.keepQueue) queue.length = 0;
}
