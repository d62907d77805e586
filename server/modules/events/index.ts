// Domain events (course_subscribed, quiz_submitted, …): written to the outbox inside the transaction
// of the change that caused them, then handed to subscribers by a job. A crash between the commit
// and the job loses nothing: a sweep picks up whatever is still unprocessed.
export { type DomainEvent, type Emitted, type EventHandler, events } from "./service";
