export { InboxTab } from './inbox-tab';
export { ReplyTemplatesCard } from './templates-card';
export { UnmatchedTexts } from './unmatched-texts';
