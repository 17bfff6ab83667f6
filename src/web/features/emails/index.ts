// What other areas may use of the e-mail area, besides its api.
export { RecipientConsentNote, useRecipient } from './recipient-consent';
export { TransactionalField } from './transactional-field';
