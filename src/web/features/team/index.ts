export { InviteForm } from './invite-form';
export { GiveTo, SelectionBar, useReassign } from './give-to';
