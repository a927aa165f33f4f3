import member from '../../forms/messages/member.json';
import type { Messages } from './message-catalog.js';

/** The member area's messages outside the transfers: a module of its own, so only the member pages load them. */
export const MEMBER_TEXTS: Messages<'member'> = member;
