export { InvitationsBanner } from './invitations-banner';
export { invitationsKey } from './api';
