export { InviteForm } from './invite-form';
