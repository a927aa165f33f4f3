import admin from '../../forms/messages/admin.json';
import type { Messages } from './message-catalog.js';

/** The administrator area's messages that belong to no one field: a module of its own, so only the admin pages load them. */
export const ADMIN_TEXTS: Messages<'admin'> = admin;
