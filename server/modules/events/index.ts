// Domain events (course_subscribed, quiz_submitted, …): written to the outbox inside the transaction
// of the change that caused them, then handed to subscribers by a job. A crash between the commit
// and the job loses nothing: a sweep queues a new job for any event whose job pg-boss lost.
export { type DomainEvent, type Emitted, type EmittedEvent, type EventHandler, events } from "./service";
export { sweepLostEvents } from "./sweep";
