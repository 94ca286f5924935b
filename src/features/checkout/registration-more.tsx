/**
 * What a registration's detail offers beside its ticket (paying, cancelling, a refund, the answers):
 * one chunk, loaded after the ticket is on screen (my-registrations-screen.tsx).
 */
export { CancelRegistration } from './cancel-registration.tsx';
export { MethodNext } from './method-next.tsx';
export { MyAnswers } from './my-answers.tsx';
export { RefundSection } from './refund-section.tsx';
