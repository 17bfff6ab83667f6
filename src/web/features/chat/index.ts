export { addMessageToCache, useUnreadMessages } from './api';
export { ChannelPanel } from './channel-panel';
