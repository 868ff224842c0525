/**
 * Server messages of the ordering app's API and its console pages (issue 12), in the three
 * languages; part of MESSAGES (messages.ts).
 */
export const APP_MESSAGES = {
  'msg.externalLinkInvalid': {
    status: 400,
    en: 'A link begins with http://, https://, mailto: or tel:',
    zh: '链接须以 http://、https://、mailto: 或 tel: 开头',
    tw: '連結須以 http://、https://、mailto: 或 tel: 開頭',
  },
} as const;
