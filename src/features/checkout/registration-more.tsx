/**
 * What a registration's detail offers beside its ticket (paying, a refund, the answers): one chunk,
 * loaded after the ticket is on screen (my-registrations-screen.tsx).
 */
export { MethodNext } from './method-next.tsx';
export { MyAnswers } from './my-answers.tsx';
export { RefundSection } from './refund-section.tsx';
