export { InvitationsBanner } from './invitations-banner';
export { invitationsKey, useInvitations } from './api';
